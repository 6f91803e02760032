import { queryOptions } from '@tanstack/react-query';
import type {
  AddVehicleRequest, DriverProfile, DriverRegisterRequest, DriverRegistration, DriverStats, DriverStatus,
  EarningsRecord, EarningsSummary, UpdateDriverProfileRequest, UpdateVehicleRequest, Vehicle,
} from '@jala/contracts';
import { ApiError, apiClient, requireData, type ApiResponse } from '../../../lib/api-client';
import { DRIVER_ERRORS, EARNINGS_ERRORS } from './driver-errors';

/** Driver workspace calls of spec §7 'Driver'. Each resolves the envelope's data or throws an ApiError in Spanish. */

/** Like requireData, but `null` is a valid answer (GET /driver/profile before registering). */
function requireSuccess<T>(response: ApiResponse<T>, fallback: string): T {
  if (response.success) return response.data;
  throw new ApiError({ message: response.message || fallback, code: 'API error', status: 200 });
}

/** A message and data: mutations show the server's Spanish confirmation. */
export interface Confirmed<T> {
  data: T;
  message: string;
}

async function confirmed<T>(request: Promise<ApiResponse<T>>, fallback: string): Promise<Confirmed<T>> {
  const response = await request;
  return { data: requireData(response, fallback), message: response.message };
}

/** Earnings calls (spec §8 'Earnings'): success false → the server message, else the Spanish fallback; code keeps the spec's English text. */
async function earningsData<T>(path: string, code: string, fallback: string): Promise<T> {
  const response = await apiClient.get<T>(path);
  if (response.success && response.data !== null && response.data !== undefined) return response.data;
  throw new ApiError({ message: response.message || fallback, code, status: 200 });
}

export const fetchDriverStats = async (): Promise<DriverStats> =>
  requireData(await apiClient.get<DriverStats>('/driver/stats'), DRIVER_ERRORS.stats);

export const fetchDriverProfile = async (): Promise<DriverProfile | null> =>
  requireSuccess(await apiClient.get<DriverProfile | null>('/driver/profile'), DRIVER_ERRORS.profile);

export const saveDriverProfile = (body: UpdateDriverProfileRequest) =>
  confirmed(apiClient.post<DriverProfile>('/driver/profile/update', body), DRIVER_ERRORS.updateProfile);

export const registerDriver = (body: DriverRegisterRequest) =>
  confirmed(apiClient.post<DriverRegistration>('/driver/register', body), DRIVER_ERRORS.registerDriver);

export const fetchVehicles = async (): Promise<Vehicle[]> =>
  requireData(await apiClient.get<Vehicle[]>('/driver/vehicles'), DRIVER_ERRORS.vehicles);

export const addVehicle = (body: AddVehicleRequest) =>
  confirmed(apiClient.post<Vehicle>('/driver/vehicles/add', body), DRIVER_ERRORS.addVehicle);

export const updateVehicle = (id: number, body: UpdateVehicleRequest) =>
  confirmed(apiClient.put<Vehicle>(`/driver/vehicles/${id}`, body), DRIVER_ERRORS.updateVehicle);

export const fetchDriverStatus = async (): Promise<DriverStatus> =>
  requireData(await apiClient.get<DriverStatus>('/driver/status'), DRIVER_ERRORS.status);

export const setDriverStatus = (body: { status: 'online' | 'offline'; vehicle_id: number | null }) =>
  confirmed(apiClient.post<DriverStatus>('/driver/status', body), DRIVER_ERRORS.updateStatus);

export const fetchEarningsSummary = () =>
  earningsData<EarningsSummary>('/driver/earnings/summary', EARNINGS_ERRORS.summaryCode, EARNINGS_ERRORS.summary);

export const fetchEarningsRecords = () =>
  earningsData<EarningsRecord[]>('/driver/earnings/records', EARNINGS_ERRORS.recordsCode, EARNINGS_ERRORS.records);

export const driverKeys = {
  all: ['driver'] as const,
  stats: (userId: number) => ['driver', userId, 'stats'] as const,
  profile: (userId: number) => ['driver', userId, 'profile'] as const,
  vehicles: (userId: number) => ['driver', userId, 'vehicles'] as const,
  status: (userId: number) => ['driver', userId, 'status'] as const,
  earningsSummary: (userId: number) => ['driver', userId, 'earnings', 'summary'] as const,
  earningsRecords: (userId: number) => ['driver', userId, 'earnings', 'records'] as const,
};

export const driverStatsQuery = (userId: number) => queryOptions({ queryKey: driverKeys.stats(userId), queryFn: fetchDriverStats });
export const driverProfileQuery = (userId: number) => queryOptions({ queryKey: driverKeys.profile(userId), queryFn: fetchDriverProfile });
export const vehiclesQuery = (userId: number) => queryOptions({ queryKey: driverKeys.vehicles(userId), queryFn: fetchVehicles });
export const driverStatusQuery = (userId: number) => queryOptions({ queryKey: driverKeys.status(userId), queryFn: fetchDriverStatus });
export const earningsSummaryQuery = (userId: number) => queryOptions({ queryKey: driverKeys.earningsSummary(userId), queryFn: fetchEarningsSummary });
export const earningsRecordsQuery = (userId: number) => queryOptions({ queryKey: driverKeys.earningsRecords(userId), queryFn: fetchEarningsRecords });
