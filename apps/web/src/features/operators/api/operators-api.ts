import type { LedgerAdjustmentRequest, LedgerTopUpRequest } from '@jala/contracts';
import * as endpoints from '@jala/contracts/endpoints';
import type { TripStatus } from '@jala/domain';

import { api, callApi, callApiConfirmed } from '@/lib/api/api-client';

/** Every call of the operators' console (GET/POST /api/admin/...); each resolves data or throws a Spanish ApiError. */

const FALLBACK = 'No se pudo completar la acción. Inténtalo de nuevo.';

export const operatorKeys = {
  all: ['operators'] as const,
  queue: () => [...operatorKeys.all, 'queue'] as const,
  trips: (filters: TripFilters) => [...operatorKeys.all, 'trips', filters] as const,
  story: (id: number) => [...operatorKeys.all, 'story', id] as const,
  live: () => [...operatorKeys.all, 'live'] as const,
  alerts: (state: 'open' | 'resolved') => [...operatorKeys.all, 'alerts', state] as const,
  users: (q: string) => [...operatorKeys.all, 'users', q] as const,
  operators: () => [...operatorKeys.all, 'operators'] as const,
  audit: () => [...operatorKeys.all, 'audit'] as const,
  ledger: (driverId: number) => [...operatorKeys.all, 'ledger', driverId] as const,
};

export interface TripFilters {
  status?: string;
  active?: boolean;
  scheduled?: boolean;
  q?: string;
}

export const fetchQueue = () => callApi(api(endpoints.verificationQueue), 'No se pudo cargar la cola de verificación.');
export const fetchDriverDocument = (driverId: number, documentId: number) =>
  callApi(
    api(endpoints.adminDriverDocumentFile, { params: { id: driverId, documentId } }),
    'No se pudo cargar el documento.',
  );
export const approveDriver = (driverId: number) =>
  callApiConfirmed(api(endpoints.verifyDriver, { params: { id: driverId } }), FALLBACK);
export const rejectDriver = (driverId: number, reason: string) =>
  callApiConfirmed(api(endpoints.rejectDriver, { params: { id: driverId }, body: { reason } }), FALLBACK);

export function fetchTrips(filters: TripFilters) {
  const query = {
    // The console's filter holds a status the server knows (its select lists TRIP_STATUSES); a stale one is refused in Spanish.
    status: (filters.status || undefined) as TripStatus | undefined,
    active: filters.active ? ('true' as const) : undefined,
    scheduled: filters.scheduled ? ('true' as const) : undefined,
    q: filters.q || undefined,
  };
  return callApi(api(endpoints.adminTrips, { query }), 'No se pudieron cargar los viajes.');
}
export const fetchTripStory = (id: number) =>
  callApi(api(endpoints.adminTripStory, { params: { id } }), 'No se pudo cargar el viaje.');
/** The page of a trip's chat before the cursor `before` (the story's `chat_next_before`, then each page's `next_before`). */
export const fetchTripChat = (id: number, before: number) =>
  callApi(
    api(endpoints.adminTripChat, { params: { id }, query: { before } }),
    'No se pudieron cargar los mensajes anteriores.',
  );
export const cancelTrip = (id: number, reason: string) =>
  callApiConfirmed(api(endpoints.cancelTripAsOperator, { params: { id }, body: { reason } }), FALLBACK);
export const fetchLive = () => callApi(api(endpoints.liveCity), 'No se pudo cargar el mapa en vivo.');

export const fetchAlerts = (state: 'open' | 'resolved') =>
  callApi(api(endpoints.safetyAlerts, { query: { state } }), 'No se pudieron cargar las alertas.');
export const resolveAlert = (id: number, note: string) =>
  callApiConfirmed(api(endpoints.resolveAlert, { params: { id }, body: { note } }), FALLBACK, { allowNull: true });

export const searchUsers = (q: string) =>
  callApi(api(endpoints.adminUsers, { query: { q: q || undefined } }), 'No se pudieron cargar los usuarios.');
export const suspendUser = (id: number, reason: string) =>
  callApiConfirmed(api(endpoints.suspendUser, { params: { id }, body: { reason } }), FALLBACK);
export const reactivateUser = (id: number) =>
  callApiConfirmed(api(endpoints.reactivateUser, { params: { id } }), FALLBACK);

export const fetchOperators = () => callApi(api(endpoints.operators), 'No se pudieron cargar los operadores.');
export const addOperator = (email: string) =>
  callApiConfirmed(api(endpoints.addOperator, { body: { email } }), FALLBACK);
export const removeOperator = (id: number) =>
  callApiConfirmed(api(endpoints.removeOperator, { params: { id } }), FALLBACK, { allowNull: true });
export const fetchAudit = () => callApi(api(endpoints.auditLog), 'No se pudo cargar la auditoría.');

// 'Saldo con Jala' of one driver: read it, record a top-up (Yape operation number + amount), adjust it.
export const fetchDriverLedger = (driverId: number) =>
  callApi(api(endpoints.adminDriverLedger, { params: { id: driverId } }), 'No se pudo cargar el saldo del conductor.');
export const recordTopUp = (driverId: number, body: LedgerTopUpRequest) =>
  callApiConfirmed(api(endpoints.recordLedgerTopUp, { params: { id: driverId }, body }), FALLBACK);
export const recordAdjustment = (driverId: number, body: LedgerAdjustmentRequest) =>
  callApiConfirmed(api(endpoints.recordLedgerAdjustment, { params: { id: driverId }, body }), FALLBACK);
