import { asc, eq, schema } from '@jala/db';
import { createTrip, createUser } from '@jala/test-factories/database';
import { beforeEach, expect } from 'vitest';

import { describeOnBackends } from '../support/backends';
import { api } from '../support/http';
import { driverWithProfile, driverWithVehicle, signUpDriver, vehicleBody } from './driver-test-kit';

const START = new Date('2026-03-10T15:00:00Z');

interface StatusDto {
  driver_status: string;
  active_vehicle_id: number | null;
  documents_verified: boolean;
  last_status_change: string | null;
}

let clock = START;

describeOnBackends(
  'driver online status on %s',
  ({ t, maybe }) => {
    beforeEach(() => {
      clock = START;
    });

    const logOf = (driverId: number) =>
      t.app.database.db
        .select()
        .from(schema.driverStatusLog)
        .where(eq(schema.driverStatusLog.driverId, driverId))
        .orderBy(asc(schema.driverStatusLog.id));

    maybe('reads offline without a profile, and refuses to go online before registering one', async () => {
      const driver = await signUpDriver(t.baseUrl);
      const res = await api<StatusDto>(t.baseUrl, 'GET', '/driver/status', { token: driver.token });
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual({
        driver_status: 'offline',
        active_vehicle_id: null,
        documents_verified: false,
        last_status_change: null,
      });
      const online = await api(t.baseUrl, 'POST', '/driver/status', {
        token: driver.token,
        body: { status: 'online' },
      });
      expect(online.status).toBe(409);
      expect(online.body.message).toBe('Registra tu perfil de conductor antes de conectarte.');
    });

    maybe(
      "refuses to go online without a vehicle, with a vehicle not active, or with another driver's vehicle",
      async () => {
        const driver = await driverWithProfile(t.baseUrl);
        const none = await api(t.baseUrl, 'POST', '/driver/status', {
          token: driver.token,
          body: { status: 'online' },
        });
        expect(none.status).toBe(400);
        expect(none.body.message).toBe(
          'Necesitas un vehículo activo para conectarte. Selecciona uno o registra un vehículo en tu perfil.',
        );

        const vehicle = await api<{ id: number }>(t.baseUrl, 'POST', '/driver/vehicles/add', {
          token: driver.token,
          body: vehicleBody(),
        });
        await api(t.baseUrl, 'PUT', `/driver/vehicles/${vehicle.body.data.id}`, {
          token: driver.token,
          body: { vehicle_status: 'maintenance' },
        });
        const notActive = await api(t.baseUrl, 'POST', '/driver/status', {
          token: driver.token,
          body: { status: 'online', vehicle_id: vehicle.body.data.id },
        });
        expect(notActive.status).toBe(400);
        expect(notActive.body.fields?.vehicle_id).toBe(
          'El vehículo seleccionado no está activo. Elige un vehículo activo para conectarte.',
        );

        const other = await driverWithVehicle(t.baseUrl);
        const foreign = await api(t.baseUrl, 'POST', '/driver/status', {
          token: driver.token,
          body: { status: 'online', vehicle_id: other.vehicleId },
        });
        expect(foreign.status).toBe(404);
        expect(foreign.body.message).toBe('Vehículo no encontrado.');

        expect(
          (await api<StatusDto>(t.baseUrl, 'GET', '/driver/status', { token: driver.token })).body.data.driver_status,
        ).toBe('offline');
        expect(await logOf(driver.id)).toEqual([]);
      },
    );

    maybe.each([
      [{ status: 'busy' }, 'status', 'Estado no válido. Usa online u offline.'],
      [{}, 'status', 'Estado no válido. Usa online u offline.'],
      [{ status: 'online', vehicle_id: 'uno' }, 'vehicle_id', 'Vehículo no válido.'],
      [{ status: 'online', vehicle_id: -3 }, 'vehicle_id', 'Vehículo no válido.'],
    ])('refuses a malformed status change %j with a Spanish 400', async (body, field, message) => {
      const driver = await driverWithVehicle(t.baseUrl);
      const res = await api(t.baseUrl, 'POST', '/driver/status', { token: driver.token, body });
      expect(res.status).toBe(400);
      expect(res.body.fields?.[field]).toBe(message);
      expect(await logOf(driver.id)).toEqual([]);
    });

    maybe('goes online with a vehicle and offline again, logging each real change once', async () => {
      const driver = await driverWithVehicle(t.baseUrl);
      const online = await api<StatusDto>(t.baseUrl, 'POST', '/driver/status', {
        token: driver.token,
        body: { status: 'online', vehicle_id: driver.vehicleId },
      });
      expect(online.status).toBe(200);
      expect(online.body.message).toBe('Estás conectado. Recibirás solicitudes cuando verifiquemos tus documentos.');
      expect(online.body.data).toEqual({
        driver_status: 'online',
        active_vehicle_id: driver.vehicleId,
        documents_verified: false,
        last_status_change: START.toISOString(),
      });
      expect((await api<StatusDto>(t.baseUrl, 'GET', '/driver/status', { token: driver.token })).body.data).toEqual(
        online.body.data,
      );

      // A pending driver is online but cannot drive (not matched, no offers).
      const session = await api<{ driver: { can_drive: boolean; is_online: boolean } }>(
        t.baseUrl,
        'GET',
        '/auth/profile',
        { token: driver.token },
      );
      expect(session.body.data.driver).toEqual({ can_drive: false, is_online: true });

      clock = new Date(START.getTime() + 60_000);
      const again = await api<StatusDto>(t.baseUrl, 'POST', '/driver/status', {
        token: driver.token,
        body: { status: 'online', vehicle_id: driver.vehicleId },
      });
      expect(again.body.data.last_status_change).toBe(START.toISOString());

      clock = new Date(START.getTime() + 3_600_000);
      const offline = await api<StatusDto>(t.baseUrl, 'POST', '/driver/status', {
        token: driver.token,
        body: { status: 'offline', vehicle_id: null },
      });
      expect(offline.status).toBe(200);
      expect(offline.body.message).toBe('Estás desconectado.');
      expect(offline.body.data).toEqual({
        driver_status: 'offline',
        active_vehicle_id: driver.vehicleId,
        documents_verified: false,
        last_status_change: clock.toISOString(),
      });
      await api(t.baseUrl, 'POST', '/driver/status', { token: driver.token, body: { status: 'offline' } });

      // Online again without naming a vehicle uses the remembered one.
      clock = new Date(START.getTime() + 7_200_000);
      const back = await api<StatusDto>(t.baseUrl, 'POST', '/driver/status', {
        token: driver.token,
        body: { status: 'online' },
      });
      expect(back.body.data).toMatchObject({ driver_status: 'online', active_vehicle_id: driver.vehicleId });

      const log = await logOf(driver.id);
      expect(log.map((row) => [row.status, row.vehicleId, row.changedAt.toISOString()])).toEqual([
        ['online', driver.vehicleId, START.toISOString()],
        ['offline', driver.vehicleId, new Date(START.getTime() + 3_600_000).toISOString()],
        ['online', driver.vehicleId, new Date(START.getTime() + 7_200_000).toISOString()],
      ]);
    });

    maybe('switching vehicles while online is a logged change', async () => {
      const driver = await driverWithVehicle(t.baseUrl);
      const second = await api<{ id: number }>(t.baseUrl, 'POST', '/driver/vehicles/add', {
        token: driver.token,
        body: vehicleBody({ vehicle_type: 'mototaxi' }),
      });
      await api(t.baseUrl, 'POST', '/driver/status', {
        token: driver.token,
        body: { status: 'online', vehicle_id: driver.vehicleId },
      });
      const switched = await api<StatusDto>(t.baseUrl, 'POST', '/driver/status', {
        token: driver.token,
        body: { status: 'online', vehicle_id: second.body.data.id },
      });
      expect(switched.body.data.active_vehicle_id).toBe(second.body.data.id);
      expect((await logOf(driver.id)).map((row) => row.vehicleId)).toEqual([driver.vehicleId, second.body.data.id]);
    });

    maybe('refuses to go offline or switch vehicle during a trip, and leaves the state as it was', async () => {
      const driver = await driverWithVehicle(t.baseUrl);
      const spare = await api<{ id: number }>(t.baseUrl, 'POST', '/driver/vehicles/add', {
        token: driver.token,
        body: vehicleBody(),
      });
      await api(t.baseUrl, 'POST', '/driver/status', {
        token: driver.token,
        body: { status: 'online', vehicle_id: driver.vehicleId },
      });
      const passenger = await createUser(t.app.database.db);
      const trip = await createTrip(t.app.database.db, {
        passengerId: passenger.id,
        driverId: driver.id,
        vehicleId: driver.vehicleId,
        status: 'in_progress',
      });
      const offline = await api(t.baseUrl, 'POST', '/driver/status', {
        token: driver.token,
        body: { status: 'offline' },
      });
      expect(offline.status).toBe(409);
      expect(offline.body.message).toBe(
        'No puedes desconectarte mientras tienes un viaje en curso. Finalízalo primero.',
      );
      const switched = await api(t.baseUrl, 'POST', '/driver/status', {
        token: driver.token,
        body: { status: 'online', vehicle_id: spare.body.data.id },
      });
      expect(switched.status).toBe(409);
      expect(switched.body.message).toBe('No puedes cambiar de vehículo durante un viaje en curso.');
      expect(
        (await api<StatusDto>(t.baseUrl, 'GET', '/driver/status', { token: driver.token })).body.data,
      ).toMatchObject({ driver_status: 'online', active_vehicle_id: driver.vehicleId });
      expect(await logOf(driver.id)).toHaveLength(1);
      // Once the trip is over, going offline works.
      await t.app.database.db
        .update(schema.trips)
        .set({ status: 'completed', completedAt: START, finalFareCents: 1000 })
        .where(eq(schema.trips.id, trip.id));
      expect(
        (await api(t.baseUrl, 'POST', '/driver/status', { token: driver.token, body: { status: 'offline' } })).status,
      ).toBe(200);
    });

    maybe('refuses to go online with an expired licence', async () => {
      const driver = await driverWithVehicle(t.baseUrl);
      await t.app.database.db
        .update(schema.driverProfiles)
        .set({ licenseExpiryDate: '2026-03-09' })
        .where(eq(schema.driverProfiles.userId, driver.id));
      const res = await api(t.baseUrl, 'POST', '/driver/status', {
        token: driver.token,
        body: { status: 'online', vehicle_id: driver.vehicleId },
      });
      expect(res.status).toBe(409);
      expect(res.body.message).toBe(
        'Tu licencia de conducir está vencida. Actualiza la fecha de vencimiento en tu perfil para conectarte.',
      );
    });

    maybe('shows documents verified and the verified message once an operator verified the driver', async () => {
      const driver = await driverWithVehicle(t.baseUrl);
      await t.app.database.db
        .update(schema.driverProfiles)
        .set({ verificationStatus: 'verified' })
        .where(eq(schema.driverProfiles.userId, driver.id));
      const res = await api<StatusDto>(t.baseUrl, 'POST', '/driver/status', {
        token: driver.token,
        body: { status: 'online', vehicle_id: driver.vehicleId },
      });
      expect(res.body.message).toBe('Estás conectado. Ya puedes recibir solicitudes.');
      expect(res.body.data.documents_verified).toBe(true);
      const session = await api<{ driver: { can_drive: boolean } }>(t.baseUrl, 'GET', '/auth/profile', {
        token: driver.token,
      });
      expect(session.body.data.driver.can_drive).toBe(true);
    });

    maybe('serialises concurrent status changes: the log alternates and ends in the final state', async () => {
      const driver = await driverWithVehicle(t.baseUrl);
      const bodies = Array.from({ length: 10 }, (_, i) => ({
        status: i % 2 === 0 ? 'online' : 'offline',
        vehicle_id: driver.vehicleId,
      }));
      const results = await Promise.all(
        bodies.map((body) => api(t.baseUrl, 'POST', '/driver/status', { token: driver.token, body })),
      );
      expect(results.every((r) => r.status === 200)).toBe(true);
      const log = await logOf(driver.id);
      for (let i = 1; i < log.length; i++) expect(log[i]?.status).not.toBe(log[i - 1]?.status);
      const final = await api<StatusDto>(t.baseUrl, 'GET', '/driver/status', { token: driver.token });
      expect(final.body.data.driver_status).toBe(log.at(-1)?.status);
    });
  },
  { start: () => ({ app: { now: () => clock } }) },
);
