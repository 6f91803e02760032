/** The fake answers web tests use are answers the server could send: each parses with its contract schema. */
import {
  zChatMessage,
  zCreatedTrip,
  zDriverOffer,
  zDriverTrip,
  zDriverTripRequest,
  zPassengerTrip,
  zPlace,
  zRouteResult,
  zTripHistoryItem,
  zUser,
} from '@jala/contracts';
import { describe, expect, it } from 'vitest';

import {
  makeChatMessage,
  makeCreatedTrip,
  makeDriverOffer,
  makeDriverTrip,
  makeDriverTripRequest,
  makeDriverUser,
  makePassengerTrip,
  makePlace,
  makeRouteResult,
  makeTripDriver,
  makeTripHistoryItem,
  makeUser,
} from '../src';

describe('API answer factories', () => {
  it.each([
    ['user', zUser, makeUser()],
    ['driver user', zUser, makeDriverUser()],
    ['created trip', zCreatedTrip, makeCreatedTrip()],
    ['passenger trip', zPassengerTrip, makePassengerTrip()],
    [
      'passenger trip with a driver',
      zPassengerTrip,
      makePassengerTrip({ status: 'en_route', driver: makeTripDriver() }),
    ],
    ['driver trip', zDriverTrip, makeDriverTrip()],
    ['driver trip request', zDriverTripRequest, makeDriverTripRequest()],
    ['driver offer', zDriverOffer, makeDriverOffer({ driver_id: 9, price: 18 })],
    ['chat message', zChatMessage, makeChatMessage()],
    ['trip history item', zTripHistoryItem, makeTripHistoryItem()],
    ['place', zPlace, makePlace()],
    ['route', zRouteResult, makeRouteResult()],
  ] as const)('makes a valid %s', (_name, schema, value) => {
    expect(schema.parse(value)).toEqual(value);
  });

  it('follows the contract where the web used to hedge: numeric coordinates, the status enum', () => {
    expect(zPassengerTrip.safeParse({ ...makePassengerTrip(), pickup_latitude: '-12.121100' }).success).toBe(false);
    expect(zDriverTrip.safeParse({ ...makeDriverTrip(), trip_status: 'somewhere' }).success).toBe(false);
  });

  it('keeps the offer ids consistent with the driver', () => {
    expect(makeDriverOffer({ driver_id: 9 })).toMatchObject({ driver_id: 9, offer_id: 90 });
  });
});
