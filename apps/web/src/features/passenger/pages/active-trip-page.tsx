import { ActiveTripScreen } from '../../passenger-trip/components/active-trip-screen';

/** Passenger's active trip (spec §2): see features/passenger-trip. */
export function PassengerActiveTripPage() {
  return <ActiveTripScreen />;
}
