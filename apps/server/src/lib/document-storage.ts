/**
 * Where private uploaded files (driver documents) live. Every node of a cluster must read what any node
 * wrote, so the default is the database itself (a bytea table: PGlite and PostgreSQL alike, no extra
 * service); an S3-compatible bucket is used when DOCUMENTS_S3_BUCKET is configured. Keys are random
 * UUIDs and files are only ever served through authenticated API routes, never by a public URL.
 */
import { randomUUID } from 'node:crypto';

import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { type Database, eq, schema } from '@jala/db';

export interface DocumentStorage {
  readonly kind: 'database' | 's3';
  /** Stores the bytes under a new unguessable key and returns it. */
  put(bytes: Buffer, contentType: string): Promise<string>;
  /** The bytes stored under `key`, or null when absent. */
  get(key: string): Promise<Buffer | null>;
  delete(key: string): Promise<void>;
}

export class DatabaseDocumentStorage implements DocumentStorage {
  readonly kind = 'database' as const;
  constructor(private readonly db: Database) {}

  async put(bytes: Buffer): Promise<string> {
    const key = randomUUID();
    await this.db.insert(schema.driverDocumentBlobs).values({ storageKey: key, bytes });
    return key;
  }

  async get(key: string): Promise<Buffer | null> {
    const [row] = await this.db
      .select({ bytes: schema.driverDocumentBlobs.bytes })
      .from(schema.driverDocumentBlobs)
      .where(eq(schema.driverDocumentBlobs.storageKey, key));
    return row?.bytes ?? null;
  }

  async delete(key: string): Promise<void> {
    await this.db.delete(schema.driverDocumentBlobs).where(eq(schema.driverDocumentBlobs.storageKey, key));
  }
}

export interface S3StorageConfig {
  bucket: string;
  region: string;
  /** Custom endpoint for S3-compatible services (MinIO, R2, s3rver in tests); unset = AWS. */
  endpoint: string | undefined;
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
  /** Path-style addressing (http://host/bucket/key), which most S3-compatible servers need. */
  forcePathStyle: boolean;
  /** Key prefix inside the bucket. */
  prefix: string;
}

export class S3DocumentStorage implements DocumentStorage {
  readonly kind = 's3' as const;
  private readonly client: S3Client;

  constructor(private readonly config: S3StorageConfig) {
    this.client = new S3Client({
      region: config.region,
      endpoint: config.endpoint,
      forcePathStyle: config.forcePathStyle,
      credentials:
        config.accessKeyId && config.secretAccessKey
          ? { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey }
          : undefined,
    });
  }

  async put(bytes: Buffer, contentType: string): Promise<string> {
    const key = `${this.config.prefix}${randomUUID()}`;
    await this.client.send(
      new PutObjectCommand({ Bucket: this.config.bucket, Key: key, Body: bytes, ContentType: contentType }),
    );
    return key;
  }

  async get(key: string): Promise<Buffer | null> {
    try {
      const answer = await this.client.send(new GetObjectCommand({ Bucket: this.config.bucket, Key: key }));
      if (!answer.Body) return null;
      return Buffer.from(await answer.Body.transformToByteArray());
    } catch (error) {
      if ((error as { name?: string }).name === 'NoSuchKey') return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.config.bucket, Key: key }));
  }
}

export function createDocumentStorage(db: Database, s3: S3StorageConfig | undefined): DocumentStorage {
  return s3 ? new S3DocumentStorage(s3) : new DatabaseDocumentStorage(db);
}
