/**
 * Drivers' MQTT positions written behind: the latest per driver, in one statement, never over a newer stored
 * position, written again after a failed write, and written on shutdown; end to end, a driver's publication
 * on driver_location/{trip} reaches driver_profiles within the write interval.
 */
import { eq, schema } from '@jala/db';
import { describe, expect, it } from 'vitest';

import { DriverPositionWriter, type PendingPosition } from '../../src/modules/trips/request-feed/position-writer';
import { driveToStage, onlineDriver, passenger, requestTrip } from '../support/actors';
import { describeOnBackends } from '../support/backends';
import { api } from '../support/http';
import { connectMqtt } from '../support/mqtt';

const quietLog = { warn: () => undefined };
const at = (seconds: number) => new Date(Date.UTC(2026, 10, 28, 12, 0, seconds));

describe('DriverPositionWriter', () => {
  it("keeps each driver's latest position and writes them all at once", async () => {
    const written: PendingPosition[][] = [];
    const writer = new DriverPositionWriter(async (rows) => void written.push([...rows]), 60_000, quietLog);
    writer.record({ driverId: 1, latitude: -12.1, longitude: -77.03, at: at(1) });
    writer.record({ driverId: 2, latitude: -12.2, longitude: -77.04, at: at(1) });
    writer.record({ driverId: 1, latitude: -12.3, longitude: -77.05, at: at(5) });
    // A late publication older than the kept one changes nothing.
    writer.record({ driverId: 1, latitude: -12.9, longitude: -77.9, at: at(3) });
    expect(writer.size).toBe(2);
    await writer.flush();
    expect(written).toHaveLength(1);
    expect(written[0]!.map((p) => [p.driverId, p.latitude])).toEqual([
      [1, -12.3],
      [2, -12.2],
    ]);
    expect(writer.size).toBe(0);
    await writer.flush();
    expect(written).toHaveLength(1);
  });

  it('keeps a batch whose write failed for the next one, under newer positions recorded meanwhile', async () => {
    let fail = true;
    const written: PendingPosition[][] = [];
    const writer = new DriverPositionWriter(
      async (rows) => {
        if (fail) throw new Error('database away');
        written.push([...rows]);
      },
      60_000,
      quietLog,
    );
    writer.record({ driverId: 1, latitude: -12.1, longitude: -77.03, at: at(1) });
    writer.record({ driverId: 2, latitude: -12.2, longitude: -77.04, at: at(1) });
    await writer.flush();
    expect(writer.size).toBe(2);
    writer.record({ driverId: 2, latitude: -12.25, longitude: -77.045, at: at(2) });
    fail = false;
    await writer.close();
    expect(written[0]!.map((p) => [p.driverId, p.latitude]).sort()).toEqual([
      [1, -12.1],
      [2, -12.25],
    ]);
  });

  it('writes on its own within the interval', async () => {
    const written = new Promise<readonly PendingPosition[]>((resolve) => {
      const writer = new DriverPositionWriter(async (rows) => resolve(rows), 10, quietLog);
      writer.record({ driverId: 7, latitude: -12.1, longitude: -77.03, at: at(1) });
    });
    expect((await written).map((p) => p.driverId)).toEqual([7]);
  });
});

describeOnBackends("drivers' published positions (%s)", ({ t, maybe }) => {
  maybe('a position published on driver_location reaches the database, and never replaces a newer one', async () => {
    const db = t.app.database.db;
    const rider = await passenger(t.baseUrl);
    const driver = await onlineDriver(t.baseUrl, db);
    const trip = await requestTrip(t.baseUrl, rider.token);
    await api(t.baseUrl, 'POST', '/driver/trips/accept', { token: driver.token, body: { trip_request_id: trip.id } });
    await api(t.baseUrl, 'POST', '/drivers/trips/accept', {
      token: rider.token,
      body: { trip_id: trip.id, driver_id: driver.id },
    });
    await driveToStage(t.baseUrl, { passenger: rider.token, driver: driver.token }, trip.id, 'en_route');
    const stored = async () => {
      const [row] = await db
        .select({ latitude: schema.driverProfiles.currentLatitude, at: schema.driverProfiles.locationUpdatedAt })
        .from(schema.driverProfiles)
        .where(eq(schema.driverProfiles.userId, driver.id));
      return row!;
    };
    const mqtt = await connectMqtt(t.wsUrl, { userId: driver.id, token: driver.token });
    try {
      await mqtt.publishAsync(
        `driver_location/${trip.id}`,
        JSON.stringify({ latitude: -12.11, longitude: -77.031, timestamp: new Date().toISOString() }),
      );
      await expect.poll(async () => (await stored()).latitude).toBe('-12.110000');
    } finally {
      await mqtt.endAsync(true);
    }
    // A write carrying an older time than the stored one (a publication that waited) changes nothing.
    const { at: storedAt } = await stored();
    const trips = t.app.services.trips;
    trips.positions.record({
      driverId: driver.id,
      latitude: -12.5,
      longitude: -77.5,
      at: new Date(storedAt!.getTime() - 1000),
    });
    await trips.positions.flush();
    expect((await stored()).latitude).toBe('-12.110000');
  });
});
