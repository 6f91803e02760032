/** What other features use of the passenger workspace (its pages are loaded lazily by the router). */
export { fetchTripHistory } from './api/passenger-api';
export { RateTripForm } from './components/rate-trip-form';
export { SavedPlaceChips } from './components/saved-place-chips';
