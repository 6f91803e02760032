import type { DriverTrip, PassengerTrip } from '@jala/contracts';

import type { LiveTrips } from '../core/live-trips';
import { toDriverTripDto, toPassengerTripDto } from '../core/trip-dto';
import type { TripsRepository } from '../core/trips.repository';

/**
 * The one active trip of a passenger or a driver (null when none), as the active-trip pages and the route
 * guard read it: answered from the live-trips read model, loaded from the database when it holds nothing current.
 */
export class ActiveTripService {
  constructor(
    private readonly trips: TripsRepository,
    private readonly live: LiveTrips,
  ) {}

  async passengerActiveTrip(passengerId: number): Promise<PassengerTrip | null> {
    return this.live.passengerTrip(passengerId, () => this.loadPassengerTrip(passengerId));
  }

  async driverCurrentTrip(driverId: number): Promise<DriverTrip | null> {
    return this.live.driverTrip(driverId, () => this.loadDriverTrip(driverId));
  }

  private async loadPassengerTrip(passengerId: number): Promise<PassengerTrip | null> {
    const trip = await this.trips.findActiveForPassenger(passengerId);
    if (!trip) return null;
    const adjustments = await this.trips.listFareAdjustments(trip.id);
    if (!trip.driverId) return toPassengerTripDto(trip, adjustments);
    const [party, vehicle, position, hasPhoto] = await Promise.all([
      this.trips.findParty(trip.driverId),
      trip.vehicleId ? this.trips.findVehicle(trip.vehicleId) : Promise.resolve(undefined),
      this.trips.findDriverPosition(trip.driverId),
      this.trips.driverHasPhoto(trip.driverId),
    ]);
    return toPassengerTripDto(
      trip,
      adjustments,
      party ? { party, vehicle: vehicle ?? null, position, hasPhoto } : undefined,
    );
  }

  private async loadDriverTrip(driverId: number): Promise<DriverTrip | null> {
    const trip = await this.trips.findCurrentForDriver(driverId);
    if (!trip) return null;
    const [passenger, adjustments] = await Promise.all([
      this.trips.findParty(trip.passengerId),
      this.trips.listFareAdjustments(trip.id),
    ]);
    return passenger ? toDriverTripDto(trip, passenger, adjustments) : null;
  }
}
