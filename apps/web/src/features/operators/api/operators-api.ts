import type {
  AdminChatPage, AdminTrip, AdminTripStory, AdminUser, AuditEntry, DocumentFile, DriverReview, DriverVerification, LiveCity, Operator, QueuedDriver,
  SafetyAlert,
} from '@jala/contracts';
import { apiClient, callApi, callApiConfirmed } from '../../../lib/api-client';

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
};

export interface TripFilters { status?: string; active?: boolean; scheduled?: boolean; q?: string }

export const fetchQueue = () => callApi(apiClient.get<QueuedDriver[]>('/admin/verification-queue'), 'No se pudo cargar la cola de verificación.');
export const fetchDriverDocument = (driverId: number, documentId: number) =>
  callApi(apiClient.get<DocumentFile>(`/admin/drivers/${driverId}/documents/${documentId}/file`), 'No se pudo cargar el documento.');
export const approveDriver = (driverId: number) => callApiConfirmed(apiClient.post<DriverVerification>(`/admin/drivers/${driverId}/verify`), FALLBACK);
export const rejectDriver = (driverId: number, reason: string) =>
  callApiConfirmed(apiClient.post<DriverReview>(`/admin/drivers/${driverId}/reject`, { reason }), FALLBACK);

export function fetchTrips(filters: TripFilters) {
  const query = new URLSearchParams();
  if (filters.status) query.set('status', filters.status);
  if (filters.active) query.set('active', 'true');
  if (filters.scheduled) query.set('scheduled', 'true');
  if (filters.q) query.set('q', filters.q);
  return callApi(apiClient.get<AdminTrip[]>(`/admin/trips${query.size ? `?${query}` : ''}`), 'No se pudieron cargar los viajes.');
}
export const fetchTripStory = (id: number) => callApi(apiClient.get<AdminTripStory>(`/admin/trips/${id}`), 'No se pudo cargar el viaje.');
/** The page of a trip's chat before the cursor `before` (the story's `chat_next_before`, then each page's `next_before`). */
export const fetchTripChat = (id: number, before: number) =>
  callApi(apiClient.get<AdminChatPage>(`/admin/trips/${id}/chat?before=${before}`), 'No se pudieron cargar los mensajes anteriores.');
export const cancelTrip = (id: number, reason: string) => callApiConfirmed(apiClient.post<AdminTripStory>(`/admin/trips/${id}/cancel`, { reason }), FALLBACK);
export const fetchLive = () => callApi(apiClient.get<LiveCity>('/admin/live'), 'No se pudo cargar el mapa en vivo.');

export const fetchAlerts = (state: 'open' | 'resolved') => callApi(apiClient.get<SafetyAlert[]>(`/admin/alerts?state=${state}`), 'No se pudieron cargar las alertas.');
export const resolveAlert = (id: number, note: string) => callApiConfirmed(apiClient.post<null>(`/admin/alerts/${id}/resolve`, { note }), FALLBACK, { allowNull: true });

export const searchUsers = (q: string) =>
  callApi(apiClient.get<AdminUser[]>(`/admin/users${q ? `?q=${encodeURIComponent(q)}` : ''}`), 'No se pudieron cargar los usuarios.');
export const suspendUser = (id: number, reason: string) => callApiConfirmed(apiClient.post<AdminUser>(`/admin/users/${id}/suspend`, { reason }), FALLBACK);
export const reactivateUser = (id: number) => callApiConfirmed(apiClient.post<AdminUser>(`/admin/users/${id}/reactivate`), FALLBACK);

export const fetchOperators = () => callApi(apiClient.get<Operator[]>('/admin/operators'), 'No se pudieron cargar los operadores.');
export const addOperator = (email: string) => callApiConfirmed(apiClient.post<Operator>('/admin/operators', { email }), FALLBACK);
export const removeOperator = (id: number) => callApiConfirmed(apiClient.delete<null>(`/admin/operators/${id}`), FALLBACK, { allowNull: true });
export const fetchAudit = () => callApi(apiClient.get<AuditEntry[]>('/admin/audit-log'), 'No se pudo cargar la auditoría.');
