import type { AuthResult, LoginRequest, RegisterRequest, UpdateUserRequest, User } from '@jala/contracts';
import * as endpoints from '@jala/contracts/endpoints';

import { api, callApi } from './api-client';

/** Authentication calls of spec §7. Fallback texts are the spec's catalogue (§8). */

export async function loginRequest(credentials: LoginRequest): Promise<AuthResult> {
  // A 401 here means wrong credentials, not an expired session.
  return callApi(api(endpoints.login, { body: credentials, onUnauthorized: 'ignore' }), 'Error en login');
}

export async function registerRequest(payload: RegisterRequest): Promise<AuthResult> {
  return callApi(api(endpoints.register, { body: payload, onUnauthorized: 'ignore' }), 'Error en registro');
}

export async function fetchProfile(): Promise<User> {
  return callApi(api(endpoints.sessionUser), 'No se pudo obtener el perfil');
}

export async function updateProfileRequest(changes: UpdateUserRequest): Promise<User> {
  return callApi(api(endpoints.updateSessionUser, { body: changes }), 'No se pudo actualizar el perfil');
}

/** Tells the server the token is done with; any failure is the caller's to ignore. */
export async function logoutRequest(): Promise<void> {
  await api(endpoints.logout, { onUnauthorized: 'ignore' });
}

/** 'Acepto' on the consent screen: the current terms and privacy policy; answers the profile, no longer asking. */
export async function acceptConsentRequest(): Promise<User> {
  return callApi(
    api(endpoints.acceptConsent, { body: { accept_terms: true } }),
    'No se pudo registrar tu aceptación. Inténtalo de nuevo.',
  );
}
