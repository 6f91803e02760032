import type { AuthResult, LoginRequest, RegisterRequest, UpdateUserRequest, User } from '@jala/contracts';
import { apiClient, requireData } from '../../../lib/api-client';

/** Authentication calls of spec §7. Fallback texts are the spec's catalogue (§8). */

export async function loginRequest(credentials: LoginRequest): Promise<AuthResult> {
  // A 401 here means wrong credentials, not an expired session.
  const response = await apiClient.post<AuthResult>('/auth/login', credentials, { onUnauthorized: 'ignore' });
  return requireData(response, 'Error en login');
}

export async function registerRequest(payload: RegisterRequest): Promise<AuthResult> {
  const response = await apiClient.post<AuthResult>('/auth/register', payload, { onUnauthorized: 'ignore' });
  return requireData(response, 'Error en registro');
}

export async function fetchProfile(): Promise<User> {
  return requireData(await apiClient.get<User>('/auth/profile'), 'No se pudo obtener el perfil');
}

export async function updateProfileRequest(changes: UpdateUserRequest): Promise<User> {
  return requireData(await apiClient.put<User>('/auth/profile', changes), 'No se pudo actualizar el perfil');
}

/** Tells the server the token is done with; any failure is the caller's to ignore. */
export async function logoutRequest(): Promise<void> {
  await apiClient.post<null>('/auth/logout', {}, { onUnauthorized: 'ignore' });
}
