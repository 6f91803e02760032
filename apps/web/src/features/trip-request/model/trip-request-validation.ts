import { cashNoteTooSmallMessage, isServiceTypeId, type PaymentMethod, toCentimos } from '@jala/domain';

import type { LocationSelection, TripRequestStep } from './trip-request-types';

/** Spec §5 'Trip request' messages. */
export const STEP_MESSAGES = {
  origin: 'Selecciona un origen',
  destination: 'Selecciona un destino',
  serviceType: 'Selecciona un tipo de servicio',
} as const;

export const PRICE_MESSAGES = {
  invalid: 'Ingresa un precio válido o déjalo vacío.',
  notPositive: 'El precio debe ser mayor que cero o quedar vacío.',
  decimals: 'El precio admite como máximo dos decimales.',
  tooHigh: 'El precio es demasiado alto.',
} as const;

/** Same cap as the server's zSoles. */
export const OFFER_PRICE_MAX = 5000;

export interface StepInput {
  origin: LocationSelection | null;
  destination: LocationSelection | null;
  serviceTypeId: number | null;
  offerPrice: string;
  /** How the passenger pays; for cash, the note they will hand over (null: exact). */
  paymentMethod?: PaymentMethod;
  cashNote?: number | null;
  /** The route's estimate for the chosen service (the price when none is offered); null while unknown. */
  estimatedFare?: number | null;
}

export type ParsedPrice = { ok: true; value: number | undefined } | { ok: false; message: string };

/**
 * The offered price field: empty means "not set" (offer_price is then not sent, spec §5); otherwise a
 * positive amount in soles with at most two decimals, as the server accepts.
 */
export function parseOfferPrice(raw: string): ParsedPrice {
  const text = raw.trim().replace(',', '.');
  if (text === '') return { ok: true, value: undefined };
  if (!/^[+-]?\d*(\.\d*)?$/.test(text) || !/\d/.test(text)) return { ok: false, message: PRICE_MESSAGES.invalid };
  const value = Number(text);
  if (!Number.isFinite(value)) return { ok: false, message: PRICE_MESSAGES.invalid };
  if (value <= 0) return { ok: false, message: PRICE_MESSAGES.notPositive };
  if (!/^\+?\d*(\.\d{0,2})?$/.test(text)) return { ok: false, message: PRICE_MESSAGES.decimals };
  if (value > OFFER_PRICE_MAX) return { ok: false, message: PRICE_MESSAGES.tooHigh };
  return { ok: true, value };
}

/** The message blocking `step`, or null when it is valid (spec §2: Next advances only when valid). */
export function stepError(step: TripRequestStep, input: StepInput): string | null {
  switch (step) {
    case 1:
      return input.origin ? null : STEP_MESSAGES.origin;
    case 2:
      return input.destination ? null : STEP_MESSAGES.destination;
    case 3: {
      if (!isServiceTypeId(input.serviceTypeId)) return STEP_MESSAGES.serviceType;
      const price = parseOfferPrice(input.offerPrice);
      if (!price.ok) return price.message;
      return cashNoteError(input.cashNote ?? null, price.value ?? input.estimatedFare ?? null);
    }
    case 4:
      return null;
  }
}

/** The first step with an error and its message, or null when the whole request can be confirmed. */
export function firstInvalidStep(input: StepInput): { step: TripRequestStep; message: string } | null {
  for (const step of [1, 2, 3] as const) {
    const message = stepError(step, input);
    if (message) return { step, message };
  }
  return null;
}

/** 'Con S/ 10 no alcanza para S/ 14.50…' when the chosen note is below the price; null when it covers it (or either is unknown). */
export function cashNoteError(note: number | null, price: number | null): string | null {
  if (note === null || price === null) return null;
  const priceCents = toCentimos(price);
  return note * 100 < priceCents ? cashNoteTooSmallMessage(note, priceCents) : null;
}

/** Whether a step error is about the cash note (the messages all start the same way). */
export const isCashNoteError = (message: string): boolean => /^Con S\/\s\d+ no alcanza/.test(message);
