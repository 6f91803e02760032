import type { DriverOffer } from '@jala/contracts';
import { fromCentimos } from '@jala/domain';
import type { OfferRow } from './trips.repository';
import { vehicleLabel, type TripVehicle } from './trip-dto';
import { fullName } from '../../lib/person-name';

export function toOfferDto(offer: OfferRow, driver: { firstName: string; lastName: string; rating: number | null; vehicle: TripVehicle }): DriverOffer {
  return {
    offer_id: offer.id,
    trip_id: offer.tripId,
    driver_id: offer.driverId,
    price: fromCentimos(offer.priceCents),
    driver: { name: fullName(driver), rating: driver.rating, vehicle: vehicleLabel(driver.vehicle) },
    location: offer.driverLatitude && offer.driverLongitude
      ? { latitude: Number(offer.driverLatitude), longitude: Number(offer.driverLongitude) }
      : null,
    created_at: offer.createdAt.toISOString(),
  };
}
