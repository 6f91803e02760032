/**
 * "Verifica tu celular": the card both profiles mount, the driver's reminder, and the 'Celular verificado'
 * badge the offer, request and trip cards show for the other side. The server side is
 * apps/server/src/modules/phone-verification.
 */
import './phone-verification.css';

export { PHONE_CARD_ANCHOR, PhoneVerificationCard } from './components/phone-verification-card';
export { PhoneVerifiedBadge } from './components/phone-verified-badge';
export { VerifyPhonePrompt } from './components/verify-phone-prompt';
