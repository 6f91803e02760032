/**
 * Safety routes on PGlite and PostgreSQL: the driver's photo (normalised, metadata stripped,
 * visible to that trip's passenger only), trusted contacts, the live share link before, during and after
 * the trip and by a stranger, and SOS alerts stored with position and time.
 */
import type { Photo, SharedTrip, ShareLink, SosAlert, TrustedContacts } from '@jala/contracts';
import { eq, schema } from '@jala/db';
import { createDriver, createTrip, createUser } from '@jala/test-factories/database';
import sharp from 'sharp';
import { expect } from 'vitest';

import { login } from '../support/actors';
import { describeOnBackends } from '../support/backends';
import { api } from '../support/http';

/** A 1200×800 JPEG carrying EXIF (camera and a GPS-like note) that the server must drop. */
async function cameraPhoto(): Promise<string> {
  const bytes = await sharp({ create: { width: 1200, height: 800, channels: 3, background: { r: 200, g: 60, b: 40 } } })
    .jpeg()
    .withExif({ IFD0: { Make: 'Cámara', ImageDescription: 'GPS -12.1211 -77.0297' } })
    .toBuffer();
  expect((await sharp(bytes).metadata()).exif).toBeDefined();
  return bytes.toString('base64');
}

describeOnBackends('safety routes on %s', ({ t, maybe }) => {
  /** A passenger and a driver on one trip in `status` (accepted by default), both logged in. */
  async function ride(status: 'accepted' | 'in_progress' | 'completed' | 'pending' = 'accepted') {
    const db = t.app.database.db;
    const rider = await createUser(db, {
      firstName: 'Rosa',
      emergencyContactName: 'Mamá',
      emergencyContactPhone: '987654321',
    });
    const driver = await createDriver(db, {
      user: { firstName: 'Carlos', lastName: 'Mamani' },
      vehicle: { brand: 'Toyota', model: 'Yaris', color: 'Blanco' },
    });
    const trip = await createTrip(db, {
      passengerId: rider.id,
      ...(status === 'pending'
        ? {}
        : { driverId: driver.user.id, vehicleId: driver.vehicle.id, acceptedAt: new Date() }),
      status,
    });
    return {
      db,
      trip,
      driver,
      passengerToken: (await login(t.baseUrl, rider.email)).token,
      driverToken: (await login(t.baseUrl, driver.user.email)).token,
    };
  }

  maybe('stores a driver photo re-encoded without metadata, shown to the passenger of the trip only', async () => {
    const { driverToken, passengerToken, trip } = await ride();
    const upload = await api<Photo>(t.baseUrl, 'PUT', '/driver/photo', {
      token: driverToken,
      body: { image_base64: await cameraPhoto() },
    });
    expect(upload.status).toBe(200);
    const stored = sharp(Buffer.from(upload.body.data.image_base64, 'base64'));
    const meta = await stored.metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 512, height: 341 });
    expect(meta.exif).toBeUndefined();

    const active = await api<{ driver: { has_photo: boolean; vehicle_details: Record<string, string> } }>(
      t.baseUrl,
      'GET',
      '/trips/active',
      { token: passengerToken },
    );
    expect(active.body.data.driver).toMatchObject({
      has_photo: true,
      vehicle_details: { brand: 'Toyota', model: 'Yaris', color: 'Blanco' },
    });
    const seen = await api<Photo>(t.baseUrl, 'GET', `/trips/${trip.id}/driver-photo`, { token: passengerToken });
    expect(seen.status).toBe(200);
    expect(seen.body.data.image_base64).toBe(upload.body.data.image_base64);
    const stranger = await ride();
    expect(
      (await api(t.baseUrl, 'GET', `/trips/${trip.id}/driver-photo`, { token: stranger.passengerToken })).status,
    ).toBe(404);
  });

  maybe('refuses what is not a photo (JPEG, PNG, WebP or HEIC), whatever it claims, with a Spanish 400', async () => {
    const { driverToken, passengerToken } = await ride();
    const gif = (
      await sharp({ create: { width: 4, height: 4, channels: 3, background: '#000' } })
        .gif()
        .toBuffer()
    ).toString('base64');
    for (const image_base64 of [
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>').toString('base64'),
      gif,
      Buffer.from('GIF89a not really').toString('base64'),
    ]) {
      const res = await api(t.baseUrl, 'PUT', '/driver/photo', { token: driverToken, body: { image_base64 } });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('El archivo no es una imagen válida. Usa una foto JPEG, PNG, WebP o HEIC.');
    }
    expect(
      (
        await api(t.baseUrl, 'PUT', '/driver/photo', {
          token: passengerToken,
          body: { image_base64: await cameraPhoto() },
        })
      ).status,
    ).toBe(403);
    // No photo yet: a state (200, data null), not an error.
    const none = await api(t.baseUrl, 'GET', '/driver/photo', { token: driverToken });
    expect(none.status).toBe(200);
    expect(none.body.data).toBeNull();
  });

  maybe('keeps up to 5 trusted contacts, the first being the emergency contact', async () => {
    const { passengerToken, db } = await ride();
    const initial = await api<TrustedContacts>(t.baseUrl, 'GET', '/safety/contacts', { token: passengerToken });
    expect(initial.body.data).toEqual([{ name: 'Mamá', phone: '987654321' }]);
    const contacts = [
      { name: 'Papá', phone: '912 345 678' },
      { name: 'Lucía', phone: '923456789' },
    ];
    const saved = await api<TrustedContacts>(t.baseUrl, 'PUT', '/safety/contacts', {
      token: passengerToken,
      body: { contacts },
    });
    expect(saved.body.data).toEqual([
      { name: 'Papá', phone: '912345678' },
      { name: 'Lucía', phone: '923456789' },
    ]);
    const profile = await api<{ emergency_contact_name: string }>(t.baseUrl, 'GET', '/passenger/profile', {
      token: passengerToken,
    });
    expect(profile.body.data.emergency_contact_name).toBe('Papá');
    const six = Array.from({ length: 6 }, (_, i) => ({ name: `Contacto ${i}`, phone: `91234567${i}` }));
    const tooMany = await api(t.baseUrl, 'PUT', '/safety/contacts', { token: passengerToken, body: { contacts: six } });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.fields?.contacts).toBe('Puedes guardar hasta 5 contactos.');
    const badPhone = await api(t.baseUrl, 'PUT', '/safety/contacts', {
      token: passengerToken,
      body: { contacts: [{ name: 'Tía', phone: '12345' }] },
    });
    expect(badPhone.status).toBe(400);
    expect(Object.values(badPhone.body.fields ?? {})).toContain(
      'Ingresa un celular peruano de 9 dígitos que empiece con 9.',
    );
    expect(
      (
        await api<TrustedContacts>(t.baseUrl, 'PUT', '/safety/contacts', {
          token: passengerToken,
          body: { contacts: [] },
        })
      ).body.data,
    ).toEqual([]);
    expect(await db.select().from(schema.trustedContacts)).not.toContainEqual(
      expect.objectContaining({ name: 'Lucía' }),
    );
  });

  maybe('shares a live link: none before a driver, public during the trip, gone after it', async () => {
    const before = await ride('pending');
    const none = await api(t.baseUrl, 'POST', '/safety/share', { token: before.passengerToken });
    expect(none.status).toBe(404);

    const { passengerToken, driverToken, trip, db, driver } = await ride();
    const link = await api<ShareLink>(t.baseUrl, 'POST', '/safety/share', { token: passengerToken });
    expect(link.status).toBe(201);
    expect(link.body.data).toMatchObject({ contact_name: 'Mamá', contact_phone: '987654321' });
    const token = link.body.data.path.replace('/compartir/', '');
    expect(Buffer.from(token, 'base64url').length * 8).toBeGreaterThanOrEqual(128);
    expect(JSON.stringify(await db.select().from(schema.tripShareLinks))).not.toContain(token);

    // A stranger with no account reads only what the page shows.
    const shared = await api<SharedTrip>(t.baseUrl, 'GET', `/share/${token}`);
    expect(shared.status).toBe(200);
    expect(Object.keys(shared.body.data).sort()).toEqual([
      'destination',
      'driver_first_name',
      'eta_minutes',
      'pickup',
      'position',
      'route_polyline',
      'status',
      'vehicle',
    ]);
    expect(shared.body.data).toMatchObject({
      status: 'accepted',
      driver_first_name: 'Carlos',
      vehicle: { brand: 'Toyota', model: 'Yaris', color: 'Blanco', license_plate: driver.vehicle.licensePlate },
    });
    expect(JSON.stringify(shared.body.data)).not.toMatch(/phone|Rosa|Mamani|start_code/);
    expect(shared.body.data.position).toMatchObject({ latitude: -12.1211, longitude: -77.0297 });
    expect(shared.body.data.eta_minutes).toBe(1);

    // The driver moves: the page sees it on its next poll.
    await db
      .update(schema.driverProfiles)
      .set({ currentLatitude: '-12.100000', currentLongitude: '-77.029700' })
      .where(eq(schema.driverProfiles.userId, driver.user.id));
    expect((await api<SharedTrip>(t.baseUrl, 'GET', `/share/${token}`)).body.data.position).toMatchObject({
      latitude: -12.1,
    });

    // The driver may share too.
    expect((await api(t.baseUrl, 'POST', '/safety/share', { token: driverToken })).status).toBe(201);

    // Unknown and malformed tokens are 404 / 400, never data.
    expect((await api(t.baseUrl, 'GET', `/share/${'A'.repeat(32)}`)).status).toBe(404);
    expect((await api(t.baseUrl, 'GET', '/share/corto')).status).toBe(400);

    // After the trip the link answers 404 and shows no position.
    await db
      .update(schema.trips)
      .set({ status: 'completed', completedAt: new Date() })
      .where(eq(schema.trips.id, trip.id));
    const after = await api(t.baseUrl, 'GET', `/share/${token}`);
    expect(after.status).toBe(404);
    expect(after.body).toMatchObject({ code: 'SHARE_LINK_NOT_FOUND', data: null });
  });

  maybe('answers 404 once the link expired, even mid-trip', async () => {
    const { passengerToken, db } = await ride('in_progress');
    const link = await api<ShareLink>(t.baseUrl, 'POST', '/safety/share', { token: passengerToken });
    const token = link.body.data.path.replace('/compartir/', '');
    expect((await api(t.baseUrl, 'GET', `/share/${token}`)).status).toBe(200);
    await db.update(schema.tripShareLinks).set({ expiresAt: new Date(Date.now() - 1000) });
    expect((await api(t.baseUrl, 'GET', `/share/${token}`)).status).toBe(404);
  });

  maybe('records an SOS with position and time, from either side, and answers with a share link and 105', async () => {
    const { passengerToken, driverToken, trip, db } = await ride('in_progress');
    const sos = await api<SosAlert>(t.baseUrl, 'POST', '/safety/sos', {
      token: passengerToken,
      body: { latitude: -12.1, longitude: -77.02 },
    });
    expect(sos.status).toBe(201);
    expect(sos.body.data).toMatchObject({ police_phone: '105', share: { contact_phone: '987654321' } });
    expect((await api(t.baseUrl, 'GET', sos.body.data.share.path.replace('/compartir/', '/share/'))).status).toBe(200);
    // Without a position from the phone, the driver's last reported one is stored.
    expect((await api(t.baseUrl, 'POST', '/safety/sos', { token: driverToken, body: {} })).status).toBe(201);
    const alerts = await db.select().from(schema.safetyAlerts).where(eq(schema.safetyAlerts.tripId, trip.id));
    expect(
      alerts.map((a) => ({ role: a.role, latitude: a.latitude, longitude: a.longitude, open: a.resolvedAt === null })),
    ).toEqual([
      { role: 'passenger', latitude: '-12.100000', longitude: '-77.020000', open: true },
      { role: 'driver', latitude: '-12.121100', longitude: '-77.029700', open: true },
    ]);
    expect(Math.abs(alerts[0]!.createdAt.getTime() - Date.now())).toBeLessThan(60_000);

    const idle = await ride('completed');
    expect((await api(t.baseUrl, 'POST', '/safety/sos', { token: idle.passengerToken, body: {} })).status).toBe(404);
    const half = await api(t.baseUrl, 'POST', '/safety/sos', { token: passengerToken, body: { latitude: -12.1 } });
    expect(half.status).toBe(400);
  });
});
