/**
 * Safety on every trip: pieces the live-trip pages and the profiles mount, each self-contained.
 * The public share page (pages/shared-trip-page.tsx) is loaded lazily by the router.
 */
import './safety.css';

export { CarCard, type CarCardDriver } from './components/car-card';
export { StartCodeCard, StartCodeForm } from './components/start-code';
export { ShareTripButton } from './components/share-trip-button';
export { SosButton, SOS_HOLD_MS } from './components/sos-button';
export { TrustedContactsSection } from './components/trusted-contacts-section';
export { DriverPhotoSection } from './components/driver-photo-section';
