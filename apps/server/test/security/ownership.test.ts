/**
 * Ownership, generated from the OpenAPI document: every operation that takes an object id (path, query or
 * body) is called by strangers of each role — passenger, driver, both, admin (except on admin routes,
 * which admins may use) — and by former counterparts of the owner's trips (a driver who offered but was
 * not chosen, one who withdrew their offer), with the owner's ids, and must answer 403 or 404 and change
 * nothing. Former counterparts also try their own driver id where a route takes a trip and a driver (their
 * own conversation of that trip). A new route with an id is covered by itself; an id parameter whose
 * object this suite cannot create fails loudly until it is added to ID_KINDS.
 */
import { eq, schema } from '@jala/db';
import {
  createCompletedTrip,
  createDriver,
  createPaymentCase,
  createTrip,
  createUser,
} from '@jala/test-factories/database';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { login } from '../support/actors';
import {
  databaseFingerprint,
  fillPath,
  loadOperations,
  type Operation,
  responseProblem,
  validValue,
} from '../support/openapi';
import { type Backend, isPostgresAvailable, startTestApp, type TestApp } from '../support/test-app';

type IdKind =
  'trip' | 'driver' | 'vehicle' | 'savedLocation' | 'document' | 'user' | 'alert' | 'paymentCase' | 'session';

/**
 * What each id parameter names: by its own name, or for a bare path `{id}` by the collection before it
 * (`trips/{id}`). `null` marks ids of shared catalogues (service types), which nobody owns.
 */
const ID_KINDS: Record<string, IdKind | null> = {
  trip_id: 'trip',
  trip_request_id: 'trip',
  driver_id: 'driver',
  driverId: 'driver',
  vehicle_id: 'vehicle',
  service_type_id: null,
  'trips/{id}': 'trip',
  'vehicles/{id}': 'vehicle',
  'saved-locations/{id}': 'savedLocation',
  'drivers/{id}': 'driver',
  // Operators' console and driver documents.
  'documents/{id}': 'document',
  documentId: 'document',
  'users/{id}': 'user',
  'operators/{id}': 'user',
  'alerts/{id}': 'alert',
  // A driver's 'No recibí el pago', resolved by operators.
  'payment-cases/{id}': 'paymentCase',
  // A scheduled ride a driver gives back: a trip.
  'scheduled-trips/{id}': 'trip',
  // A page cursor of the audit log, not an object anyone owns.
  before_id: null,
  // The passenger's DNI/RUC printed on a receipt PDF: a number they type, not an object.
  tax_id: null,
  // 'Sesiones abiertas': one of the account's signed-in devices.
  'sessions/{id}': 'session',
};

const AREQUIPA = { latitude: -16.409, longitude: -71.5375 };

const isIdName = (name: string) => /^id$|_id$|Id$/.test(name);

interface IdParam {
  where: 'path' | 'query' | 'body';
  name: string;
  key: string;
}

function idParams(op: Operation): IdParam[] {
  const params: IdParam[] = [];
  for (const p of op.parameters) {
    if ((p.in === 'path' || p.in === 'query') && isIdName(p.name)) {
      const collection = p.name === 'id' ? op.path.split('/{id}')[0]?.split('/').pop() : undefined;
      params.push({ where: p.in, name: p.name, key: collection ? `${collection}/{id}` : p.name });
    }
  }
  for (const name of Object.keys(op.body?.properties ?? {}))
    if (isIdName(name)) params.push({ where: 'body', name, key: name });
  return params;
}

/** The trips an id can name, in each life stage a route may care about (a confirmed booking not started yet too). */
const TRIP_STAGES = ['pending', 'in_progress', 'completed', 'booking'] as const;
type Stage = (typeof TRIP_STAGES)[number];

function defineOwnershipSuite(backend: Backend) {
  describe(`ownership of every id-taking route (${backend})`, () => {
    let t: TestApp;
    let available = true;
    let operations: Operation[] = [];
    let owner: {
      trips: Record<Stage, number>;
      driver: number;
      vehicle: number;
      savedLocation: number;
      document: number;
      user: number;
      alert: number;
      paymentCase: number;
      session: string;
    };
    /** `self`: a former counterpart's own driver id, used for driver ids on routes that also take a trip. */
    let strangers: { role: string; token: string; admin: boolean; self?: number }[] = [];

    beforeAll(async () => {
      if (backend === 'postgres' && !(await isPostgresAvailable())) {
        available = false;
        return;
      }
      t = await startTestApp(backend, { config: { tripExpiryMinutes: 24 * 60 } });
      const db = t.app.database.db;
      // Owners: a driver with a car near Parque Kennedy, who offered on one passenger's pending request,
      // drives a second passenger now and completed a trip with the first.
      const driver = await createDriver(db);
      const rider = await createUser(db);
      const secondRider = await createUser(db);
      const pending = await createTrip(db, { passengerId: rider.id });
      await db
        .insert(schema.tripOffers)
        .values({ tripId: pending.id, driverId: driver.user.id, vehicleId: driver.vehicle.id, priceCents: 2000 });
      await db.insert(schema.chatMessages).values({
        tripId: pending.id,
        driverId: driver.user.id,
        senderId: rider.id,
        senderRole: 'passenger',
        message: 'Hola',
      });
      const riding = await createTrip(db, {
        passengerId: secondRider.id,
        driverId: driver.user.id,
        vehicleId: driver.vehicle.id,
        status: 'in_progress',
        acceptedAt: new Date(),
        startedAt: new Date(),
      });
      const done = await createCompletedTrip(db, {
        passengerId: rider.id,
        driverId: driver.user.id,
        vehicleId: driver.vehicle.id,
        fareCents: 2500,
        completedAt: new Date(),
      });
      // Paid by Yape and waiting for both answers: a stranger's 'Ya pagué' or 'Pago recibido' would change it.
      await db
        .update(schema.trips)
        .set({ paymentMethod: 'yape', paymentStatus: 'pending', payeePhone: '987654321' })
        .where(eq(schema.trips.id, done.id));
      const { paymentCase } = await createPaymentCase(db, {
        passengerId: rider.id,
        driverId: driver.user.id,
        vehicleId: driver.vehicle.id,
      });
      // The first passenger's booking for the day after tomorrow, confirmed with the owner driver, who chat about it.
      const bookedFor = new Date(Math.ceil(Date.now() / 3_600_000) * 3_600_000 + 48 * 3_600_000);
      const booking = await createTrip(db, {
        passengerId: rider.id,
        driverId: driver.user.id,
        vehicleId: driver.vehicle.id,
        status: 'accepted',
        acceptedAt: new Date(),
        scheduledFor: bookedFor,
        expiresAt: new Date(bookedFor.getTime() + 10 * 60_000),
      });
      await db.insert(schema.chatMessages).values({
        tripId: booking.id,
        driverId: driver.user.id,
        senderId: rider.id,
        senderRole: 'passenger',
        message: '¿Me recoges en la puerta?',
      });
      const [place] = await db
        .insert(schema.savedLocations)
        .values({
          userId: rider.id,
          name: 'Casa',
          address: 'Av. Larco 123',
          latitude: '-12.120000',
          longitude: '-77.030000',
        })
        .returning();
      await db
        .insert(schema.driverDocumentBlobs)
        .values({ storageKey: 'owner-licence', bytes: Buffer.from([0xff, 0xd8, 0xff]) });
      const [document] = await db
        .insert(schema.driverDocuments)
        .values({
          driverId: driver.user.id,
          kind: 'license_front',
          storageKey: 'owner-licence',
          storage: 'database',
          contentType: 'image/jpeg',
          byteSize: 3,
          width: 1,
          height: 1,
        })
        .returning();
      const [alert] = await db
        .insert(schema.safetyAlerts)
        .values({ tripId: riding.id, userId: secondRider.id, role: 'passenger' })
        .returning();
      // The first passenger signed in on a phone: a session a stranger must not end.
      await login(t.baseUrl, rider.email);
      const [riderSession] = await db
        .select({ id: schema.sessions.id })
        .from(schema.sessions)
        .where(eq(schema.sessions.userId, rider.id));
      owner = {
        trips: { pending: pending.id, in_progress: riding.id, completed: done.id, booking: booking.id },
        driver: driver.user.id,
        vehicle: driver.vehicle.id,
        savedLocation: place!.id,
        document: document!.id,
        user: rider.id,
        alert: alert!.id,
        paymentCase: paymentCase.id,
        session: riderSession!.id,
      };

      // Strangers of each role. Drivers are verified and online but in Arequipa: a pending request is
      // public to the drivers it matches (they may offer on it), so a stranger driver is one it does not.
      const arequipa = {
        currentLatitude: AREQUIPA.latitude.toFixed(6),
        currentLongitude: AREQUIPA.longitude.toFixed(6),
      };
      const strangerDriver = await createDriver(db, { profile: arequipa });
      const strangerBoth = await createDriver(db, { user: { userType: 'both' }, profile: arequipa });
      const strangerPassenger = await createUser(db);
      const strangerAdmin = await createUser(db, { isAdmin: true });
      // Former counterparts, also away from the pending request: one offered on the trips the passengers
      // then gave to the owner driver (offers 'rejected'); one withdrew from all three ('Rechazar' on the
      // pending one). Each chatted on its own conversation of every trip while it counted.
      const notChosen = await createDriver(db, { profile: arequipa });
      const withdrew = await createDriver(db, { profile: arequipa });
      const formerOffers = [
        { former: notChosen, trip: riding, passengerId: secondRider.id, status: 'rejected' as const },
        { former: notChosen, trip: done, passengerId: rider.id, status: 'rejected' as const },
        { former: withdrew, trip: pending, passengerId: rider.id, status: 'withdrawn' as const },
        { former: withdrew, trip: riding, passengerId: secondRider.id, status: 'withdrawn' as const },
        { former: withdrew, trip: done, passengerId: rider.id, status: 'withdrawn' as const },
      ];
      for (const { former, trip, passengerId, status } of formerOffers) {
        await db.insert(schema.tripOffers).values({
          tripId: trip.id,
          driverId: former.user.id,
          vehicleId: former.vehicle.id,
          priceCents: 1800,
          status,
        });
        await db.insert(schema.chatMessages).values({
          tripId: trip.id,
          driverId: former.user.id,
          senderId: passengerId,
          senderRole: 'passenger',
          message: 'Hola',
        });
      }
      await db.insert(schema.tripRejections).values({ tripId: pending.id, driverId: withdrew.user.id });
      strangers = [
        { role: 'passenger', token: (await login(t.baseUrl, strangerPassenger.email)).token, admin: false },
        { role: 'driver', token: (await login(t.baseUrl, strangerDriver.user.email)).token, admin: false },
        { role: 'both', token: (await login(t.baseUrl, strangerBoth.user.email)).token, admin: false },
        { role: 'admin', token: (await login(t.baseUrl, strangerAdmin.email)).token, admin: true },
        {
          role: 'driver not chosen',
          token: (await login(t.baseUrl, notChosen.user.email)).token,
          admin: false,
          self: notChosen.user.id,
        },
        {
          role: 'driver who withdrew',
          token: (await login(t.baseUrl, withdrew.user.email)).token,
          admin: false,
          self: withdrew.user.id,
        },
      ];
      operations = await loadOperations(t.baseUrl);
    });
    afterAll(async () => t?.stop());

    it("knows how to create the owner's object for every id parameter in the document", (context) => {
      if (!available) return context.skip('PostgreSQL is not running on this machine');
      const unknown = operations.flatMap((op) =>
        idParams(op)
          .filter((p) => !(p.key in ID_KINDS))
          .map((p) => `${op.method} ${op.path}: ${p.key}`),
      );
      expect(unknown, 'add these id parameters to ID_KINDS in ownership.test.ts').toEqual([]);
      expect(operations.filter((op) => idParams(op).some((p) => ID_KINDS[p.key])).length).toBeGreaterThan(10);
    });

    it('answers 403/404 to strangers of every role and changes nothing', async (context) => {
      if (!available) return context.skip('PostgreSQL is not running on this machine');
      const db = t.app.database.db;
      const owned = operations.filter((op) => idParams(op).some((p) => ID_KINDS[p.key]));
      let calls = 0;
      for (const op of owned) {
        const params = idParams(op).filter((p) => ID_KINDS[p.key]);
        const stages: readonly (Stage | null)[] = params.some((p) => ID_KINDS[p.key] === 'trip') ? TRIP_STAGES : [null];
        const kinds = new Set(params.map((p) => ID_KINDS[p.key]));
        for (const stage of stages) {
          for (const stranger of strangers) {
            if (stranger.admin && op.tags.includes('admin')) continue;
            // A former counterpart's own id where a route takes a trip and a driver: their conversation.
            const driverId =
              stranger.self !== undefined && kinds.has('trip') && kinds.has('driver') ? stranger.self : owner.driver;
            const idOf = (kind: IdKind) =>
              kind === 'trip' ? owner.trips[stage ?? 'pending'] : kind === 'driver' ? driverId : owner[kind];
            const pathValues: Record<string, unknown> = {};
            const query = new URLSearchParams();
            const body = op.body ? (validValue(op.body) as Record<string, unknown>) : undefined;
            for (const p of op.parameters) {
              if (p.in === 'path') pathValues[p.name] = validValue(p.schema, p.name);
              if (p.in === 'query' && p.required) query.set(p.name, String(validValue(p.schema, p.name)));
            }
            // Strangers report where they are (Arequipa), not where the owner's request is.
            for (const key of Object.keys(body ?? {})) {
              if (/latitude$/.test(key)) body![key] = AREQUIPA.latitude;
              if (/longitude$/.test(key)) body![key] = AREQUIPA.longitude;
            }
            for (const p of params) {
              const id = idOf(ID_KINDS[p.key]!);
              if (p.where === 'path') pathValues[p.name] = id;
              else if (p.where === 'query') query.set(p.name, String(id));
              else body![p.name] = id;
            }
            const url = `${t.baseUrl}${fillPath(op.path, pathValues)}${query.size ? `?${query}` : ''}`;
            const label = `${stranger.role} ${op.method} ${op.path} (${stage ?? 'no trip'}) ${body ? JSON.stringify(body) : ''}`;
            const before = await databaseFingerprint(db);
            const response = await fetch(url, {
              method: op.method,
              headers: {
                authorization: `Bearer ${stranger.token}`,
                ...(body ? { 'content-type': 'application/json' } : {}),
              },
              body: body ? JSON.stringify(body) : undefined,
            });
            const text = await response.text();
            expect(responseProblem(response.status, response.headers, text), label).toBeNull();
            expect([403, 404], `${label} → ${response.status} ${text}`).toContain(response.status);
            expect(await databaseFingerprint(db), `${label} changed the database`).toBe(before);
            calls += 1;
          }
        }
      }
      expect(calls).toBeGreaterThan(100);
    }, 120_000);
  });
}

defineOwnershipSuite('pglite');
defineOwnershipSuite('postgres');
