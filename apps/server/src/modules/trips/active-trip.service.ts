import type { UsersRepository } from '../auth/users.repository';
import type { DriverTrip, PassengerTrip } from '@jala/contracts';
import { toDriverTripDto, toPassengerTripDto } from './trip-dto';
import type { TripsRepository } from './trips.repository';

/** The one active trip of a passenger or a driver (null when none), as the active-trip pages and the route guard read it. */
export class ActiveTripService {
  constructor(private readonly trips: TripsRepository, private readonly users: UsersRepository) {}

  async passengerActiveTrip(passengerId: number): Promise<PassengerTrip | null> {
    const trip = await this.trips.findActiveForPassenger(passengerId);
    if (!trip) return null;
    const adjustments = await this.trips.listFareAdjustments(trip.id);
    if (!trip.driverId) return toPassengerTripDto(trip, adjustments);
    const rating = (id: number) => this.users.ratingAverage(id);
    const [party, vehicle, position, hasPhoto] = await Promise.all([
      this.trips.findParty(trip.driverId, rating),
      trip.vehicleId ? this.trips.findVehicle(trip.vehicleId) : Promise.resolve(undefined),
      this.trips.findDriverPosition(trip.driverId),
      this.trips.driverHasPhoto(trip.driverId),
    ]);
    return toPassengerTripDto(trip, adjustments, party ? { party, vehicle: vehicle ?? null, position, hasPhoto } : undefined);
  }

  async driverCurrentTrip(driverId: number): Promise<DriverTrip | null> {
    const trip = await this.trips.findCurrentForDriver(driverId);
    if (!trip) return null;
    const [passenger, adjustments] = await Promise.all([
      this.trips.findParty(trip.passengerId, (id) => this.users.ratingAverage(id)),
      this.trips.listFareAdjustments(trip.id),
    ]);
    if (!passenger) return null;
    return toDriverTripDto(trip, passenger, adjustments);
  }
}
