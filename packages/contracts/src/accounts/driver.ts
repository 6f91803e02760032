/**
 * The driver workspace API (spec §3, §5, §7 'Driver'): registration, profile, vehicles, online status,
 * dashboard stats and earnings, plus the operators' verification endpoints. Field messages are the spec's
 * Spanish strings where the spec names one (§5 'Driver profile', 'Vehicle add form'), ours otherwise.
 */
import { isDateKey, isValidPeruvianPhone, normalizePeruvianMobile } from '@jala/domain';
import { z } from 'zod';

import { zRegisterDriverRequest } from '../core/auth';
import { zId, zText } from '../core/text';

// ----------------------------------------------------------------------------------------- constants

export const DRIVER_SEARCH_RADIUS_MAX_KM = 100;
export const VEHICLE_YEAR_MIN = 1980;
export const VEHICLE_CAPACITY_MIN = 1;
export const VEHICLE_CAPACITY_MAX = 8;
export const VEHICLE_TYPES = ['mototaxi', 'auto'] as const;
export const VEHICLE_STATUSES = ['active', 'maintenance', 'inactive'] as const;
export const DRIVER_STATUSES = ['online', 'offline'] as const;
export const VERIFICATION_STATUSES = ['pending_verification', 'verified', 'rejected'] as const;

/**
 * notifications/{userId} (only that user subscribes; only the server publishes): an operator approved or
 * rejected the driver's documents. The app refetches what depends on it, so the message carries no details.
 */
export const zVerificationNotification = z.object({
  type: z.literal('verification_changed'),
  verification_status: z.enum(VERIFICATION_STATUSES),
});
export type VerificationNotification = z.infer<typeof zVerificationNotification>;

/** Spec §5 required-field messages of the driver profile form. */
export const DRIVER_PROFILE_MESSAGES = {
  license_number: 'Este campo es obligatorio.',
  license_expiry_date: 'Fecha requerida.',
  emergency_contact_name: 'Ingresa un nombre.',
  emergency_contact_phone: 'Número requerido.',
  search_radius_km: 'Debes especificar el radio.',
} as const;
/** Spec §5 message of every required field of the vehicle add form. */
export const REQUIRED_MESSAGE = 'Requerido';

export const DRIVER_PHONE_MESSAGE = 'Ingresa un celular peruano de 9 dígitos que empiece con 9.';
export const INVALID_DATE_MESSAGE = 'Fecha no válida.';
export const LICENSE_NUMBER_MESSAGE = 'Número de licencia no válido: usa de 5 a 20 letras, números o guiones.';
export const RADIUS_MIN_MESSAGE = 'El radio mínimo es 1 km.';
export const RADIUS_MAX_MESSAGE = `El radio máximo es ${DRIVER_SEARCH_RADIUS_MAX_KM} km.`;
export const PLATE_MESSAGE = 'Placa no válida: usa de 5 a 10 letras, números o guiones.';
export const VEHICLE_TYPE_MESSAGE = 'Tipo de vehículo no válido. Usa mototaxi o auto.';
export const VEHICLE_STATUS_MESSAGE = 'Estado de vehículo no válido. Usa active, maintenance o inactive.';
export const VEHICLE_YEAR_MESSAGE = `El año debe ser un número entero desde ${VEHICLE_YEAR_MIN}.`;
export const VEHICLE_CAPACITY_MESSAGE = `La capacidad debe ser un número entero de ${VEHICLE_CAPACITY_MIN} a ${VEHICLE_CAPACITY_MAX} pasajeros.`;

// ------------------------------------------------------------------------------------- field schemas

/** A required text: missing, non-text or blank all read `message`. */
const requiredText = (message: string, max: number, tooLong: string) =>
  zText({ error: message }).min(1, message).max(max, tooLong);

export const zLicenseNumber = requiredText(DRIVER_PROFILE_MESSAGES.license_number, 20, LICENSE_NUMBER_MESSAGE)
  .regex(/^[A-Za-z0-9-]{5,20}$/, LICENSE_NUMBER_MESSAGE)
  .transform((value) => value.toUpperCase());

/** 'YYYY-MM-DD' of an existing calendar day ('2026-02-30' is refused, unlike Date.parse). */
export const zLicenseExpiryDate = zText({ error: DRIVER_PROFILE_MESSAGES.license_expiry_date })
  .min(1, DRIVER_PROFILE_MESSAGES.license_expiry_date)
  .refine(isDateKey, INVALID_DATE_MESSAGE);

const zEmergencyContactName = requiredText(
  DRIVER_PROFILE_MESSAGES.emergency_contact_name,
  60,
  'El nombre es demasiado largo.',
);

const zEmergencyContactPhone = requiredText(DRIVER_PROFILE_MESSAGES.emergency_contact_phone, 30, DRIVER_PHONE_MESSAGE)
  .refine(isValidPeruvianPhone, DRIVER_PHONE_MESSAGE)
  .transform((value) => normalizePeruvianMobile(value) ?? value);

/** Kilometres, 1 to 100, kept to one decimal (the column is numeric(5,1)). */
const zSearchRadiusKm = z
  .number({ error: DRIVER_PROFILE_MESSAGES.search_radius_km })
  .min(1, RADIUS_MIN_MESSAGE)
  .max(DRIVER_SEARCH_RADIUS_MAX_KM, RADIUS_MAX_MESSAGE)
  .transform((km) => Math.round(km * 10) / 10);

const zPlate = requiredText(REQUIRED_MESSAGE, 10, PLATE_MESSAGE)
  .transform((value) => value.toUpperCase().replace(/\s+/g, '-'))
  .refine((value) => /^[A-Z0-9](?:[A-Z0-9-]{3,8})[A-Z0-9]$/.test(value), PLATE_MESSAGE);

const zVehicleType = z.enum(VEHICLE_TYPES, {
  error: (issue) => (issue.input === undefined || issue.input === '' ? REQUIRED_MESSAGE : VEHICLE_TYPE_MESSAGE),
});
const zVehicleStatus = z.enum(VEHICLE_STATUSES, { error: VEHICLE_STATUS_MESSAGE });
const zColor = requiredText(REQUIRED_MESSAGE, 30, 'El color es demasiado largo.');

// ------------------------------------------------------------------------------------- registration

/** POST /driver/register: the same payload as /auth/register-driver (spec §3), with a strict date. */
export const zDriverRegisterRequest = zRegisterDriverRequest.extend({
  license_number: zLicenseNumber,
  license_expiry_date: zLicenseExpiryDate,
  license_plate: zPlate,
});
export type DriverRegisterRequest = z.infer<typeof zDriverRegisterRequest>;

export const zDriverRegistration = z.object({
  status: z.enum(VERIFICATION_STATUSES),
  driver_id: z.number().int(),
  vehicle_id: z.number().int(),
});
export type DriverRegistration = z.infer<typeof zDriverRegistration>;

/** Spec §3: the registration message depends on the returned status. */
export function driverRegistrationMessage(status: string): string {
  return status === 'pending_verification'
    ? 'Registro enviado. Espera verificación.'
    : 'Conductor registrado correctamente.';
}

// ------------------------------------------------------------------------------------------ profile

/** GET /driver/profile data (null when the driver has not registered a profile yet). */
export const zDriverProfile = z.object({
  license_number: z.string(),
  license_expiry_date: z.string(),
  emergency_contact_name: z.string().nullable(),
  emergency_contact_phone: z.string().nullable(),
  search_radius_km: z.number(),
  verification_status: z.enum(VERIFICATION_STATUSES),
});
export type DriverProfile = z.infer<typeof zDriverProfile>;

/**
 * POST /driver/profile/update. Creates the profile when none exists (license_number then required),
 * otherwise updates the four other fields; the licence number cannot be changed by the driver.
 */
export const zUpdateDriverProfileRequest = z.object({
  license_number: zLicenseNumber.optional(),
  license_expiry_date: zLicenseExpiryDate,
  emergency_contact_name: zEmergencyContactName,
  emergency_contact_phone: zEmergencyContactPhone,
  search_radius_km: zSearchRadiusKm,
});
export type UpdateDriverProfileRequest = z.input<typeof zUpdateDriverProfileRequest>;
export type UpdateDriverProfileInput = z.output<typeof zUpdateDriverProfileRequest>;

// ----------------------------------------------------------------------------------------- vehicles

export const zVehicle = z.object({
  id: z.number().int(),
  vehicle_type: z.enum(VEHICLE_TYPES),
  brand: z.string(),
  model: z.string(),
  license_plate: z.string(),
  color: z.string(),
  year: z.number().int(),
  passenger_capacity: z.number().int(),
  vehicle_status: z.enum(VEHICLE_STATUSES),
});
export type Vehicle = z.infer<typeof zVehicle>;

/** POST /driver/vehicles/add. Year defaults to this year (Lima), capacity to 2; the newest year allowed is next year. */
export const zAddVehicleRequest = z.object({
  vehicle_type: zVehicleType,
  brand: requiredText(REQUIRED_MESSAGE, 40, 'La marca es demasiado larga.'),
  model: requiredText(REQUIRED_MESSAGE, 40, 'El modelo es demasiado largo.'),
  license_plate: zPlate,
  color: zColor,
  year: z
    .number({ error: VEHICLE_YEAR_MESSAGE })
    .int(VEHICLE_YEAR_MESSAGE)
    .min(VEHICLE_YEAR_MIN, VEHICLE_YEAR_MESSAGE)
    .optional(),
  passenger_capacity: z
    .number({ error: VEHICLE_CAPACITY_MESSAGE })
    .int(VEHICLE_CAPACITY_MESSAGE)
    .min(VEHICLE_CAPACITY_MIN, VEHICLE_CAPACITY_MESSAGE)
    .max(VEHICLE_CAPACITY_MAX, VEHICLE_CAPACITY_MESSAGE)
    .optional(),
});
export type AddVehicleRequest = z.input<typeof zAddVehicleRequest>;
export type AddVehicleInput = z.output<typeof zAddVehicleRequest>;

/** PUT /driver/vehicles/{id}: colour and/or status (the 'Editar' form sends both). */
export const zUpdateVehicleRequest = z
  .object({ color: zColor.optional(), vehicle_status: zVehicleStatus.optional() })
  .refine((body) => body.color !== undefined || body.vehicle_status !== undefined, {
    message: 'Indica el color o el estado del vehículo.',
    path: ['color'],
  });
export type UpdateVehicleRequest = z.input<typeof zUpdateVehicleRequest>;

// ------------------------------------------------------------------------------------------- status

/** GET /driver/status (spec §3 'Driver status'); last_status_change is ISO 8601 or null. */
export const zDriverStatus = z.object({
  driver_status: z.enum(DRIVER_STATUSES),
  active_vehicle_id: z.number().int().nullable(),
  documents_verified: z.boolean(),
  last_status_change: z.string().nullable(),
});
export type DriverStatus = z.infer<typeof zDriverStatus>;

/** POST /driver/status. Going online needs an active vehicle of the driver: vehicle_id, else the remembered one. */
export const zSetDriverStatusRequest = z.object({
  status: z.enum(DRIVER_STATUSES, { error: 'Estado no válido. Usa online u offline.' }),
  vehicle_id: zId('Vehículo no válido.').nullish(),
});
export type SetDriverStatusRequest = z.infer<typeof zSetDriverStatusRequest>;

// ------------------------------------------------------------------------------- stats and earnings

/**
 * GET /driver/stats. Money in soles; online hours with 2 decimals; rates are percentages 0–100 with one
 * decimal, or null when there is nothing to measure yet (the dashboard shows '—'). See docs/driver-metrics.md.
 */
export const zDriverStats = z.object({
  today_earnings: z.number(),
  today_trips: z.number().int(),
  online_hours_today: z.number(),
  acceptance_rate: z.number().nullable(),
  completion_rate: z.number().nullable(),
});
export type DriverStats = z.infer<typeof zDriverStats>;

/** Money of some completed trips and how many there are (soles). */
const zEarningsPart = z.object({ earnings: z.number(), trips: z.number().int() });

/** GET /driver/earnings/summary, in soles. last_week_earnings covers the last 7 Lima days including today. */
export const zEarningsSummary = z.object({
  /** Gross: the final fares in hand. */
  total_earnings: z.number(),
  /** 'Saldo con Jala': the platform fees of those same trips, and what is left (gross − fees). */
  platform_fees: z.number().optional(),
  net_earnings: z.number().optional(),
  total_trips: z.number().int(),
  today_earnings: z.number(),
  last_week_earnings: z.number(),
  /** Total earnings by how passengers paid, in soles. */
  by_method: z.object({ cash: z.number(), yape: z.number(), plin: z.number() }).optional(),
  /**
   * Yape/Plin money not in the driver's hands yet, never in the figures above (docs/driver-metrics.md):
   * `unconfirmed` waits for the driver's 'Pago recibido' ('Por confirmar'), `in_review` is an operators' case
   * opened by 'No recibí el pago' ('En revisión').
   */
  unconfirmed: zEarningsPart.optional(),
  in_review: zEarningsPart.optional(),
});
export type EarningsSummary = z.infer<typeof zEarningsSummary>;

/** One Lima calendar day of GET /driver/earnings/records (30 of them, oldest first, days without trips 0). */
export const zEarningsRecord = z.object({ date: z.string(), earnings: z.number() });
export type EarningsRecord = z.infer<typeof zEarningsRecord>;

// ------------------------------------------------------------------------------------------- admin

/** POST /admin/drivers/{id}/verify result. */
export const zDriverVerification = z.object({
  driver_id: z.number().int(),
  email: z.string(),
  verification_status: z.enum(VERIFICATION_STATUSES),
  was_already_verified: z.boolean(),
});
export type DriverVerification = z.infer<typeof zDriverVerification>;

/** GET /admin/drivers?verification_status= : who is waiting for an operator. */
export const zAdminDriversQuery = z.object({
  verification_status: z.enum(VERIFICATION_STATUSES, { error: 'Estado de verificación no válido.' }).optional(),
});

export const zAdminDriver = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  license_number: z.string(),
  license_expiry_date: z.string(),
  verification_status: z.enum(VERIFICATION_STATUSES),
  created_at: z.string(),
});
export type AdminDriver = z.infer<typeof zAdminDriver>;
