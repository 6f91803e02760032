import { JOCKEY_PLAZA, PARQUE_KENNEDY } from '@jala/test-factories';
import { expect } from 'vitest';

import { type Api, api } from './api';

/**
 * The passenger accepts the driver's offer and the trip is driven to 'En curso' through the API (`call`: the
 * shared server's unless told): on the way, at the pickup, started with the code the passenger reads on their
 * active trip.
 */
export async function acceptAndStart(
  passengerToken: string | null,
  driverToken: string,
  driverId: number,
  tripId: number,
  call: Api = api,
): Promise<void> {
  expect(
    (await call('POST', '/drivers/trips/accept', passengerToken, { trip_id: tripId, driver_id: driverId })).status,
  ).toBe(200);
  expect((await call('PUT', `/driver/trips/${tripId}/status`, driverToken, { status: 'en_route' })).status).toBe(200);
  expect(
    (await call('PUT', `/driver/trips/${tripId}/status`, driverToken, { status: 'arrived', ...PARQUE_KENNEDY })).status,
  ).toBe(200);
  const startCode = (await call<{ start_code: string }>('GET', '/trips/active', passengerToken)).data.start_code;
  expect(
    (await call('PUT', `/driver/trips/${tripId}/status`, driverToken, { status: 'in_progress', start_code: startCode }))
      .status,
  ).toBe(200);
}

/**
 * A Yape trip at S/ 38 from Parque Kennedy to the Jockey Plaza, set up through the API up to 'En curso':
 * requested by the passenger, offered on by the driver at the pickup, accepted and started.
 */
export async function yapeTripInProgress(
  passengerToken: string,
  driverToken: string,
  driverId: number,
  addresses = { pickup: 'Parque Kennedy, Miraflores', destination: 'Jockey Plaza, Surco' },
): Promise<number> {
  const trip = await api<{ id: number }>('POST', '/trips', passengerToken, {
    pickup_latitude: PARQUE_KENNEDY.latitude,
    pickup_longitude: PARQUE_KENNEDY.longitude,
    pickup_address: addresses.pickup,
    destination_latitude: JOCKEY_PLAZA.latitude,
    destination_longitude: JOCKEY_PLAZA.longitude,
    destination_address: addresses.destination,
    service_type_id: 2,
    offer_price: 38,
    payment_method: 'yape',
  });
  expect(trip.status).toBe(201);
  const tripId = trip.data.id;
  expect(
    (await api('POST', '/driver/trips/accept', driverToken, { trip_request_id: tripId, ...PARQUE_KENNEDY })).status,
  ).toBe(201);
  await acceptAndStart(passengerToken, driverToken, driverId, tripId);
  return tripId;
}
