import S3rver from 's3rver';
import { afterAll, beforeAll } from 'vitest';

import type { S3StorageConfig } from '../../src/lib/document-storage';
import { scratchDir } from './scratch-dir';

const BUCKET = 'jala-documentos';

/**
 * Inside a describe: a real local S3 server (s3rver) with the documents bucket, started in a beforeAll and
 * closed after the block, its files in a scratch folder. The answer reads the storage configuration for the
 * running server, so call it inside tests and hooks (e.g. a useTestApp start callback registered after it:
 * hooks after a block run last-registered first, so the app stops, then the bucket, then the folder goes).
 */
export function useS3Bucket(): () => S3StorageConfig {
  const directory = scratchDir('jala-s3-');
  let server: S3rver | undefined;
  let config: S3StorageConfig | undefined;
  beforeAll(async () => {
    server = new S3rver({
      address: '127.0.0.1',
      port: 0,
      silent: true,
      directory,
      configureBuckets: [{ name: BUCKET }],
    });
    const { port } = await server.run();
    config = {
      bucket: BUCKET,
      region: 'us-east-1',
      endpoint: `http://127.0.0.1:${port}`,
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      forcePathStyle: true,
      prefix: 'driver-documents/',
    };
  });
  afterAll(async () => {
    await server?.close();
  });
  return () => {
    if (!config) throw new Error('the S3 bucket is not running');
    return config;
  };
}
