/**
 * 'Eliminar mi cuenta' on both databases: confirmed with the password, refused while a trip is live or a ride
 * booked; then every session and device ends (HTTP 401, MQTT closed), what only served the person is deleted,
 * the row is anonymised for the records others keep ('Usuario eliminado' in their histories and receipts), the
 * old credentials fail, the e-mail may sign up again, operators see the account as deleted, and it is audited.
 */
import type { AdminUser, AuditEntry, DriverTripHistoryPage, TripHistoryPage, TripReceipt } from '@jala/contracts';
import { and, count, eq, inArray, schema } from '@jala/db';
import { DELETED_EMAIL_DOMAIN, DELETED_USER_NAME } from '@jala/domain';
import {
  createCompletedTrip,
  createDriver,
  createTrip,
  createUser,
  FACTORY_PASSWORD,
} from '@jala/test-factories/database';
import type { MqttClient } from 'mqtt';
import { expect } from 'vitest';

import { b64, png } from '../admin/document-images';
import { login, ridingPair } from '../support/actors';
import { describeOnBackends } from '../support/backends';
import { api, registerUser } from '../support/http';
import { connectMqtt } from '../support/mqtt';
import { PHONES, signInFrom } from './account-kit';

const closedOf = (client: MqttClient) => new Promise<void>((resolve) => client.once('close', () => resolve()));

describeOnBackends('account deletion on %s', ({ t, maybe, whenStarted }) => {
  let operatorToken = '';
  whenStarted(async () => {
    const operator = await createUser(t.app.database.db, { isAdmin: true });
    operatorToken = (await login(t.baseUrl, operator.email)).token;
  });
  const deleteAccount = (token: string, password: string = FACTORY_PASSWORD) =>
    api(t.baseUrl, 'DELETE', '/account', { token, body: { password } });
  const rows = async (table: Parameters<ReturnType<typeof t.app.database.db.select>['from']>[0], where: unknown) =>
    Number(
      (
        await t.app.database.db
          .select({ n: count() })
          .from(table)
          .where(where as never)
      )[0]?.n,
    );

  maybe("refuses the console's last operator", async () => {
    const refused = await deleteAccount(operatorToken);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      code: 'LAST_OPERATOR',
      message: 'Eres el único operador: nombra a otro antes de eliminar tu cuenta.',
    });
    expect((await api(t.baseUrl, 'GET', '/admin/operators', { token: operatorToken })).status).toBe(200);
  });

  maybe('refuses while a trip is live, for either side, and changes nothing', async () => {
    const { rider, driver } = await ridingPair(t.baseUrl, t.app.database.db);
    for (const side of [rider, driver]) {
      const refused = await deleteAccount(side.token);
      expect(refused.status).toBe(409);
      expect(refused.body).toMatchObject({
        code: 'ACCOUNT_HAS_LIVE_TRIP',
        message: 'No puedes eliminar tu cuenta mientras tienes un viaje en curso. Termínalo o cancélalo primero.',
      });
      expect((await api(t.baseUrl, 'GET', '/auth/profile', { token: side.token })).status).toBe(200);
    }
  });

  maybe('refuses while a ride is booked with a driver, for either side', async () => {
    const db = t.app.database.db;
    const passenger = await createUser(db);
    const { user: driver, vehicle } = await createDriver(db);
    const pickup = new Date(Date.now() + 26 * 3_600_000);
    await createTrip(db, {
      passengerId: passenger.id,
      driverId: driver.id,
      vehicleId: vehicle.id,
      status: 'accepted',
      acceptedAt: new Date(),
      scheduledFor: pickup,
      expiresAt: new Date(pickup.getTime() + 10 * 60_000),
    });
    for (const email of [passenger.email, driver.email]) {
      const refused = await deleteAccount((await login(t.baseUrl, email)).token);
      expect(refused.status).toBe(409);
      expect(refused.body).toMatchObject({
        code: 'ACCOUNT_HAS_BOOKING',
        message: 'No puedes eliminar tu cuenta mientras tienes un viaje programado. Cancélalo primero.',
      });
    }
  });

  maybe('a wrong or missing password is a Spanish 400 on the password field and deletes nothing', async () => {
    const user = await createUser(t.app.database.db);
    const { token } = await login(t.baseUrl, user.email);
    const wrong = await deleteAccount(token, 'no-es-la-clave');
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({
      code: 'PASSWORD_INCORRECT',
      fields: { password: 'La contraseña no es correcta.' },
    });
    const missing = await api(t.baseUrl, 'DELETE', '/account', { token, body: {} });
    expect(missing.status).toBe(400);
    expect(missing.body.fields?.password).toBe('Escribe tu contraseña para confirmar.');
    expect((await api(t.baseUrl, 'GET', '/auth/profile', { token })).status).toBe(200);
    expect((await login(t.baseUrl, user.email)).token).toBeTruthy();
  });

  maybe(
    "a passenger's deletion: sessions and devices end, their data goes, the driver keeps the trip with 'Usuario eliminado'",
    async () => {
      const db = t.app.database.db;
      const rider = await createUser(db, {
        firstName: 'Lucía',
        lastName: 'Quispe',
        phone: '912345678',
        email: `lucia${Date.now()}@correo.pe`,
      });
      const { user: driver, vehicle } = await createDriver(db, { user: { firstName: 'Jorge' } });
      const trip = await createCompletedTrip(db, {
        passengerId: rider.id,
        driverId: driver.id,
        vehicleId: vehicle.id,
        fareCents: 2400,
        completedAt: new Date(),
        passengerNotes: 'Casa de rejas verdes',
      });
      await db.insert(schema.ratings).values([
        {
          tripId: trip.id,
          raterId: rider.id,
          rateeId: driver.id,
          raterRole: 'passenger',
          score: 5,
          comment: 'Jorge, un crack',
        },
        {
          tripId: trip.id,
          raterId: driver.id,
          rateeId: rider.id,
          raterRole: 'driver',
          score: 4,
          comment: 'Lucía puntual',
        },
      ]);
      await db.insert(schema.chatMessages).values([
        {
          tripId: trip.id,
          driverId: driver.id,
          senderId: rider.id,
          senderRole: 'passenger',
          message: 'Estoy en la puerta',
        },
        { tripId: trip.id, driverId: driver.id, senderId: driver.id, senderRole: 'driver', message: 'Llego en 2' },
      ]);

      const phone = await signInFrom(t.baseUrl, rider.email, PHONES.android);
      const laptop = await signInFrom(t.baseUrl, rider.email, PHONES.laptop);
      const place = await api(t.baseUrl, 'POST', '/passenger/saved-locations', {
        token: phone.token,
        body: { name: 'Casa', address: 'Av. Larco 123, Miraflores', latitude: -12.12, longitude: -77.03 },
      });
      expect(place.status).toBe(201);
      const contacts = await api(t.baseUrl, 'PUT', '/safety/contacts', {
        token: phone.token,
        body: {
          contacts: [
            { name: 'Mamá', phone: '987111222' },
            { name: 'Hermano', phone: '987333444' },
          ],
        },
      });
      expect(contacts.status).toBe(200);
      await db.insert(schema.pushSubscriptions).values({
        userId: rider.id,
        sessionId: laptop.sessionId,
        endpoint: `https://fcm.googleapis.com/fcm/send/lucia-${rider.id}`,
        p256dh: 'clave',
        auth: 'secreto',
      });
      const links = await Promise.all(
        [phone, laptop].map((session) => connectMqtt(t.wsUrl, { userId: rider.id, token: session.token })),
      );
      const closed = Promise.all(links.map(closedOf));

      const deleted = await deleteAccount(phone.token);
      expect(deleted.status).toBe(200);
      expect(deleted.body.message).toBe('Tu cuenta fue eliminada');
      await closed;
      for (const session of [phone, laptop])
        expect((await api(t.baseUrl, 'GET', '/auth/profile', { token: session.token })).status).toBe(401);
      const oldLogin = await api(t.baseUrl, 'POST', '/auth/login', {
        body: { email: rider.email, password: FACTORY_PASSWORD },
      });
      expect(oldLogin.status).toBe(401);
      expect(oldLogin.body.code).toBe('INVALID_CREDENTIALS');

      // What only served the person is gone.
      expect(await rows(schema.savedLocations, eq(schema.savedLocations.userId, rider.id))).toBe(0);
      expect(await rows(schema.trustedContacts, eq(schema.trustedContacts.userId, rider.id))).toBe(0);
      expect(await rows(schema.pushSubscriptions, eq(schema.pushSubscriptions.userId, rider.id))).toBe(0);
      expect(await rows(schema.chatMessages, eq(schema.chatMessages.senderId, rider.id))).toBe(0);
      expect(
        await rows(
          schema.sessions,
          and(eq(schema.sessions.userId, rider.id), inArray(schema.sessions.id, [phone.sessionId, laptop.sessionId])),
        ),
      ).toBe(2);
      const [row] = await db.select().from(schema.users).where(eq(schema.users.id, rider.id));
      expect(row).toMatchObject({
        firstName: DELETED_USER_NAME,
        lastName: '',
        phone: null,
        emergencyContactName: null,
        emergencyContactPhone: null,
        deletedAt: expect.any(Date),
      });
      expect(row?.email.endsWith(`@${DELETED_EMAIL_DOMAIN}`)).toBe(true);
      expect(JSON.stringify(row)).not.toMatch(/Lucía|Quispe|912345678|correo\.pe|Mamá/);

      // The driver keeps the trip, its receipt, the score and their own message, with the person anonymised.
      const driverToken = (await login(t.baseUrl, driver.email)).token;
      const history = await api<DriverTripHistoryPage>(t.baseUrl, 'GET', '/driver/trip-history', {
        token: driverToken,
      });
      expect(history.body.data.trips).toContainEqual(
        expect.objectContaining({ id: trip.id, passenger_first_name: DELETED_USER_NAME, final_fare: 24 }),
      );
      const receipt = await api<TripReceipt>(t.baseUrl, 'GET', `/trips/${trip.id}/receipt`, { token: driverToken });
      expect(receipt.status).toBe(200);
      expect(receipt.body.data.passenger_name).toBe(DELETED_USER_NAME);
      const ratings = await db.select().from(schema.ratings).where(eq(schema.ratings.tripId, trip.id));
      expect(ratings.map((r) => [r.score, r.comment]).sort()).toEqual([
        [4, null],
        [5, null],
      ]);
      const [driverRow] = await db.select().from(schema.users).where(eq(schema.users.id, driver.id));
      expect(driverRow).toMatchObject({ ratingCount: 1, ratingSum: 5 });
      const chat = await db.select().from(schema.chatMessages).where(eq(schema.chatMessages.tripId, trip.id));
      expect(chat.map((m) => m.message)).toEqual(['Llego en 2']);
      const [kept] = await db.select().from(schema.trips).where(eq(schema.trips.id, trip.id));
      expect(kept).toMatchObject({ passengerId: rider.id, finalFareCents: 2400, passengerNotes: null });

      // The address is free again: a new account, with nothing of the old one.
      const again = await registerUser(t.baseUrl, { email: rider.email, first_name: 'Lucía' });
      expect(again.user.id).not.toBe(rider.id);
      expect(
        (await api<TripHistoryPage>(t.baseUrl, 'GET', '/passenger/trip-history', { token: again.token })).body.data
          .trips,
      ).toEqual([]);

      // Operators see the account as deleted, and the deletion in the audit log (no name, no e-mail in it).
      const found = await api<AdminUser[]>(
        t.baseUrl,
        'GET',
        `/admin/users?q=${encodeURIComponent(DELETED_USER_NAME)}`,
        {
          token: operatorToken,
        },
      );
      expect(found.body.data).toContainEqual(
        expect.objectContaining({ id: rider.id, name: DELETED_USER_NAME, phone: null, deleted_at: expect.any(String) }),
      );
      const audit = await api<AuditEntry[]>(t.baseUrl, 'GET', '/admin/audit-log', { token: operatorToken });
      const entry = audit.body.data.find((e) => e.action === 'user.delete' && e.target_id === rider.id);
      expect(entry).toMatchObject({ actor: 'Titular de la cuenta', target_type: 'user' });
      expect(JSON.stringify(entry)).not.toMatch(/Lucía|correo\.pe/);
      // A deleted account cannot be suspended: there is nobody left to suspend.
      const suspend = await api(t.baseUrl, 'POST', `/admin/users/${rider.id}/suspend`, {
        token: operatorToken,
        body: { reason: 'Prueba de suspensión' },
      });
      expect(suspend.status).toBe(409);
      expect(suspend.body.code).toBe('ACCOUNT_DELETED');
    },
  );

  maybe(
    "a driver's deletion: documents and photo deleted, offers withdrawn, the passenger's history reads 'Usuario eliminado'",
    async () => {
      const db = t.app.database.db;
      const { user: driver, vehicle } = await createDriver(db, {
        user: { firstName: 'Renato', lastName: 'Huamán' },
        profile: {
          walletPhone: '955444333',
          acceptsYape: true,
          emergencyContactName: 'Rosa',
          emergencyContactPhone: '987000111',
        },
      });
      const passenger = await createUser(db);
      const done = await createCompletedTrip(db, {
        passengerId: passenger.id,
        driverId: driver.id,
        vehicleId: vehicle.id,
        fareCents: 3100,
        completedAt: new Date(),
        paymentMethod: 'yape',
        paymentStatus: 'confirmed',
        payeePhone: '955444333',
      });
      const otherPassenger = await createUser(db);
      const waiting = await createTrip(db, { passengerId: otherPassenger.id });
      await db
        .insert(schema.tripOffers)
        .values({ tripId: waiting.id, driverId: driver.id, vehicleId: vehicle.id, priceCents: 2200 });

      const { token } = await login(t.baseUrl, driver.email);
      const photo = await api(t.baseUrl, 'PUT', '/driver/photo', {
        token,
        body: { image_base64: b64(await png(300, 300)) },
      });
      expect(photo.status).toBe(200);
      for (const kind of ['license_front', 'soat'])
        expect(
          (
            await api(t.baseUrl, 'PUT', `/driver/documents/${kind}`, {
              token,
              body: { image_base64: b64(await png()) },
            })
          ).status,
        ).toBe(200);
      const keys = (
        await db
          .select({ key: schema.driverDocuments.storageKey })
          .from(schema.driverDocuments)
          .where(eq(schema.driverDocuments.driverId, driver.id))
      ).map((row) => row.key);
      expect(keys).toHaveLength(2);

      expect((await deleteAccount(token)).status).toBe(200);

      expect(await rows(schema.driverDocuments, eq(schema.driverDocuments.driverId, driver.id))).toBe(0);
      expect(await rows(schema.driverDocumentBlobs, inArray(schema.driverDocumentBlobs.storageKey, keys))).toBe(0);
      expect(await rows(schema.driverPhotos, eq(schema.driverPhotos.userId, driver.id))).toBe(0);
      const [offer] = await db.select().from(schema.tripOffers).where(eq(schema.tripOffers.tripId, waiting.id));
      expect(offer?.status).toBe('withdrawn');
      const [profile] = await db
        .select()
        .from(schema.driverProfiles)
        .where(eq(schema.driverProfiles.userId, driver.id));
      expect(profile).toMatchObject({
        driverStatus: 'offline',
        walletPhone: null,
        emergencyContactName: null,
        currentLatitude: null,
      });
      expect(profile?.licenseNumber).toMatch(/^ELIMINADO-/);
      const [trip] = await db.select().from(schema.trips).where(eq(schema.trips.id, done.id));
      expect(trip).toMatchObject({ driverId: driver.id, payeePhone: null, paymentStatus: 'confirmed' });

      const passengerToken = (await login(t.baseUrl, passenger.email)).token;
      const history = await api<TripHistoryPage>(t.baseUrl, 'GET', '/passenger/trip-history', {
        token: passengerToken,
      });
      expect(history.body.data.trips).toContainEqual(
        expect.objectContaining({ id: done.id, driver: expect.objectContaining({ name: DELETED_USER_NAME }) }),
      );
      const receipt = await api<TripReceipt>(t.baseUrl, 'GET', `/trips/${done.id}/receipt`, { token: passengerToken });
      expect(receipt.body.data.driver_name).toBe(DELETED_USER_NAME);
    },
  );
});
