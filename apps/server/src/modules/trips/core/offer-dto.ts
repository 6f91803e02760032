import type { DriverOffer } from '@jala/contracts';
import { fromCentimos } from '@jala/domain';

import { fullName } from '../../../lib/person-name';
import { type TripVehicle, vehicleLabel } from './trip-dto';
import type { OfferRow } from './trips.repository';

export function toOfferDto(
  offer: OfferRow,
  driver: { firstName: string; lastName: string; rating: number | null; vehicle: TripVehicle; phoneVerified: boolean },
): DriverOffer {
  return {
    offer_id: offer.id,
    trip_id: offer.tripId,
    driver_id: offer.driverId,
    price: fromCentimos(offer.priceCents),
    driver: {
      name: fullName(driver),
      rating: driver.rating,
      vehicle: vehicleLabel(driver.vehicle),
      phone_verified: driver.phoneVerified,
    },
    location:
      offer.driverLatitude && offer.driverLongitude
        ? { latitude: Number(offer.driverLatitude), longitude: Number(offer.driverLongitude) }
        : null,
    created_at: offer.createdAt.toISOString(),
  };
}
