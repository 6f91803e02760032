/**
 * The request wizard's public face: what the live trip reuses of a trip's writes (cancelling it, the
 * Spanish fallbacks). The wizard page itself is loaded lazily by the router.
 */
export { cancelTrip, PASSENGER_CANCEL_REASON, publishTripHttp, TRIP_FALLBACKS, type CreatedTrip } from './api/trip-api';
/** "Precio habitual para este recorrido: …", also on the driver's request card. */
export { FareHintSentence } from './components/fare-hint-sentence';
