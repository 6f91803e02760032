import * as endpoints from '@jala/contracts/endpoints';

import { api, callApi } from '@/lib/api/api-client';

/** Fallback texts when the server gives none (network down, unexpected answer). */
export const PHONE_VERIFICATION_ERRORS = {
  status: 'No se pudo cargar la verificación de tu celular.',
  send: 'No se pudo enviar el código. Inténtalo de nuevo.',
  confirm: 'No se pudo verificar el código. Inténtalo de nuevo.',
} as const;

export const phoneVerificationKeys = {
  status: ['phone-verification'] as const,
};

export const fetchPhoneVerification = () => callApi(api(endpoints.phoneVerification), PHONE_VERIFICATION_ERRORS.status);
export const sendPhoneCode = () => callApi(api(endpoints.sendPhoneCode), PHONE_VERIFICATION_ERRORS.send);
export const confirmPhoneCode = (code: string) =>
  callApi(api(endpoints.confirmPhoneCode, { body: { code } }), PHONE_VERIFICATION_ERRORS.confirm);
