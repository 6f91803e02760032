/**
 * A driver who deletes their account with DOCUMENTS_S3_* configured: the documents' objects leave the bucket
 * (a real local S3 server, s3rver), not only their rows.
 */
import { eq, schema } from '@jala/db';
import { createDriver, FACTORY_PASSWORD } from '@jala/test-factories/database';
import { describe, expect, it } from 'vitest';

import { S3DocumentStorage } from '../../src/lib/document-storage';
import { b64, png } from '../admin/document-images';
import { login } from '../support/actors';
import { api } from '../support/http';
import { useS3Bucket } from '../support/s3-bucket';
import { useTestApp } from '../support/use-test-app';

describe('account deletion with documents in an S3-compatible bucket', () => {
  const bucket = useS3Bucket();
  const t = useTestApp('pglite', () => ({ config: { documentsS3: bucket() } }));

  it("removes the driver's objects from the bucket", async () => {
    const db = t.app.database.db;
    const { user } = await createDriver(db, { profile: { verificationStatus: 'pending_verification' } });
    const { token } = await login(t.baseUrl, user.email);
    for (const kind of ['license_front', 'license_back'])
      expect(
        (await api(t.baseUrl, 'PUT', `/driver/documents/${kind}`, { token, body: { image_base64: b64(await png()) } }))
          .status,
      ).toBe(200);
    const rows = await db.select().from(schema.driverDocuments).where(eq(schema.driverDocuments.driverId, user.id));
    expect(rows.map((row) => row.storage)).toEqual(['s3', 's3']);
    const storage = new S3DocumentStorage(bucket());
    for (const row of rows) expect(await storage.get(row.storageKey)).not.toBeNull();

    expect((await api(t.baseUrl, 'DELETE', '/account', { token, body: { password: FACTORY_PASSWORD } })).status).toBe(
      200,
    );
    for (const row of rows) expect(await storage.get(row.storageKey)).toBeNull();
    expect(await db.select().from(schema.driverDocuments).where(eq(schema.driverDocuments.driverId, user.id))).toEqual(
      [],
    );
  });
});
