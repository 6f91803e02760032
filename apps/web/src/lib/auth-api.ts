import type { AuthResult, LoginRequest, RegisterRequest, UpdateUserRequest, User } from '@jala/contracts';
import { apiClient, callApi } from './api-client';

/** Authentication calls of spec §7. Fallback texts are the spec's catalogue (§8). */

export async function loginRequest(credentials: LoginRequest): Promise<AuthResult> {
  // A 401 here means wrong credentials, not an expired session.
  return callApi(apiClient.post<AuthResult>('/auth/login', credentials, { onUnauthorized: 'ignore' }), 'Error en login');
}

export async function registerRequest(payload: RegisterRequest): Promise<AuthResult> {
  return callApi(apiClient.post<AuthResult>('/auth/register', payload, { onUnauthorized: 'ignore' }), 'Error en registro');
}

export async function fetchProfile(): Promise<User> {
  return callApi(apiClient.get<User>('/auth/profile'), 'No se pudo obtener el perfil');
}

export async function updateProfileRequest(changes: UpdateUserRequest): Promise<User> {
  return callApi(apiClient.put<User>('/auth/profile', changes), 'No se pudo actualizar el perfil');
}

/** Tells the server the token is done with; any failure is the caller's to ignore. */
export async function logoutRequest(): Promise<void> {
  await apiClient.post<null>('/auth/logout', {}, { onUnauthorized: 'ignore' });
}
