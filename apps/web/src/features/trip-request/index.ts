/**
 * The request wizard's public face: what the live trip reuses of a trip's creation and publication.
 * (The wizard page itself is loaded lazily by the router.)
 */
export { cancelTrip, PASSENGER_CANCEL_REASON, TRIP_FALLBACKS, type CreatedTrip } from './api/trip-api';
export { publishTripRequest } from './api/publish-trip';
export { readActiveTripLocationState, type ActiveTripLocationState } from './model/active-trip-location-state';
