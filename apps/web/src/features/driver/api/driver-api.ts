import type {
  AddVehicleRequest,
  DocumentFile,
  DocumentKind,
  DriverDocumentsState,
  DriverProfile,
  DriverRegisterRequest,
  DriverStats,
  DriverStatus,
  DriverTripHistoryPage,
  UpdateDriverProfileRequest,
  UpdateVehicleRequest,
  Vehicle,
} from '@jala/contracts';
import * as endpoints from '@jala/contracts/endpoints';
import type { HistoryStatusFilterValue } from '@jala/domain';
import { queryOptions } from '@tanstack/react-query';

import { api, callApi, callApiConfirmed } from '@/lib/api/api-client';

import { DRIVER_ERRORS, EARNINGS_ERRORS } from './driver-errors';

/** Driver workspace calls of spec §7 'Driver'. Each resolves the envelope's data or throws an ApiError in Spanish. */

/** Mutations show the server's Spanish confirmation with the data. */
export type { Confirmed } from '@/lib/api/api-client';

export const fetchDriverStats = (): Promise<DriverStats> => callApi(api(endpoints.driverStats), DRIVER_ERRORS.stats);

export const fetchDriverProfile = (): Promise<DriverProfile | null> =>
  callApi(api(endpoints.driverProfile), DRIVER_ERRORS.profile, { allowNull: true });

export const saveDriverProfile = (body: UpdateDriverProfileRequest) =>
  callApiConfirmed(api(endpoints.saveDriverProfile, { body }), DRIVER_ERRORS.updateProfile);

export const registerDriver = (body: DriverRegisterRequest) =>
  callApiConfirmed(api(endpoints.registerDriver, { body }), DRIVER_ERRORS.registerDriver);

export const fetchVehicles = (): Promise<Vehicle[]> => callApi(api(endpoints.driverVehicles), DRIVER_ERRORS.vehicles);

export const addVehicle = (body: AddVehicleRequest) =>
  callApiConfirmed(api(endpoints.addVehicle, { body }), DRIVER_ERRORS.addVehicle);

export const updateVehicle = (id: number, body: UpdateVehicleRequest) =>
  callApiConfirmed(api(endpoints.updateVehicle, { params: { id }, body }), DRIVER_ERRORS.updateVehicle);

export const fetchDriverStatus = (): Promise<DriverStatus> =>
  callApi(api(endpoints.driverStatus), DRIVER_ERRORS.status);

export const setDriverStatus = (body: { status: 'online' | 'offline'; vehicle_id: number | null }) =>
  callApiConfirmed(api(endpoints.setDriverStatus, { body }), DRIVER_ERRORS.updateStatus);

export const fetchEarningsSummary = () =>
  callApi(api(endpoints.earningsSummary), EARNINGS_ERRORS.summary, { failureCode: EARNINGS_ERRORS.summaryCode });

export const fetchEarningsRecords = () =>
  callApi(api(endpoints.earningsRecords), EARNINGS_ERRORS.records, { failureCode: EARNINGS_ERRORS.recordsCode });

/** Verification documents: the image goes as base64; the server reads its real type. */
export const fetchDriverDocuments = (): Promise<DriverDocumentsState> =>
  callApi(api(endpoints.driverDocuments), 'No se pudieron cargar tus documentos.');

export const uploadDriverDocument = (kind: DocumentKind, imageBase64: string) =>
  callApiConfirmed(
    api(endpoints.uploadDriverDocument, { params: { kind }, body: { image_base64: imageBase64 } }),
    'No se pudo subir la foto. Inténtalo de nuevo.',
  );

export const fetchOwnDocumentFile = (id: number): Promise<DocumentFile> =>
  callApi(api(endpoints.driverDocumentFile, { params: { id } }), 'No se pudo cargar la foto.');

export const submitDriverDocuments = (soatExpiryDate: string) =>
  callApiConfirmed(
    api(endpoints.submitDriverDocuments, { body: { soat_expiry_date: soatExpiryDate } }),
    'No se pudieron enviar tus documentos.',
  );

/** What 'Mis viajes' is filtered by: a status ('' for all) and Lima days 'YYYY-MM-DD' ('' for open). */
export interface DriverHistoryFilters {
  status: HistoryStatusFilterValue;
  from: string;
  to: string;
}

/** One server page of 'Mis viajes'; empty filters are left out of the address. */
export function fetchDriverTripHistory(filters: DriverHistoryFilters, page: number): Promise<DriverTripHistoryPage> {
  const query = {
    page: String(page),
    status: filters.status || undefined,
    from: filters.from || undefined,
    to: filters.to || undefined,
  };
  return callApi(api(endpoints.driverTripHistory, { query }), DRIVER_ERRORS.tripHistory);
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
  tripHistory: (userId: number, filters: DriverHistoryFilters) =>
    ['driver', userId, 'trip-history', filters.status, filters.from, filters.to] as const,
};

export const driverDocumentsQuery = (userId: number) =>
  queryOptions({ queryKey: driverKeys.documents(userId), queryFn: fetchDriverDocuments });
export const driverStatsQuery = (userId: number) =>
  queryOptions({ queryKey: driverKeys.stats(userId), queryFn: fetchDriverStats });
export const driverProfileQuery = (userId: number) =>
  queryOptions({ queryKey: driverKeys.profile(userId), queryFn: fetchDriverProfile });
export const vehiclesQuery = (userId: number) =>
  queryOptions({ queryKey: driverKeys.vehicles(userId), queryFn: fetchVehicles });
export const driverStatusQuery = (userId: number) =>
  queryOptions({ queryKey: driverKeys.status(userId), queryFn: fetchDriverStatus });
export const earningsSummaryQuery = (userId: number) =>
  queryOptions({ queryKey: driverKeys.earningsSummary(userId), queryFn: fetchEarningsSummary });
export const earningsRecordsQuery = (userId: number) =>
  queryOptions({ queryKey: driverKeys.earningsRecords(userId), queryFn: fetchEarningsRecords });
