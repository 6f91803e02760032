/**
 * Where a trip ended: the server measures the distance from the driver's reported final
 * position to the destination, stores it, tells the passenger on trip_status when it is beyond
 * FAR_FROM_DESTINATION_METERS, and both sides read it on the receipt. A client's own claim counts for nothing.
 */
import { topics } from '@jala/contracts';
import { schema } from '@jala/db';
import { FAR_FROM_DESTINATION_METERS } from '@jala/domain';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';

import { JOCKEY, KENNEDY, tripInProgress } from '../support/actors';
import { describeOnBackends } from '../support/backends';
import { api } from '../support/http';
import { awaitNextMessage } from '../support/mqtt';

interface Completion {
  trip_status: string;
  ended_far_from_destination_m: number | null;
}
interface Receipt {
  ended_far_from_destination_m: number | null;
}

describeOnBackends('where a trip ended on %s', ({ t, maybe }) => {
  maybe('ended at the pickup: measured, stored, pushed to the passenger and on both receipts', async () => {
    const { p, d, tripId } = await tripInProgress(t);
    const { client: passengerMqtt, message: live } = await awaitNextMessage(t.wsUrl, p, topics.tripStatus(tripId));

    const done = await api<Completion>(t.baseUrl, 'POST', '/driver/trips/complete', {
      // The browser's word about the distance is not a field the server reads.
      token: d.token,
      body: {
        trip_id: tripId,
        final_latitude: KENNEDY.latitude,
        final_longitude: KENNEDY.longitude,
        ended_far_from_destination_m: null,
      },
    });
    expect(done.status).toBe(200);
    const far = done.body.data.ended_far_from_destination_m;
    expect(far).toBeGreaterThan(6500);
    expect(far).toBeLessThan(7000);

    const [row] = await t.app.database.db.select().from(schema.trips).where(eq(schema.trips.id, tripId));
    expect(row?.endDistanceToDestinationM).toBe(far);
    expect(await live).toMatchObject({ trip_id: tripId, status: 'completed', ended_far_from_destination_m: far });
    passengerMqtt.end(true);

    for (const token of [p.token, d.token]) {
      const receipt = await api<Receipt>(t.baseUrl, 'GET', `/trips/${tripId}/receipt`, { token });
      expect(receipt.status).toBe(200);
      expect(receipt.body.data.ended_far_from_destination_m).toBe(far);
    }
  });

  maybe('ended at the destination: the distance is stored but nobody is told of a far end', async () => {
    const { p, d, tripId } = await tripInProgress(t);
    const { client: passengerMqtt, message: live } = await awaitNextMessage(t.wsUrl, p, topics.tripStatus(tripId));
    // ~100 m from Jockey Plaza: within FAR_FROM_DESTINATION_METERS.
    const done = await api<Completion>(t.baseUrl, 'POST', '/driver/trips/complete', {
      token: d.token,
      body: {
        trip_id: tripId,
        final_latitude: JOCKEY.latitude + 0.0009,
        final_longitude: JOCKEY.longitude,
        ended_far_from_destination_m: 9999,
      },
    });
    expect(done.status).toBe(200);
    expect(done.body.data.ended_far_from_destination_m).toBeNull();
    const [row] = await t.app.database.db.select().from(schema.trips).where(eq(schema.trips.id, tripId));
    expect(row?.endDistanceToDestinationM).toBeGreaterThan(50);
    expect(row?.endDistanceToDestinationM).toBeLessThanOrEqual(FAR_FROM_DESTINATION_METERS);
    const message = await live;
    expect(message).toMatchObject({ trip_id: tripId, status: 'completed' });
    expect(message).not.toHaveProperty('ended_far_from_destination_m');
    passengerMqtt.end(true);
    const receipt = await api<Receipt>(t.baseUrl, 'GET', `/trips/${tripId}/receipt`, { token: p.token });
    expect(receipt.body.data.ended_far_from_destination_m).toBeNull();
  });
});
