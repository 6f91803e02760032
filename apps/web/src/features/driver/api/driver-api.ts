import { queryOptions } from '@tanstack/react-query';
import type {
  DocumentFile, DocumentKind, DriverDocument, DriverDocumentsState,
  AddVehicleRequest, DriverProfile, DriverRegisterRequest, DriverRegistration, DriverStats, DriverStatus, DriverTripHistoryPage,
  EarningsRecord, EarningsSummary, UpdateDriverProfileRequest, UpdateVehicleRequest, Vehicle,
} from '@jala/contracts';
import type { HistoryStatusFilterValue } from '@jala/domain';
import { apiClient, callApi, callApiConfirmed } from '../../../lib/api-client';
import { DRIVER_ERRORS, EARNINGS_ERRORS } from './driver-errors';

/** Driver workspace calls of spec §7 'Driver'. Each resolves the envelope's data or throws an ApiError in Spanish. */

/** Mutations show the server's Spanish confirmation with the data. */
export type { Confirmed } from '../../../lib/api-client';

export const fetchDriverStats = (): Promise<DriverStats> =>
  callApi(apiClient.get<DriverStats>('/driver/stats'), DRIVER_ERRORS.stats);

export const fetchDriverProfile = (): Promise<DriverProfile | null> =>
  callApi(apiClient.get<DriverProfile | null>('/driver/profile'), DRIVER_ERRORS.profile, { allowNull: true });

export const saveDriverProfile = (body: UpdateDriverProfileRequest) =>
  callApiConfirmed(apiClient.post<DriverProfile>('/driver/profile/update', body), DRIVER_ERRORS.updateProfile);

export const registerDriver = (body: DriverRegisterRequest) =>
  callApiConfirmed(apiClient.post<DriverRegistration>('/driver/register', body), DRIVER_ERRORS.registerDriver);

export const fetchVehicles = (): Promise<Vehicle[]> =>
  callApi(apiClient.get<Vehicle[]>('/driver/vehicles'), DRIVER_ERRORS.vehicles);

export const addVehicle = (body: AddVehicleRequest) =>
  callApiConfirmed(apiClient.post<Vehicle>('/driver/vehicles/add', body), DRIVER_ERRORS.addVehicle);

export const updateVehicle = (id: number, body: UpdateVehicleRequest) =>
  callApiConfirmed(apiClient.put<Vehicle>(`/driver/vehicles/${id}`, body), DRIVER_ERRORS.updateVehicle);

export const fetchDriverStatus = (): Promise<DriverStatus> =>
  callApi(apiClient.get<DriverStatus>('/driver/status'), DRIVER_ERRORS.status);

export const setDriverStatus = (body: { status: 'online' | 'offline'; vehicle_id: number | null }) =>
  callApiConfirmed(apiClient.post<DriverStatus>('/driver/status', body), DRIVER_ERRORS.updateStatus);

export const fetchEarningsSummary = () =>
  callApi(apiClient.get<EarningsSummary>('/driver/earnings/summary'), EARNINGS_ERRORS.summary, { failureCode: EARNINGS_ERRORS.summaryCode });

export const fetchEarningsRecords = () =>
  callApi(apiClient.get<EarningsRecord[]>('/driver/earnings/records'), EARNINGS_ERRORS.records, { failureCode: EARNINGS_ERRORS.recordsCode });

/** Verification documents (issue 13): the image goes as base64; the server reads its real type. */
export const fetchDriverDocuments = (): Promise<DriverDocumentsState> =>
  callApi(apiClient.get<DriverDocumentsState>('/driver/documents'), 'No se pudieron cargar tus documentos.');

export const uploadDriverDocument = (kind: DocumentKind, imageBase64: string) =>
  callApiConfirmed(apiClient.put<DriverDocument>(`/driver/documents/${kind}`, { image_base64: imageBase64 }), 'No se pudo subir la foto. Inténtalo de nuevo.');

export const fetchOwnDocumentFile = (id: number): Promise<DocumentFile> =>
  callApi(apiClient.get<DocumentFile>(`/driver/documents/${id}/file`), 'No se pudo cargar la foto.');

export const submitDriverDocuments = (soatExpiryDate: string) =>
  callApiConfirmed(apiClient.post<DriverDocumentsState>('/driver/documents/submit', { soat_expiry_date: soatExpiryDate }), 'No se pudieron enviar tus documentos.');

/** What 'Mis viajes' is filtered by: a status ('' for all) and Lima days 'YYYY-MM-DD' ('' for open). */
export interface DriverHistoryFilters {
  status: HistoryStatusFilterValue;
  from: string;
  to: string;
}

/** One server page of 'Mis viajes'; empty filters are left out of the address. */
export function fetchDriverTripHistory(filters: DriverHistoryFilters, page: number): Promise<DriverTripHistoryPage> {
  const query = new URLSearchParams({ page: String(page) });
  if (filters.status) query.set('status', filters.status);
  if (filters.from) query.set('from', filters.from);
  if (filters.to) query.set('to', filters.to);
  return callApi(apiClient.get<DriverTripHistoryPage>(`/driver/trip-history?${query.toString()}`), DRIVER_ERRORS.tripHistory);
}

export const driverKeys = {
  all: ['driver'] as const,
  stats: (userId: number) => ['driver', userId, 'stats'] as const,
  profile: (userId: number) => ['driver', userId, 'profile'] as const,
  vehicles: (userId: number) => ['driver', userId, 'vehicles'] as const,
  status: (userId: number) => ['driver', userId, 'status'] as const,
  earningsSummary: (userId: number) => ['driver', userId, 'earnings', 'summary'] as const,
  earningsRecords: (userId: number) => ['driver', userId, 'earnings', 'records'] as const,
  documents: (userId: number) => ['driver', userId, 'documents'] as const,
  tripHistory: (userId: number, filters: DriverHistoryFilters) => ['driver', userId, 'trip-history', filters.status, filters.from, filters.to] as const,
};

export const driverDocumentsQuery = (userId: number) => queryOptions({ queryKey: driverKeys.documents(userId), queryFn: fetchDriverDocuments });
export const driverStatsQuery = (userId: number) => queryOptions({ queryKey: driverKeys.stats(userId), queryFn: fetchDriverStats });
export const driverProfileQuery = (userId: number) => queryOptions({ queryKey: driverKeys.profile(userId), queryFn: fetchDriverProfile });
export const vehiclesQuery = (userId: number) => queryOptions({ queryKey: driverKeys.vehicles(userId), queryFn: fetchVehicles });
export const driverStatusQuery = (userId: number) => queryOptions({ queryKey: driverKeys.status(userId), queryFn: fetchDriverStatus });
export const earningsSummaryQuery = (userId: number) => queryOptions({ queryKey: driverKeys.earningsSummary(userId), queryFn: fetchEarningsSummary });
export const earningsRecordsQuery = (userId: number) => queryOptions({ queryKey: driverKeys.earningsRecords(userId), queryFn: fetchEarningsRecords });
