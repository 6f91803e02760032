/**
 * Passwords: 'Contraseña' in both profiles (a change knowing the current one). The signed-out pages of the reset
 * by e-mail (pages/) are loaded lazily by the router.
 */
import './password.css';

export { ChangePasswordSection, PASSWORD_CHANGED_NOTICE } from './components/change-password-section';
