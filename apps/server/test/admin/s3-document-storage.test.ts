/**
 * The S3-compatible document storage against a real local S3 server (s3rver): the storage itself, and
 * the whole upload → operator read path with DOCUMENTS_S3_* configured (no bytes left in the database).
 */
import { schema } from '@jala/db';
import { createDriver, createUser } from '@jala/test-factories/database';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';

import { S3DocumentStorage } from '../../src/lib/document-storage';
import { login } from '../support/actors';
import { api } from '../support/http';
import { useS3Bucket } from '../support/s3-bucket';
import { useTestApp } from '../support/use-test-app';
import { b64, png } from './document-images';

describe('driver documents in an S3-compatible bucket', () => {
  const bucket = useS3Bucket();
  const t = useTestApp('pglite', () => ({ config: { documentsS3: bucket() } }));

  it('puts, gets and deletes objects under random keys', async () => {
    const storage = new S3DocumentStorage(bucket());
    const key = await storage.put(Buffer.from('hola'), 'image/jpeg');
    expect(key).toMatch(/^driver-documents\/[0-9a-f-]{36}$/);
    expect((await storage.get(key))?.toString()).toBe('hola');
    await storage.delete(key);
    expect(await storage.get(key)).toBeNull();
  });

  it('stores an uploaded document in the bucket, readable by its driver and an operator only', async () => {
    const db = t.app.database.db;
    const { user } = await createDriver(db, { profile: { verificationStatus: 'pending_verification' } });
    const token = (await login(t.baseUrl, user.email)).token;
    const operator = (await login(t.baseUrl, (await createUser(db, { isAdmin: true })).email)).token;
    const uploaded = await api<{ id: number }>(t.baseUrl, 'PUT', '/driver/documents/license_front', {
      token,
      body: { image_base64: b64(await png(300, 200)) },
    });
    expect(uploaded.status).toBe(200);
    const [row] = await db.select().from(schema.driverDocuments);
    expect(row).toMatchObject({ storage: 's3' });
    expect(await db.select().from(schema.driverDocumentBlobs)).toEqual([]);

    const own = await api<{ data_base64: string }>(
      t.baseUrl,
      'GET',
      `/driver/documents/${uploaded.body.data.id}/file`,
      { token },
    );
    const byOperator = await api<{ data_base64: string }>(
      t.baseUrl,
      'GET',
      `/admin/drivers/${user.id}/documents/${uploaded.body.data.id}/file`,
      { token: operator },
    );
    expect(byOperator.body.data.data_base64).toBe(own.body.data.data_base64);
    expect(await sharp(Buffer.from(own.body.data.data_base64, 'base64')).metadata()).toMatchObject({
      format: 'jpeg',
      width: 300,
      height: 200,
    });

    // Replacing the document removes the old object from the bucket.
    await api(t.baseUrl, 'PUT', '/driver/documents/license_front', {
      token,
      body: { image_base64: b64(await png(100, 100)) },
    });
    expect(await new S3DocumentStorage(bucket()).get(row!.storageKey)).toBeNull();
  });
});
