/**
 * 'Descargar mis datos' on both databases: one JSON file, saved as an attachment, with everything about the
 * account — profile, trips with their chats, payments and fare adjustments, ratings both ways, places,
 * contacts, sessions, consents, devices (without keys), a driver's vehicles and documents — and nobody else's
 * e-mail, phone or trips. Budgeted: a costly read.
 */
import type { AccountExport } from '@jala/contracts';
import { schema } from '@jala/db';
import { createCompletedTrip, createDriver, createTrip, createUser } from '@jala/test-factories/database';
import { expect } from 'vitest';

import { b64, png } from '../admin/document-images';
import { login } from '../support/actors';
import { describeOnBackends } from '../support/backends';
import { api, registerUser } from '../support/http';
import { PHONES, signInFrom } from './account-kit';

describeOnBackends('data export on %s', ({ t, maybe }) => {
  async function download(token: string) {
    const response = await fetch(`${t.baseUrl}/account/export`, { headers: { authorization: `Bearer ${token}` } });
    const text = await response.text();
    return { response, text, document: response.ok ? (JSON.parse(text) as AccountExport) : null };
  }

  /** A passenger and a driver who rode together, chatted and rated each other; strangers around them. */
  async function story() {
    const db = t.app.database.db;
    const registered = await registerUser(t.baseUrl, {
      first_name: 'Valeria',
      email: `valeria${Date.now()}@correo.pe`,
    });
    const passengerId = registered.user.id;
    const { user: driver, vehicle } = await createDriver(db, {
      user: { firstName: 'Jorge', lastName: 'Vargas', email: `jorge${Date.now()}@conductores.pe`, phone: '955123456' },
      vehicle: { brand: 'Kia', model: 'Rio', color: 'Plata' },
    });
    const { user: otherDriver, vehicle: otherVehicle } = await createDriver(db, {
      user: { firstName: 'Mario', email: `mario${Date.now()}@conductores.pe`, phone: '955999888' },
    });
    const stranger = await createUser(db, {
      firstName: 'Zoila',
      email: `zoila${Date.now()}@correo.pe`,
      phone: '944777666',
    });
    const ridden = await createCompletedTrip(db, {
      passengerId,
      driverId: driver.id,
      vehicleId: vehicle.id,
      fareCents: 2800,
      completedAt: new Date(),
      paymentMethod: 'yape',
      paymentStatus: 'confirmed',
      payeePhone: '955123456',
    });
    const strangersTrip = await createCompletedTrip(db, {
      passengerId: stranger.id,
      driverId: driver.id,
      vehicleId: vehicle.id,
      fareCents: 1500,
      completedAt: new Date(),
    });
    await db.insert(schema.chatMessages).values([
      { tripId: ridden.id, driverId: driver.id, senderId: passengerId, senderRole: 'passenger', message: '¿Llegas?' },
      { tripId: ridden.id, driverId: driver.id, senderId: driver.id, senderRole: 'driver', message: 'En 3 minutos' },
      // Another driver who offered on the same request and chatted: the passenger's conversation, not Jorge's.
      {
        tripId: ridden.id,
        driverId: otherDriver.id,
        senderId: otherDriver.id,
        senderRole: 'driver',
        message: 'Te llevo por S/ 25',
      },
      {
        tripId: strangersTrip.id,
        driverId: driver.id,
        senderId: stranger.id,
        senderRole: 'passenger',
        message: 'Secreto de Zoila',
      },
    ]);
    await db.insert(schema.tripOffers).values({
      tripId: ridden.id,
      driverId: otherDriver.id,
      vehicleId: otherVehicle.id,
      priceCents: 2500,
      status: 'rejected',
    });
    await db.insert(schema.fareAdjustments).values({
      tripId: ridden.id,
      driverId: driver.id,
      amountCents: 300,
      reason: 'waiting_time',
      note: 'Esperé 10 minutos',
      status: 'accepted',
      answeredAt: new Date(),
    });
    await db.insert(schema.ratings).values([
      {
        tripId: ridden.id,
        raterId: passengerId,
        rateeId: driver.id,
        raterRole: 'passenger',
        score: 5,
        comment: 'Excelente',
      },
      { tripId: ridden.id, raterId: driver.id, rateeId: passengerId, raterRole: 'driver', score: 4, comment: 'Amable' },
      {
        tripId: strangersTrip.id,
        raterId: stranger.id,
        rateeId: driver.id,
        raterRole: 'passenger',
        score: 2,
        comment: 'De Zoila',
      },
    ]);
    await createTrip(db, { passengerId: stranger.id, passengerNotes: 'Nota de Zoila' });
    await db.insert(schema.pushSubscriptions).values({
      userId: passengerId,
      endpoint: `https://fcm.googleapis.com/fcm/send/valeria-${passengerId}`,
      p256dh: 'CLAVE-PUBLICA-DEL-NAVEGADOR',
      auth: 'SECRETO-DEL-NAVEGADOR',
    });
    await db.insert(schema.notificationPreferences).values({ userId: passengerId, kind: 'chat', enabled: false });
    const token = registered.token;
    await api(t.baseUrl, 'POST', '/passenger/saved-locations', {
      token,
      body: { name: 'Trabajo', address: 'Av. Javier Prado 1234, San Isidro', latitude: -12.09, longitude: -77.02 },
    });
    await api(t.baseUrl, 'PUT', '/safety/contacts', {
      token,
      body: {
        contacts: [
          { name: 'Papá', phone: '987222333' },
          { name: 'Tía Carmen', phone: '987444555' },
        ],
      },
    });
    const phone = await signInFrom(t.baseUrl, registered.user.email, PHONES.iphone, registered.password);
    return { registered, phone, driver, otherDriver, stranger, ridden, strangersTrip };
  }

  maybe("the passenger's file: everything of theirs, as an attachment, nobody else's contact", async () => {
    const { registered, phone, driver, otherDriver, stranger, ridden, strangersTrip } = await story();
    const { response, text, document } = await download(phone.token);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(response.headers.get('content-disposition')).toMatch(
      /^attachment; filename="jala-mis-datos-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    const data = document!;

    expect(data).toMatchObject({
      format: 'jala-account-export',
      format_version: 1,
      profile: { id: registered.user.id, first_name: 'Valeria', email: registered.user.email, phone: '987654321' },
      driver: null,
      saved_places: [{ name: 'Trabajo', address: 'Av. Javier Prado 1234, San Isidro' }],
      trusted_contacts: [
        { name: 'Papá', phone: '987222333' },
        { name: 'Tía Carmen', phone: '987444555' },
      ],
      push_devices: [{ push_service: 'fcm.googleapis.com', last_used_at: null }],
      notification_preferences: { chat: false, trip_updates: true },
      ratings_given: [{ trip_id: ridden.id, score: 5, comment: 'Excelente', rater_role: 'passenger' }],
      ratings_received: [{ trip_id: ridden.id, score: 4, comment: 'Amable', rater_role: 'driver' }],
    });
    expect(data.sessions.map((s) => s.device).sort()).toEqual(['Dispositivo desconocido', 'Safari en iPhone']);
    expect(data.consents.map((c) => c.document).sort()).toEqual(['privacy', 'terms']);
    expect(data.trips).toHaveLength(1);
    const [trip] = data.trips;
    expect(trip).toMatchObject({
      id: ridden.id,
      role: 'passenger',
      status: 'completed',
      final_fare: 28,
      counterpart_first_name: 'Jorge',
      vehicle: { brand: 'Kia', model: 'Rio', color: 'Plata' },
      payment: { method: 'yape', status: 'confirmed' },
      fare_adjustments: [{ amount: 3, reason: 'waiting_time', note: 'Esperé 10 minutos', status: 'accepted' }],
    });
    expect(trip!.conversations).toEqual(
      expect.arrayContaining([
        {
          with_first_name: 'Jorge',
          messages: [
            expect.objectContaining({ from_me: true, message: '¿Llegas?' }),
            expect.objectContaining({ from_me: false, message: 'En 3 minutos' }),
          ],
        },
        {
          with_first_name: 'Mario',
          messages: [expect.objectContaining({ from_me: false, message: 'Te llevo por S/ 25' })],
        },
      ]),
    );
    // Nobody else's contact data, trips or words.
    for (const secret of [
      driver.email,
      driver.phone!,
      otherDriver.email,
      otherDriver.phone!,
      stranger.email,
      stranger.phone!,
      'Vargas',
      'Zoila',
      'CLAVE-PUBLICA',
      'SECRETO-DEL',
      '955123456',
    ])
      expect(text, secret).not.toContain(secret);
    expect(data.trips.map((t) => t.id)).not.toContain(strangersTrip.id);
  });

  maybe(
    "the driver's file: their profile, vehicles and documents (not the images), only their conversations",
    async () => {
      const { ridden, strangersTrip, driver, registered, stranger } = await story();
      const { token } = await login(t.baseUrl, driver.email);
      expect(
        (await api(t.baseUrl, 'PUT', '/driver/documents/soat', { token, body: { image_base64: b64(await png()) } }))
          .status,
      ).toBe(200);
      const { text, document } = await download(token);
      const data = document!;
      expect(data.driver).toMatchObject({
        verification_status: 'verified',
        vehicles: [expect.objectContaining({ brand: 'Kia', model: 'Rio' })],
        documents: [expect.objectContaining({ kind: 'soat', content_type: expect.stringMatching(/^image\//) })],
        has_photo: false,
      });
      expect(data.trips.map((trip) => [trip.id, trip.role, trip.counterpart_first_name])).toEqual(
        expect.arrayContaining([
          [ridden.id, 'driver', 'Valeria'],
          [strangersTrip.id, 'driver', 'Zoila'],
        ]),
      );
      const conversations = data.trips.flatMap((trip) => trip.conversations);
      expect(conversations.flatMap((c) => c.messages.map((m) => m.message))).not.toContain('Te llevo por S/ 25');
      expect(data.ratings_received.map((r) => r.score).sort()).toEqual([2, 5]);
      for (const secret of [
        registered.user.email,
        stranger.email,
        stranger.phone!,
        '987654321',
        'Papá',
        'Nota de Zoila',
      ])
        expect(text, secret).not.toContain(secret);
      expect(text).not.toMatch(/storage_key|storageKey|image_base64/);
    },
  );

  maybe('is refused without a session, and budgeted: a sixth file within the hour waits', async () => {
    expect((await fetch(`${t.baseUrl}/account/export`)).status).toBe(401);
    const user = await createUser(t.app.database.db);
    const { token } = await login(t.baseUrl, user.email);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await download(token)).response.status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });
});
