import type { AccountSession, EndedSessions } from '@jala/contracts';
import * as endpoints from '@jala/contracts/endpoints';

import { api, apiFile, callApi, callApiConfirmed, type Confirmed } from '@/lib/api/api-client';

/** Fallback texts when the server gives none (network down, unexpected answer). */
export const ACCOUNT_ERRORS = {
  sessions: 'No se pudieron cargar tus sesiones.',
  endSession: 'No se pudo cerrar la sesión. Inténtalo de nuevo.',
  endOthers: 'No se pudieron cerrar las demás sesiones. Inténtalo de nuevo.',
  export: 'No se pudieron descargar tus datos. Inténtalo de nuevo.',
  delete: 'No se pudo eliminar tu cuenta. Inténtalo de nuevo.',
} as const;

export const accountKeys = {
  sessions: ['account', 'sessions'] as const,
};

export const fetchSessions = (): Promise<AccountSession[]> =>
  callApi(api(endpoints.accountSessions), ACCOUNT_ERRORS.sessions);

export const endSession = (id: string): Promise<Confirmed<null>> =>
  callApiConfirmed(api(endpoints.endAccountSession, { params: { id } }), ACCOUNT_ERRORS.endSession, {
    allowNull: true,
  });

export const endOtherSessions = (): Promise<Confirmed<EndedSessions>> =>
  callApiConfirmed(api(endpoints.endOtherSessions), ACCOUNT_ERRORS.endOthers);

/** 'Descargar mis datos': the JSON file itself, as the server wrote it. */
export const downloadAccountData = (): Promise<Blob> => apiFile(endpoints.exportAccountData);

/** 'Eliminar mi cuenta'; a refusal throws the server's Spanish message (and `fields.password` for a wrong one). */
export const deleteAccount = (password: string): Promise<null> =>
  callApi(api(endpoints.deleteAccount, { body: { password } }), ACCOUNT_ERRORS.delete, { allowNull: true });
