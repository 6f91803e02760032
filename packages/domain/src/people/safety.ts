/**
 * Safety rules shared by server and web: the start code, the arrival check, trusted contacts,
 * the police number, and the texts built from them.
 */
import { normalizePeruvianMobile, normalizePhone } from './validators';

/** Digits of the start code the passenger tells the driver. */
export const START_CODE_LENGTH = 4;
/** Wrong start codes after which the trip can no longer start (the passenger is asked to check the car). */
export const START_CODE_MAX_ATTEMPTS = 5;
/** How close to the pickup the driver must be to mark "Llegué al punto de recojo", unless configured. */
export const DEFAULT_ARRIVAL_RADIUS_METERS = 250;
/** Trusted contacts one account may keep; the first is the spec's emergency contact. */
export const TRUSTED_CONTACTS_MAX = 5;
/** Policía Nacional del Perú. */
export const POLICE_PHONE = '105';
/** How long a share link lives at most (it also dies when the trip ends). */
export const SHARE_LINK_TTL_HOURS = 12;
/** How often the public share page asks for the car's position. */
export const SHARE_POLL_MS = 5_000;
/** Average city speed used for the share page's ETA (Lima traffic). */
export const CITY_SPEED_KMH = 22;

/** True for a well-formed start code (exactly four digits). */
export function isStartCodeShape(value: string): boolean {
  return new RegExp(`^\\d{${START_CODE_LENGTH}}$`).test(value);
}

/** '180 m' under a kilometre, else '1.3 km'. */
export function formatDistance(meters: number): string {
  if (meters < 1000) return `${Math.round(meters)} m`;
  return `${(meters / 1000).toFixed(1)} km`;
}

/** The refusal of an early "Llegué": how far the driver still is and how close they must get. */
export function arrivalTooFarMessage(distanceMeters: number, radiusMeters: number): string {
  return `Aún estás a ${formatDistance(distanceMeters)} del punto de recojo. Acércate a menos de ${formatDistance(radiusMeters)} para marcar tu llegada.`;
}

/** Minutes to cover `km` at city speed, at least 1. */
export function etaMinutes(km: number): number {
  return Math.max(1, Math.round((km / CITY_SPEED_KMH) * 60));
}

/** A WhatsApp link prefilled with `text`, to a Peruvian mobile (+51) or, without a phone, to any chat. */
export function whatsappShareUrl(phone: string | null, text: string): string {
  const mobile = phone ? normalizePeruvianMobile(phone) : null;
  const to = mobile !== null ? `51${mobile}` : phone ? normalizePhone(phone) : '';
  return `https://wa.me/${to}?text=${encodeURIComponent(text)}`;
}

/** What the passenger or driver sends their contacts with the live link. */
export function shareTripMessage(url: string): string {
  return `Sigue mi viaje en Jala en vivo: ${url}`;
}

/** What SOS sends the emergency contact. */
export function sosMessage(url: string): string {
  return `¡Emergencia! Necesito ayuda durante mi viaje en Jala. Mira dónde estoy: ${url}`;
}
