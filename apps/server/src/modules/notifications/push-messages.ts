/**
 * What each notification says (Spanish) and where a tap leads (an app route). Lock screens are public: no
 * phone number, no exact address, only the district; chat text is shown with number runs masked.
 */
import type { BookingReminder, PushPayload } from '@jala/contracts';
import {
  BOOKING_ACTIVATION_MINUTES,
  bookingCancelledByPassengerText,
  formatScheduledTime,
  formatSoles,
  PAYMENT_METHOD_LABELS,
  paymentClaimText,
  type WalletMethod,
} from '@jala/domain';

import type { PushDelivery } from './delivery/push-request';

export interface PushMessage {
  payload: PushPayload;
  delivery: PushDelivery;
}

const URGENT: PushDelivery = { ttlSeconds: 120, urgency: 'high' };
const TRIP: PushDelivery = { ttlSeconds: 15 * 60, urgency: 'high' };
const LATER: PushDelivery = { ttlSeconds: 24 * 3600, urgency: 'normal' };

const ROUTES = {
  driverRequests: '/driver/trip-request',
  driverTrip: '/driver/active-trip',
  driverDocuments: '/driver/profile?tab=documentos',
  passengerTrip: '/passenger/active-trip',
  passengerBookings: '/passenger/dashboard',
  driverBookings: '/driver/trip-request?tab=programados',
  receipt: (tripId: number) => `/trips/${tripId}/receipt`,
  sosAlerts: '/operators?seccion=alertas',
  dashboard: '/dashboard',
} as const;

const KM = new Intl.NumberFormat('es-PE', { maximumFractionDigits: 1 });
const where = (district: string | null) => (district ? `en ${district}` : 'cerca de ti');

/** A request near an online driver; from the second within the window on, one grouped notification. */
export function requestMessage(
  request: { district: string | null; price: number; distanceKm: number },
  recentCount: number,
): PushMessage {
  const detail = `${formatSoles(request.price)} · recojo a ${KM.format(request.distanceKm)} km ${where(request.district)}`;
  const payload: PushPayload =
    recentCount > 1
      ? {
          kind: 'requests',
          title: `${recentCount} solicitudes nuevas cerca de ti`,
          body: `La última: ${detail}`,
          url: ROUTES.driverRequests,
        }
      : {
          kind: 'requests',
          title: `Nueva solicitud ${where(request.district)}`,
          body: detail,
          url: ROUTES.driverRequests,
        };
  return { payload: { ...payload, tag: 'trip-requests', renotify: true }, delivery: URGENT };
}

export function offerMessage(tripId: number, driverFirstName: string, price: number): PushMessage {
  return {
    payload: {
      kind: 'offers',
      title: `${driverFirstName} te ofrece ${formatSoles(price)}`,
      body: 'Toca para ver las ofertas y elegir a tu conductor.',
      url: ROUTES.passengerTrip,
      tag: `offers-${tripId}`,
      renotify: true,
    },
    delivery: URGENT,
  };
}

const tripUpdate = (tripId: number, title: string, body: string, url: string): PushMessage => ({
  payload: { kind: 'trip_updates', title, body, url, tag: `trip-${tripId}`, renotify: true },
  delivery: TRIP,
});

export const tripMessages = {
  chosen: (tripId: number, pickupDistrict: string | null) =>
    tripUpdate(tripId, '¡El pasajero te eligió!', `Ve al punto de recojo ${where(pickupDistrict)}.`, ROUTES.driverTrip),
  driverOnTheWay: (tripId: number, driverFirstName: string) =>
    tripUpdate(
      tripId,
      'Tu conductor está en camino',
      `${driverFirstName} va hacia el punto de recojo.`,
      ROUTES.passengerTrip,
    ),
  driverArrived: (tripId: number, driverFirstName: string) =>
    tripUpdate(
      tripId,
      'Tu conductor llegó',
      `${driverFirstName} te espera en el punto de recojo.`,
      ROUTES.passengerTrip,
    ),
  completed: (tripId: number, fare: number | null) =>
    tripUpdate(
      tripId,
      'Viaje finalizado',
      `${fare === null ? '' : `Total ${formatSoles(fare)}. `}Toca para ver tu recibo.`,
      ROUTES.receipt(tripId),
    ),
  cancelledByDriver: (tripId: number) =>
    tripUpdate(tripId, 'El conductor canceló el viaje', 'Puedes pedir otro viaje cuando quieras.', ROUTES.dashboard),
  cancelledByPassenger: (tripId: number) =>
    tripUpdate(
      tripId,
      'El pasajero canceló el viaje',
      'Sigue conectado para recibir nuevas solicitudes.',
      ROUTES.driverRequests,
    ),
  cancelledBySystem: (tripId: number, toDriver: boolean) =>
    tripUpdate(
      tripId,
      'Viaje cancelado',
      toDriver ? 'Jala canceló este viaje.' : 'Tu viaje se canceló. Puedes pedir otro cuando quieras.',
      toDriver ? ROUTES.driverRequests : ROUTES.dashboard,
    ),
  fareProposed: (tripId: number, amount: number) =>
    tripUpdate(
      tripId,
      'Tu conductor pide un ajuste de tarifa',
      `${formatSoles(amount)} más. Toca para aceptarlo o rechazarlo.`,
      ROUTES.passengerTrip,
    ),
  /** A booking confirmed with this driver, cancelled by its passenger: who and for when; a tap opens "Programados", where its card says so. */
  bookingCancelledByPassenger: (tripId: number, passengerFirstName: string, scheduledFor: Date, now: Date) =>
    tripUpdate(
      tripId,
      'Viaje programado cancelado',
      `${bookingCancelledByPassengerText(passengerFirstName, scheduledFor, now)}.`,
      ROUTES.driverBookings,
    ),
  bookingNoShowToPassenger: (tripId: number) =>
    tripUpdate(
      tripId,
      'Tu conductor no inició el viaje',
      'Buscamos otro conductor cerca, sin costo para ti. Toca para ver las ofertas.',
      ROUTES.passengerTrip,
    ),
  bookingNoShowToDriver: (tripId: number) =>
    tripUpdate(
      tripId,
      'Perdiste un viaje programado',
      'No estabas en camino a tiempo. Cuenta en tu tasa de finalización.',
      ROUTES.driverRequests,
    ),
  fareAnswered: (tripId: number, accepted: boolean) =>
    tripUpdate(
      tripId,
      accepted ? 'El pasajero aceptó el ajuste' : 'El pasajero rechazó el ajuste',
      'Toca para ver el viaje.',
      ROUTES.driverTrip,
    ),
};

/** A 'Ya pagué' the driver has not answered: who, how much, how; a tap opens the receipt, where they answer. */
interface PaymentClaim {
  tripId: number;
  passengerFirstName: string;
  amount: number;
  method: WalletMethod;
}

const paymentClaim = (claim: PaymentClaim, title: string, body: string, delivery: PushDelivery): PushMessage => ({
  payload: {
    kind: 'trip_updates',
    title,
    body,
    url: ROUTES.receipt(claim.tripId),
    tag: `payment-${claim.tripId}`,
    renotify: true,
  },
  delivery,
});

export const paymentMessages = {
  reported: (claim: PaymentClaim) =>
    paymentClaim(
      claim,
      `${claim.passengerFirstName} dice que ya te pagó`,
      `${formatSoles(claim.amount)} por ${PAYMENT_METHOD_LABELS[claim.method]}. Revisa tu ${PAYMENT_METHOD_LABELS[claim.method]} y toca para confirmar si lo recibiste.`,
      TRIP,
    ),
  reminder: (claim: PaymentClaim) =>
    paymentClaim(
      claim,
      'Confirma un pago pendiente',
      `${paymentClaimText(claim.passengerFirstName, claim.amount, claim.method)} Toca para confirmar si lo recibiste.`,
      LATER,
    ),
};

/**
 * A booking's reminder (60 and 15 minutes before). The pickup time and district only; a tap opens the
 * booking where it is: "Próximos viajes" / "Programados" while dormant, the active trip once activated.
 */
export function bookingReminderMessage(reminder: BookingReminder, pickupDistrict: string | null): PushMessage {
  const toDriver = reminder.role === 'driver';
  const active = reminder.minutes_before <= BOOKING_ACTIVATION_MINUTES;
  const url = active
    ? toDriver
      ? ROUTES.driverTrip
      : ROUTES.passengerTrip
    : toDriver
      ? ROUTES.driverBookings
      : ROUTES.passengerBookings;
  const when = formatScheduledTime(new Date(reminder.scheduled_for));
  return tripUpdate(
    reminder.trip_id,
    `${toDriver ? 'Tienes un viaje programado' : 'Tu viaje programado es'} en ${reminder.minutes_before} minutos`,
    `Recojo ${where(pickupDistrict)} · ${when}. Toca para ver el viaje.`,
    url,
  );
}

/** Runs of digits (with spaces, dots or dashes) long enough to be a phone number, masked. */
export function maskNumbers(text: string): string {
  return text.replace(/\+?\d[\d\s.-]{4,}\d/g, (run) => (run.replace(/\D/g, '').length >= 6 ? '•••' : run));
}

/**
 * A chat message to the other side of the conversation. Several sent before the first could be pushed come
 * as one (push-coalescer.ts): "3 mensajes nuevos de Jorge" with the latest as the body; the same tag
 * replaces the earlier notification on the phone, which is why `count` includes the messages it showed.
 */
export function chatMessage(m: {
  tripId: number;
  driverId: number;
  senderFirstName: string;
  text: string;
  toDriver: boolean;
  dormantBooking?: boolean;
  count?: number;
}): PushMessage {
  const shown = maskNumbers(m.text.replace(/\s+/g, ' ').trim());
  const count = m.count ?? 1;
  return {
    payload: {
      kind: 'chat',
      title: count > 1 ? `${count} mensajes nuevos de ${m.senderFirstName}` : `Mensaje de ${m.senderFirstName}`,
      body: shown.length > 120 ? `${shown.slice(0, 119)}…` : shown,
      url: m.dormantBooking
        ? m.toDriver
          ? ROUTES.driverBookings
          : ROUTES.passengerBookings
        : m.toDriver
          ? ROUTES.driverTrip
          : ROUTES.passengerTrip,
      tag: `chat-${m.tripId}-${m.driverId}`,
      renotify: true,
    },
    delivery: TRIP,
  };
}

export function documentsMessage(approved: boolean): PushMessage {
  return {
    payload: approved
      ? {
          kind: 'account',
          title: '¡Tus documentos fueron aprobados!',
          body: 'Ya puedes conectarte y recibir solicitudes.',
          url: ROUTES.driverDocuments,
          tag: 'documents',
        }
      : {
          kind: 'account',
          title: 'Tus documentos necesitan cambios',
          body: 'Toca para ver qué corregir.',
          url: ROUTES.driverDocuments,
          tag: 'documents',
        },
    delivery: LATER,
  };
}

export function sosMessage(alertId: number, role: 'passenger' | 'driver', district: string | null): PushMessage {
  return {
    payload: {
      kind: 'sos',
      title: 'Alerta SOS',
      body: `Un ${role === 'driver' ? 'conductor' : 'pasajero'} pidió ayuda ${where(district)}.`,
      url: ROUTES.sosAlerts,
      tag: `sos-${alertId}`,
      renotify: true,
    },
    delivery: URGENT,
  };
}

export function testMessage(): PushMessage {
  return {
    payload: {
      kind: 'test',
      title: 'Notificación de prueba',
      body: 'Así te avisará Jala en este dispositivo.',
      url: ROUTES.dashboard,
      tag: 'test',
    },
    delivery: { ttlSeconds: 300, urgency: 'normal' },
  };
}
