import type { Vehicle } from '@jala/contracts';
import { formatLimaDateTime, LOCALE } from '@jala/domain';

/** Display rules of the driver workspace (es-PE, Lima time). */

export const NO_VALUE = '—';

const PERCENT = new Intl.NumberFormat(LOCALE, { style: 'percent', maximumFractionDigits: 1 });

/** 75 → '75%', 66.7 → '66.7%' (es-PE); null (nothing measured yet) → '—'. */
export function formatRate(rate: number | null): string {
  return rate === null ? NO_VALUE : PERCENT.format(rate / 100);
}

/** Hours as a driver reads them: 4 → '4 h', 4.75 → '4 h 45 min', 0.33 → '20 min', 0 → '0 h'. */
export function formatHours(hours: number): string {
  const totalMinutes = Math.max(0, Math.round(hours * 60));
  const h = Math.floor(totalMinutes / 60);
  const min = totalMinutes % 60;
  if (min === 0) return `${h} h`;
  return h === 0 ? `${min} min` : `${h} h ${min} min`;
}

/** An ISO instant in Lima time, the app's one date format ('10 mar 2026, 10:00'), or '—'. */
export function formatDateTime(iso: string | null): string {
  return formatLimaDateTime(iso);
}

/**
 * Whether the driver takes requests, in Spanish ('Conectarse' / 'Desconectarse' are the buttons). Worded as
 * the driver's availability so it does not read like the header's connection pill ('Jala Online').
 */
export function driverStatusLabel(isOnline: boolean): string {
  return isOnline ? 'Conectado' : 'Desconectado';
}

export const VEHICLE_TYPE_LABELS: Record<Vehicle['vehicle_type'], string> = { mototaxi: 'Mototaxi', auto: 'Auto' };

export const VEHICLE_STATUS_LABELS: Record<Vehicle['vehicle_status'], string> = {
  active: 'Activo',
  maintenance: 'Mantenimiento',
  inactive: 'Inactivo',
};

/** Selector option text of spec §2: brand, model and plate. */
export function vehicleOptionLabel(vehicle: Pick<Vehicle, 'brand' | 'model' | 'license_plate'>): string {
  return `${vehicle.brand} ${vehicle.model} ${vehicle.license_plate}`;
}
