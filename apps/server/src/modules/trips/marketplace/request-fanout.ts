import type { TripRow } from '../core/trip-dto';
import type { TripEvents } from '../core/trip-events';
import type { TripsRepository } from '../core/trips.repository';
import { requestForDriver } from '../request-feed/driver-request-dto';
import type { MatchingRepository } from './matching.repository';

export interface RequestFanoutDeps {
  trips: Pick<TripsRepository, 'findParty' | 'findDriverPosition'>;
  matching: Pick<MatchingRepository, 'eligibleDriverIds'>;
  events: Pick<TripEvents, 'toDriver'>;
}

/**
 * Pushes a pending request to drivers' own feeds (jala/trip_requests/driver/{id}, and Web Push through
 * TripEvents): each driver gets it measured from their stored position, with their own offer's price.
 */
export class RequestFanout {
  constructor(private readonly d: RequestFanoutDeps) {}

  /** To every driver who should hear about it now (MatchingRepository.eligibleDriverIds). */
  async toEligibleDrivers(trip: TripRow, now: Date): Promise<void> {
    const [driverIds, passenger] = await Promise.all([
      this.d.matching.eligibleDriverIds(trip, now),
      this.d.trips.findParty(trip.passengerId),
    ]);
    await this.send(trip, passenger, driverIds, new Map());
  }

  /** To these drivers, each with the price of their own live offer when they made one. */
  async toDrivers(
    trip: TripRow,
    driverIds: Iterable<number>,
    myOfferCents: ReadonlyMap<number, number>,
  ): Promise<void> {
    await this.send(trip, await this.d.trips.findParty(trip.passengerId), driverIds, myOfferCents);
  }

  private async send(
    trip: TripRow,
    passenger: Awaited<ReturnType<TripsRepository['findParty']>>,
    driverIds: Iterable<number>,
    myOfferCents: ReadonlyMap<number, number>,
  ): Promise<void> {
    if (!passenger) return;
    for (const driverId of driverIds) {
      const request = await requestForDriver(
        this.d.trips,
        trip,
        passenger,
        driverId,
        myOfferCents.get(driverId) ?? null,
      );
      if (request) this.d.events.toDriver(driverId, { type: 'trip_request', request });
    }
  }
}
