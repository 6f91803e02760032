import { ActiveTripScreen } from '../components/active-trip-screen';

/** Passenger's active trip (spec §2): the passenger side of the live trip. */
export function PassengerActiveTripPage() {
  return <ActiveTripScreen />;
}
