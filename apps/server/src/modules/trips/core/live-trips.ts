/**
 * The live trips as the phones poll them, in memory (docs/ARCHITECTURE.md 'Read models'): the passenger's
 * active trip, the driver's current trip and the offers on a pending trip. Built lazily from the database
 * on a miss (a restart loses nothing) and kept while the version stamps they were loaded under hold:
 * every marketplace write calls `touch*` after its commit and before it answers or publishes its MQTT
 * message, on whichever node, so no reader — the writer, or the other party refetching on that message on
 * any node — is answered from a stale entry. Only live trips are kept: a passenger or driver with none is
 * one small "none" entry, and every entry goes after READ_MODEL_MAX_AGE_MS.
 *
 * The driver's position on the passenger's trip changes every few seconds without a version bump: the
 * driver's MQTT publication on driver_location/{trip}, which reaches every node's broker, updates the
 * kept answer in place (`driverMoved`).
 */
import type { DriverOffer, DriverTrip, PassengerTrip } from '@jala/contracts';
import type { FastifyBaseLogger } from 'fastify';

import { ReadCache } from '../../../lib/read-cache';
import { readKeys, type ReadVersions } from '../../../lib/read-versions';

/** Bound of the trip → passenger index (trips are dropped oldest first; a dropped one just misses position updates). */
const MAX_FOLLOWED_TRIPS = 50_000;

export interface TripParties {
  id: number;
  passengerId: number;
  driverId: number | null;
}

export class LiveTrips {
  private readonly passengerTrips: ReadCache<PassengerTrip | null>;
  private readonly driverTrips: ReadCache<DriverTrip | null>;
  private readonly offers: ReadCache<{ passengerId: number; offers: DriverOffer[] } | null>;
  /** trip id → its passenger, for trips whose passenger answer is kept with a driver (position updates). */
  private readonly passengerOfTrip = new Map<number, number>();

  constructor(
    private readonly versions: ReadVersions,
    private readonly log: FastifyBaseLogger,
  ) {
    this.passengerTrips = new ReadCache({ versions });
    this.driverTrips = new ReadCache({ versions });
    this.offers = new ReadCache({ versions });
  }

  async passengerTrip(passengerId: number, load: () => Promise<PassengerTrip | null>): Promise<PassengerTrip | null> {
    const trip = await this.passengerTrips.read(String(passengerId), [readKeys.user(passengerId)], load);
    if (trip?.driver && this.passengerOfTrip.get(trip.id) !== passengerId) {
      this.passengerOfTrip.set(trip.id, passengerId);
      if (this.passengerOfTrip.size > MAX_FOLLOWED_TRIPS)
        this.passengerOfTrip.delete(this.passengerOfTrip.keys().next().value!);
    }
    return trip;
  }

  driverTrip(driverId: number, load: () => Promise<DriverTrip | null>): Promise<DriverTrip | null> {
    return this.driverTrips.read(String(driverId), [readKeys.user(driverId)], load);
  }

  /** The offers on a trip with the trip's passenger (the caller checks it is the reader). */
  tripOffers(tripId: number, load: () => Promise<{ passengerId: number; offers: DriverOffer[] } | null>) {
    return this.offers.read(String(tripId), [readKeys.tripOffers(tripId)], load);
  }

  /** A trip's row changed (status, price, stage, fare, start code): both parties' answers and its offers. */
  touchTrip(trip: TripParties): Promise<void> {
    const keys = [
      readKeys.user(trip.passengerId),
      readKeys.tripOffers(trip.id),
      readKeys.pendingRequests(),
      readKeys.stats(trip.passengerId),
    ];
    if (trip.driverId !== null)
      keys.push(readKeys.user(trip.driverId), readKeys.driverFeed(trip.driverId), readKeys.stats(trip.driverId));
    return this.bump(keys);
  }

  /** Offers on these trips changed (sent, withdrawn, rejected by the driver). */
  touchOffers(tripIds: readonly number[], driverId?: number): Promise<void> {
    return this.bump([
      ...tripIds.map(readKeys.tripOffers),
      ...(driverId === undefined ? [] : [readKeys.driverFeed(driverId), readKeys.stats(driverId)]),
    ]);
  }

  /** Something a user's trip answers show about them changed (e.g. their rating average). */
  touchUser(userId: number): Promise<void> {
    return this.bump([readKeys.user(userId), readKeys.stats(userId)]);
  }

  /** The driver's stored position moved: their request feed reloads around it. */
  touchFeed(driverId: number): Promise<void> {
    return this.bump([readKeys.driverFeed(driverId)]);
  }

  /**
   * A user's own account changed (driver profile, vehicles, status, documents, verification, suspension,
   * saved places): their request feed, driver status and stats reload.
   */
  touchAccount(userId: number): Promise<void> {
    return this.bump([readKeys.driverFeed(userId), readKeys.stats(userId)]);
  }

  /** The assigned driver's published position: every node updates the kept passenger answer in place. */
  driverMoved(tripId: number, position: { latitude: number; longitude: number }): void {
    const passengerId = this.passengerOfTrip.get(tripId);
    if (passengerId === undefined) return;
    this.passengerTrips.update(String(passengerId), (trip) => {
      if (!trip || trip.id !== tripId || !trip.driver) return trip;
      const latitude = Number(position.latitude.toFixed(6));
      const longitude = Number(position.longitude.toFixed(6));
      return { ...trip, driver: { ...trip.driver, location_latitude: latitude, location_longitude: longitude } };
    });
  }

  private async bump(keys: string[]): Promise<void> {
    try {
      await this.versions.bump(keys);
    } catch (error) {
      // The write itself is committed; its readers then see it within READ_MODEL_MAX_AGE_MS at worst.
      this.log.error({ err: error, keys }, 'read model version bump failed');
    }
  }
}
