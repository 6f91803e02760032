/**
 * Driver documents end to end over HTTP: upload validation (real type from the bytes, size, metadata
 * stripped, upright), privacy across drivers, the verification queue (oldest first), approve → the driver
 * is matched with a request, reject with a reason → the driver reads it and uploads again, and expiry.
 */
import { DOCUMENT_KINDS, type DriverDocumentsState, type QueuedDriver, topics } from '@jala/contracts';
import { eq, schema } from '@jala/db';
import { limaDateKey } from '@jala/domain';
import { createDriver, createUser } from '@jala/test-factories/database';
import sharp from 'sharp';
import { expect } from 'vitest';

import { login, passenger, requestTrip } from '../support/actors';
import { describeOnBackends } from '../support/backends';
import { api } from '../support/http';
import { pushedDuring } from '../support/mqtt';
import { b64, phoneJpeg, png, webp } from './document-images';

const FUTURE = '2030-06-30';

describeOnBackends('driver documents and the verification queue on %s', ({ t, maybe, whenStarted }) => {
  let operator = '';
  whenStarted(async () => {
    operator = (
      await login(
        t.baseUrl,
        (await createUser(t.app.database.db, { isAdmin: true, firstName: 'Olga', lastName: 'Operadora' })).email,
      )
    ).token;
  });

  /** A new driver, online with a car near Parque Kennedy, waiting for verification. */
  const pendingDriver = async () => {
    const { user } = await createDriver(t.app.database.db, { profile: { verificationStatus: 'pending_verification' } });
    return { id: user.id, token: (await login(t.baseUrl, user.email)).token };
  };
  const uploadAll = async (token: string) => {
    const image = b64(await png());
    for (const kind of DOCUMENT_KINDS) {
      const res = await api(t.baseUrl, 'PUT', `/driver/documents/${kind}`, { token, body: { image_base64: image } });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
  };
  const state = async (token: string) =>
    (await api<DriverDocumentsState>(t.baseUrl, 'GET', '/driver/documents', { token })).body.data;
  const queueIds = async () =>
    (await api<QueuedDriver[]>(t.baseUrl, 'GET', '/admin/verification-queue', { token: operator })).body.data.map(
      (d) => d.id,
    );
  const nearbyStatus = async (token: string) =>
    await api(t.baseUrl, 'GET', '/driver/trip-requests?latitude=-12.1211&longitude=-77.0297', { token });

  maybe('stores a phone photo upright, resized and without EXIF/GPS; PNG and WebP become JPEG too', async () => {
    const driver = await pendingDriver();
    const res = await api<{ id: number; width: number; height: number; content_type: string }>(
      t.baseUrl,
      'PUT',
      '/driver/documents/license_front',
      { token: driver.token, body: { image_base64: b64(await phoneJpeg(400, 200)) } },
    );
    expect(res.status).toBe(200);
    // EXIF orientation 6 (rotated 90°): stored upright, so the 400×200 sensor image is 200×400.
    expect(res.body.data).toMatchObject({ content_type: 'image/jpeg', width: 200, height: 400 });
    const file = await api<{ content_type: string; data_base64: string }>(
      t.baseUrl,
      'GET',
      `/driver/documents/${res.body.data.id}/file`,
      { token: driver.token },
    );
    const stored = await sharp(Buffer.from(file.body.data.data_base64, 'base64')).metadata();
    expect(stored.format).toBe('jpeg');
    expect(stored.exif).toBeUndefined();
    expect(stored.orientation).toBeUndefined();

    const big = await sharp({ create: { width: 3000, height: 1000, channels: 3, background: 'white' } })
      .webp()
      .toBuffer();
    const resized = await api<{ width: number; height: number }>(t.baseUrl, 'PUT', '/driver/documents/soat', {
      token: driver.token,
      body: { image_base64: b64(big) },
    });
    expect(resized.body.data).toMatchObject({ width: 1600, height: 533 });
    const fromPng = await api<{ content_type: string }>(t.baseUrl, 'PUT', '/driver/documents/license_back', {
      token: driver.token,
      body: { image_base64: b64(await webp()) },
    });
    expect(fromPng.body.data.content_type).toBe('image/jpeg');
  });

  maybe(
    'refuses what is not an image, a file that lies about its type, and oversize files, with Spanish messages',
    async () => {
      const driver = await pendingDriver();
      const put = (body: unknown) => api(t.baseUrl, 'PUT', '/driver/documents/soat', { token: driver.token, body });
      const pdf = await put({ image_base64: b64(Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\n')) });
      expect(pdf.status).toBe(400);
      expect(pdf.body).toMatchObject({
        code: 'IMAGE_INVALID',
        message: 'El archivo no es una imagen válida. Usa una foto JPEG, PNG, WebP o HEIC.',
      });
      // Starts like a JPEG (magic bytes) but is an HTML page: decoding fails, refused.
      const liar = await put({
        image_base64: b64(
          Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('<html><script>alert(1)</script></html>')]),
        ),
      });
      expect(liar.body.code).toBe('IMAGE_INVALID');
      // An 'HEIC' that is only the header.
      const fakeHeic = await put({
        image_base64: b64(Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from('ftypheic'), Buffer.alloc(64)])),
      });
      expect(fakeHeic.body.code).toBe('IMAGE_INVALID');
      const oversize = await put({ image_base64: b64(Buffer.concat([await png(), Buffer.alloc(10 * 1024 * 1024)])) });
      expect(oversize.status).toBe(400);
      expect(oversize.body.message).toBe(
        'La imagen pesa más de 10 MB. Toma la foto con menor resolución o elige otra.',
      );
      const notBase64 = await put({ image_base64: 'no es base64 ###' });
      expect(notBase64.status).toBe(400);
      const badKind = await api(t.baseUrl, 'PUT', '/driver/documents/pasaporte', {
        token: driver.token,
        body: { image_base64: b64(await png()) },
      });
      expect(badKind.status).toBe(400);
      expect((await state(driver.token)).documents).toEqual([]);
    },
  );

  maybe('keeps documents private: another driver or a passenger gets 404/403, an operator can read them', async () => {
    const owner = await pendingDriver();
    const stranger = await pendingDriver();
    const rider = await passenger(t.baseUrl);
    const doc = await api<{ id: number }>(t.baseUrl, 'PUT', '/driver/documents/property_card', {
      token: owner.token,
      body: { image_base64: b64(await png()) },
    });
    const id = doc.body.data.id;
    expect((await api(t.baseUrl, 'GET', `/driver/documents/${id}/file`, { token: stranger.token })).status).toBe(404);
    expect((await api(t.baseUrl, 'GET', `/driver/documents/${id}/file`, { token: rider.token })).status).toBe(403);
    expect((await api(t.baseUrl, 'GET', `/driver/documents/${id}/file`)).status).toBe(401);
    expect(
      (await api(t.baseUrl, 'GET', `/admin/drivers/${stranger.id}/documents/${id}/file`, { token: operator })).status,
    ).toBe(404);
    const byOperator = await api<{ data_base64: string }>(
      t.baseUrl,
      'GET',
      `/admin/drivers/${owner.id}/documents/${id}/file`,
      { token: operator },
    );
    expect(byOperator.status).toBe(200);
    expect((await sharp(Buffer.from(byOperator.body.data.data_base64, 'base64')).metadata()).format).toBe('jpeg');
  });

  maybe('queues submitted drivers oldest first; approval lets the driver receive a request', async () => {
    const first = await pendingDriver();
    const second = await pendingDriver();
    await uploadAll(second.token);
    await uploadAll(first.token);
    const incomplete = await pendingDriver();
    await api(t.baseUrl, 'PUT', '/driver/documents/soat', {
      token: incomplete.token,
      body: { image_base64: b64(await png()) },
    });
    const refused = await api(t.baseUrl, 'POST', '/driver/documents/submit', {
      token: incomplete.token,
      body: { soat_expiry_date: FUTURE },
    });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('DOCUMENTS_INCOMPLETE');

    expect(
      (
        await api(t.baseUrl, 'POST', '/driver/documents/submit', {
          token: second.token,
          body: { soat_expiry_date: FUTURE },
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await api(t.baseUrl, 'POST', '/driver/documents/submit', {
          token: first.token,
          body: { soat_expiry_date: FUTURE },
        })
      ).status,
    ).toBe(200);
    const queue = await queueIds();
    expect(queue.indexOf(second.id)).toBeLessThan(queue.indexOf(first.id));
    expect(queue).not.toContain(incomplete.id);
    const entry = (
      await api<QueuedDriver[]>(t.baseUrl, 'GET', '/admin/verification-queue', { token: operator })
    ).body.data.find((d) => d.id === second.id);
    expect(entry?.documents.map((d) => d.kind).sort()).toEqual([...DOCUMENT_KINDS].sort());
    expect(entry?.soat_expiry_date).toBe(FUTURE);

    expect((await nearbyStatus(second.token)).body.code).toBe('DRIVER_NOT_VERIFIED');
    // The driver's open app hears the decision on its own notifications topic (and refetches).
    const told = await pushedDuring(t.wsUrl, second, topics.notifications(second.id), async () => {
      const approved = await api(t.baseUrl, 'POST', `/admin/drivers/${second.id}/verify`, { token: operator });
      expect(approved.status).toBe(200);
    });
    expect(told).toEqual({ type: 'verification_changed', verification_status: 'verified' });
    const rider = await passenger(t.baseUrl);
    const trip = await requestTrip(t.baseUrl, rider.token);
    const nearby = await nearbyStatus(second.token);
    expect(nearby.status).toBe(200);
    expect((nearby.body.data as { id: number }[]).map((r) => r.id)).toContain(trip.id);
    expect(await queueIds()).not.toContain(second.id);

    const audit = await api<{ action: string; target_id: number; actor: string; after: unknown }[]>(
      t.baseUrl,
      'GET',
      '/admin/audit-log',
      { token: operator },
    );
    expect(audit.body.data).toContainEqual(
      expect.objectContaining({
        action: 'driver.approve',
        target_id: second.id,
        actor: expect.stringContaining('Olga Operadora'),
      }),
    );
  });

  maybe('a rejection with a reason is read by the driver, who uploads again and is back in the queue', async () => {
    const driver = await pendingDriver();
    await uploadAll(driver.token);
    await api(t.baseUrl, 'POST', '/driver/documents/submit', {
      token: driver.token,
      body: { soat_expiry_date: FUTURE },
    });
    const tooShort = await api(t.baseUrl, 'POST', `/admin/drivers/${driver.id}/reject`, {
      token: operator,
      body: { reason: 'no' },
    });
    expect(tooShort.status).toBe(400);
    const reason = 'La foto del SOAT está borrosa; tómala de nuevo con buena luz.';
    const told = await pushedDuring(t.wsUrl, driver, topics.notifications(driver.id), async () => {
      const rejected = await api(t.baseUrl, 'POST', `/admin/drivers/${driver.id}/reject`, {
        token: operator,
        body: { reason },
      });
      expect(rejected.status).toBe(200);
    });
    expect(told).toEqual({ type: 'verification_changed', verification_status: 'rejected' });
    const read = await state(driver.token);
    expect(read).toMatchObject({ verification_status: 'rejected', rejection_reason: reason });
    expect(await queueIds()).not.toContain(driver.id);

    await api(t.baseUrl, 'PUT', '/driver/documents/soat', {
      token: driver.token,
      body: { image_base64: b64(await phoneJpeg()) },
    });
    const again = await api<DriverDocumentsState>(t.baseUrl, 'POST', '/driver/documents/submit', {
      token: driver.token,
      body: { soat_expiry_date: FUTURE },
    });
    expect(again.body.data).toMatchObject({ verification_status: 'pending_verification', rejection_reason: null });
    expect(await queueIds()).toContain(driver.id);
    const audit = await api<{ action: string; target_id: number; after: { rejection_reason?: string } }[]>(
      t.baseUrl,
      'GET',
      '/admin/audit-log',
      { token: operator },
    );
    expect(audit.body.data).toContainEqual(
      expect.objectContaining({
        action: 'driver.reject',
        target_id: driver.id,
        after: expect.objectContaining({ rejection_reason: reason }),
      }),
    );
  });

  maybe('a verified driver cannot resubmit (409, Spanish) unless renewing papers about to expire', async () => {
    const db = t.app.database.db;
    const today = limaDateKey(new Date());
    const inDays = (n: number) => {
      const d = new Date(`${today}T12:00:00Z`);
      d.setUTCDate(d.getUTCDate() + n);
      return d.toISOString().slice(0, 10);
    };
    const { user } = await createDriver(db, {
      profile: { verificationStatus: 'verified', soatExpiryDate: inDays(60) },
    });
    const token = (await login(t.baseUrl, user.email)).token;
    await uploadAll(token);
    const refused = await api(t.baseUrl, 'POST', '/driver/documents/submit', {
      token,
      body: { soat_expiry_date: FUTURE },
    });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      code: 'DOCUMENTS_ALREADY_VERIFIED',
      message:
        'Tus documentos ya están verificados: no hace falta enviarlos otra vez. Podrás enviar documentos renovados cuando tu licencia o tu SOAT estén por vencer.',
    });
    expect(await state(token)).toMatchObject({
      verification_status: 'verified',
      soat_expiry_date: inDays(60),
      submitted_at: null,
    });
    expect(await queueIds()).not.toContain(user.id);

    // Renewal: with the SOAT due within the warning week the same driver may send the new one.
    await db
      .update(schema.driverProfiles)
      .set({ soatExpiryDate: inDays(3) })
      .where(eq(schema.driverProfiles.userId, user.id));
    const renewed = await api(t.baseUrl, 'POST', '/driver/documents/submit', {
      token,
      body: { soat_expiry_date: FUTURE },
    });
    expect(renewed.status).toBe(200);
    expect(await state(token)).toMatchObject({ verification_status: 'pending_verification', soat_expiry_date: FUTURE });
  });

  maybe(
    'an expired licence or SOAT stops requests with the reason; the driver is warned a week before and on the day',
    async () => {
      const db = t.app.database.db;
      const today = limaDateKey(new Date());
      const inDays = (n: number) => {
        const d = new Date(`${today}T12:00:00Z`);
        d.setUTCDate(d.getUTCDate() + n);
        return d.toISOString().slice(0, 10);
      };
      const { user } = await createDriver(db, { profile: { soatExpiryDate: inDays(-1) } });
      const token = (await login(t.baseUrl, user.email)).token;
      // The dates move straight in the database (as the days pass); the app's own writes would also bump the
      // driver's read models (request feed, status), so this does it by hand.
      const setDates = async (dates: Partial<typeof schema.driverProfiles.$inferInsert>) => {
        await db.update(schema.driverProfiles).set(dates).where(eq(schema.driverProfiles.userId, user.id));
        await t.app.services.trips.live.touchAccount(user.id);
      };
      const refused = await nearbyStatus(token);
      expect(refused.status).toBe(409);
      expect(refused.body).toMatchObject({
        code: 'DRIVER_DOCUMENTS_EXPIRED',
        message: 'Tu licencia o tu SOAT está vencido. Sube el documento vigente para volver a recibir solicitudes.',
      });
      const expired = await state(token);
      expect(expired.documents_expired).toBe(true);
      expect(expired.expiry_notice).toMatch(/^Tu SOAT venció el .*No recibirás solicitudes/);

      await setDates({ soatExpiryDate: today });
      expect((await nearbyStatus(token)).status).toBe(200);
      expect((await state(token)).expiry_notice).toMatch(/^Hoy vence tu SOAT\./);

      await setDates({ soatExpiryDate: inDays(7) });
      expect((await state(token)).expiry_notice).toMatch(/^Tu SOAT vence el /);
      await setDates({ soatExpiryDate: inDays(8) });
      expect((await state(token)).expiry_notice).toBeNull();

      // The push side agrees: an expired driver is not among those told about a new request.
      await setDates({ licenseExpiryDate: inDays(-3) });
      const rider = await passenger(t.baseUrl);
      const trip = await requestTrip(t.baseUrl, rider.token);
      const [row] = await db.select().from(schema.trips).where(eq(schema.trips.id, trip.id));
      const { MatchingRepository } = await import('../../src/modules/trips/marketplace/matching.repository');
      expect(await new MatchingRepository(db).eligibleDriverIds(row!, new Date())).not.toContain(user.id);
    },
  );
});
