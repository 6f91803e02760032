/** The signed-out screens' frame, for other features' public pages (the password reset). */
export { AuthLayout, EMAIL_INPUT } from './components/auth-layout';
