import { eq, schema } from '@jala/db';
import { createTrip, createUser } from '@jala/test-factories/database';
import { expect } from 'vitest';

import { describeOnBackends } from '../support/backends';
import { api } from '../support/http';
import { driverWithProfile, driverWithVehicle, signUpDriver, uniquePlate, vehicleBody } from './driver-test-kit';

// 2026-01-01 02:00 UTC is still 2025-12-31 in Lima: the default year and the bound follow Lima's calendar.
const NOW = new Date('2026-01-01T02:00:00Z');
const CAPACITY_MESSAGE = 'La capacidad debe ser un número entero de 1 a 8 pasajeros.';
const YEAR_MESSAGE = 'El año debe ser un número entero desde 1980.';

interface VehicleDto {
  id: number;
  vehicle_type: string;
  brand: string;
  model: string;
  license_plate: string;
  color: string;
  year: number;
  passenger_capacity: number;
  vehicle_status: string;
}

describeOnBackends(
  'driver vehicles on %s',
  ({ t, maybe }) => {
    maybe("adds a vehicle with year defaulting to Lima's current year and capacity 2, and lists it", async () => {
      const driver = await signUpDriver(t.baseUrl);
      expect((await api(t.baseUrl, 'GET', '/driver/vehicles', { token: driver.token })).body.data).toEqual([]);
      const plate = uniquePlate();
      const res = await api<VehicleDto>(t.baseUrl, 'POST', '/driver/vehicles/add', {
        token: driver.token,
        body: {
          vehicle_type: 'mototaxi',
          brand: ' Bajaj ',
          model: 'RE',
          license_plate: plate.toLowerCase(),
          color: 'Rojo',
        },
      });
      expect(res.status).toBe(201);
      expect(res.body.message).toBe('Vehículo agregado correctamente.');
      expect(res.body.data).toEqual({
        id: expect.any(Number),
        vehicle_type: 'mototaxi',
        brand: 'Bajaj',
        model: 'RE',
        license_plate: plate,
        color: 'Rojo',
        year: 2025,
        passenger_capacity: 2,
        vehicle_status: 'active',
      });
      const second = await api<VehicleDto>(t.baseUrl, 'POST', '/driver/vehicles/add', {
        token: driver.token,
        body: vehicleBody({ year: 2026, passenger_capacity: 4 }),
      });
      expect(second.body.data).toMatchObject({ year: 2026, passenger_capacity: 4 });
      const list = await api<VehicleDto[]>(t.baseUrl, 'GET', '/driver/vehicles', { token: driver.token });
      expect(list.body.data.map((v) => v.id)).toEqual([res.body.data.id, second.body.data.id]);
    });

    maybe.each([
      ['vehicle_type', { vehicle_type: undefined }, 'Requerido'],
      ['vehicle_type', { vehicle_type: '' }, 'Requerido'],
      ['vehicle_type', { vehicle_type: 'bus' }, 'Tipo de vehículo no válido. Usa mototaxi o auto.'],
      ['brand', { brand: undefined }, 'Requerido'],
      ['brand', { brand: ' ' }, 'Requerido'],
      ['model', { model: '' }, 'Requerido'],
      ['license_plate', { license_plate: '' }, 'Requerido'],
      ['license_plate', { license_plate: 'AB' }, 'Placa no válida: usa de 5 a 10 letras, números o guiones.'],
      ['license_plate', { license_plate: 'ABC$123' }, 'Placa no válida: usa de 5 a 10 letras, números o guiones.'],
      ['color', { color: undefined }, 'Requerido'],
      ['year', { year: 1979 }, YEAR_MESSAGE],
      ['year', { year: 2020.5 }, YEAR_MESSAGE],
      ['year', { year: '2020' }, YEAR_MESSAGE],
      ['year', { year: 2027 }, 'El año no puede ser posterior a 2026.'],
      ['passenger_capacity', { passenger_capacity: 0 }, CAPACITY_MESSAGE],
      ['passenger_capacity', { passenger_capacity: 9 }, CAPACITY_MESSAGE],
      ['passenger_capacity', { passenger_capacity: 2.5 }, CAPACITY_MESSAGE],
    ])('refuses a bad %s with its Spanish message and adds nothing', async (field, override, message) => {
      const driver = await signUpDriver(t.baseUrl);
      const res = await api(t.baseUrl, 'POST', '/driver/vehicles/add', {
        token: driver.token,
        body: vehicleBody(override),
      });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('VALIDATION');
      expect(res.body.fields?.[field]).toBe(message);
      expect((await api(t.baseUrl, 'GET', '/driver/vehicles', { token: driver.token })).body.data).toEqual([]);
    });

    maybe('keeps plates unique across drivers, whatever the case (409 in Spanish)', async () => {
      const first = await signUpDriver(t.baseUrl);
      const plate = uniquePlate();
      expect(
        (
          await api(t.baseUrl, 'POST', '/driver/vehicles/add', {
            token: first.token,
            body: vehicleBody({ license_plate: plate }),
          })
        ).status,
      ).toBe(201);
      const second = await signUpDriver(t.baseUrl);
      const res = await api(t.baseUrl, 'POST', '/driver/vehicles/add', {
        token: second.token,
        body: vehicleBody({ license_plate: plate.toLowerCase() }),
      });
      expect(res.status).toBe(409);
      expect(res.body).toMatchObject({
        code: 'CONFLICT',
        message: 'Ya existe un vehículo registrado con esa placa.',
        fields: { license_plate: 'Ya existe un vehículo registrado con esa placa.' },
      });
      expect((await api(t.baseUrl, 'GET', '/driver/vehicles', { token: second.token })).body.data).toEqual([]);
    });

    maybe('limits a driver to 10 vehicles', async () => {
      const driver = await signUpDriver(t.baseUrl);
      for (let i = 0; i < 10; i++) {
        expect(
          (await api(t.baseUrl, 'POST', '/driver/vehicles/add', { token: driver.token, body: vehicleBody() })).status,
        ).toBe(201);
      }
      const res = await api(t.baseUrl, 'POST', '/driver/vehicles/add', { token: driver.token, body: vehicleBody() });
      expect(res.status).toBe(409);
      expect(res.body.message).toBe('Puedes registrar como máximo 10 vehículos.');
    });

    maybe('edits colour and status of an own vehicle', async () => {
      const driver = await driverWithVehicle(t.baseUrl);
      const res = await api<VehicleDto>(t.baseUrl, 'PUT', `/driver/vehicles/${driver.vehicleId}`, {
        token: driver.token,
        body: { color: ' Azul ', vehicle_status: 'maintenance' },
      });
      expect(res.status).toBe(200);
      expect(res.body.message).toBe('Vehículo actualizado correctamente.');
      expect(res.body.data).toMatchObject({ id: driver.vehicleId, color: 'Azul', vehicle_status: 'maintenance' });
      const onlyStatus = await api<VehicleDto>(t.baseUrl, 'PUT', `/driver/vehicles/${driver.vehicleId}`, {
        token: driver.token,
        body: { vehicle_status: 'inactive' },
      });
      expect(onlyStatus.body.data).toMatchObject({ color: 'Azul', vehicle_status: 'inactive' });
      const list = await api<VehicleDto[]>(t.baseUrl, 'GET', '/driver/vehicles', { token: driver.token });
      expect(list.body.data[0]).toMatchObject({ color: 'Azul', vehicle_status: 'inactive' });
    });

    maybe.each([
      ['color', {}, 'Indica el color o el estado del vehículo.'],
      ['color', { color: '' }, 'Requerido'],
      [
        'vehicle_status',
        { vehicle_status: 'broken' },
        'Estado de vehículo no válido. Usa active, maintenance o inactive.',
      ],
    ])('refuses an invalid edit (%s) and changes nothing', async (field, body, message) => {
      const driver = await driverWithVehicle(t.baseUrl);
      const res = await api(t.baseUrl, 'PUT', `/driver/vehicles/${driver.vehicleId}`, { token: driver.token, body });
      expect(res.status).toBe(400);
      expect(res.body.fields?.[field]).toBe(message);
      const [row] = await t.app.database.db
        .select()
        .from(schema.vehicles)
        .where(eq(schema.vehicles.id, driver.vehicleId));
      expect(row).toMatchObject({ color: 'Blanco', vehicleStatus: 'active' });
    });

    maybe("answers 404 for another driver's vehicle, an unknown id, and 400 for a malformed id", async () => {
      const owner = await driverWithVehicle(t.baseUrl);
      const intruder = await signUpDriver(t.baseUrl);
      const res = await api(t.baseUrl, 'PUT', `/driver/vehicles/${owner.vehicleId}`, {
        token: intruder.token,
        body: { color: 'Negro', vehicle_status: 'inactive' },
      });
      expect(res.status).toBe(404);
      expect(res.body.message).toBe('Vehículo no encontrado.');
      const [row] = await t.app.database.db
        .select()
        .from(schema.vehicles)
        .where(eq(schema.vehicles.id, owner.vehicleId));
      expect(row).toMatchObject({ color: 'Blanco', vehicleStatus: 'active' });
      expect((await api(t.baseUrl, 'GET', '/driver/vehicles', { token: intruder.token })).body.data).toEqual([]);
      expect(
        (await api(t.baseUrl, 'PUT', '/driver/vehicles/999999', { token: intruder.token, body: { color: 'Negro' } }))
          .status,
      ).toBe(404);
      const malformed = await api(t.baseUrl, 'PUT', '/driver/vehicles/abc', {
        token: intruder.token,
        body: { color: 'Negro' },
      });
      expect(malformed.status).toBe(400);
      expect(malformed.body.message).toBe('Identificador no válido.');
    });

    maybe('refuses to take out of service the vehicle the driver is online with, until they go offline', async () => {
      const driver = await driverWithVehicle(t.baseUrl);
      expect(
        (
          await api(t.baseUrl, 'POST', '/driver/status', {
            token: driver.token,
            body: { status: 'online', vehicle_id: driver.vehicleId },
          })
        ).status,
      ).toBe(200);
      const refused = await api(t.baseUrl, 'PUT', `/driver/vehicles/${driver.vehicleId}`, {
        token: driver.token,
        body: { color: 'Verde', vehicle_status: 'maintenance' },
      });
      expect(refused.status).toBe(409);
      expect(refused.body.message).toBe(
        'No puedes cambiar el estado del vehículo con el que estás conectado o en un viaje. Desconéctate primero.',
      );
      const [row] = await t.app.database.db
        .select()
        .from(schema.vehicles)
        .where(eq(schema.vehicles.id, driver.vehicleId));
      expect(row).toMatchObject({ color: 'Blanco', vehicleStatus: 'active' });
      // Only the colour is fine while online.
      expect(
        (
          await api(t.baseUrl, 'PUT', `/driver/vehicles/${driver.vehicleId}`, {
            token: driver.token,
            body: { color: 'Verde' },
          })
        ).status,
      ).toBe(200);
      expect(
        (await api(t.baseUrl, 'POST', '/driver/status', { token: driver.token, body: { status: 'offline' } })).status,
      ).toBe(200);
      expect(
        (
          await api(t.baseUrl, 'PUT', `/driver/vehicles/${driver.vehicleId}`, {
            token: driver.token,
            body: { vehicle_status: 'maintenance' },
          })
        ).status,
      ).toBe(200);
    });

    maybe('refuses to take out of service the vehicle of a trip in progress', async () => {
      const driver = await driverWithProfile(t.baseUrl);
      const vehicle = await api<VehicleDto>(t.baseUrl, 'POST', '/driver/vehicles/add', {
        token: driver.token,
        body: vehicleBody(),
      });
      const passenger = await createUser(t.app.database.db);
      await createTrip(t.app.database.db, {
        passengerId: passenger.id,
        driverId: driver.id,
        vehicleId: vehicle.body.data.id,
        status: 'en_route',
      });
      const res = await api(t.baseUrl, 'PUT', `/driver/vehicles/${vehicle.body.data.id}`, {
        token: driver.token,
        body: { vehicle_status: 'inactive' },
      });
      expect(res.status).toBe(409);
    });
  },
  { start: () => ({ app: { now: () => NOW } }) },
);
