import type { ChangePasswordRequest, PasswordResetConfirm } from '@jala/contracts';
import * as endpoints from '@jala/contracts/endpoints';

import { api, callApi } from '@/lib/api/api-client';

/** Fallback texts when the server gives none (network down, unexpected answer). */
export const PASSWORD_ERRORS = {
  request: 'No se pudo enviar el enlace. Inténtalo de nuevo.',
  check: 'No se pudo revisar el enlace. Revisa tu conexión e inténtalo de nuevo.',
  reset: 'No se pudo cambiar la contraseña. Inténtalo de nuevo.',
  change: 'No se pudo cambiar la contraseña. Inténtalo de nuevo.',
} as const;

// Signed out, a 401 could only be the server's word on a bad request, never "your session ended".
export const requestPasswordReset = (email: string) =>
  callApi(api(endpoints.requestPasswordReset, { body: { email }, onUnauthorized: 'ignore' }), PASSWORD_ERRORS.request, {
    allowNull: true,
  });

export const checkResetLink = (token: string) =>
  callApi(api(endpoints.checkPasswordReset, { body: { token }, onUnauthorized: 'ignore' }), PASSWORD_ERRORS.check);

export const resetPassword = (payload: PasswordResetConfirm) =>
  callApi(api(endpoints.resetPassword, { body: payload, onUnauthorized: 'ignore' }), PASSWORD_ERRORS.reset, {
    allowNull: true,
  });

export const changePassword = (payload: ChangePasswordRequest) =>
  callApi(api(endpoints.changePassword, { body: payload }), PASSWORD_ERRORS.change, { allowNull: true });
