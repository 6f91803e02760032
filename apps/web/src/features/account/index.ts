/**
 * The account's lifecycle: the profiles' 'Tu cuenta y privacidad' section and the legal links of sign-up.
 * Its pages ('Sesiones abiertas', 'Eliminar mi cuenta', the consent screen, /terminos, /privacidad) are loaded
 * lazily by the router and the route guard.
 */
import './account.css';

export { AccountSection } from './components/account-section';
export { LegalLinks } from './components/legal-links';
export { CONSENT_LABEL } from './model/consent';
