import { isCancelledStatus, tripStatusLabel } from '@jala/domain';

export interface EndStateText {
  title: string;
  /** Who cancelled ('Cancelado por ti', 'Cancelado por conductor', 'Cancelado por sistema'), or null. */
  who: string | null;
  detail: string;
  tone: 'success' | 'neutral';
}

const CANCEL_DETAILS: Readonly<Record<string, string>> = {
  cancelled_by_passenger: 'Cancelaste este viaje. Puedes pedir otro cuando quieras.',
  cancelled_by_driver: 'El conductor canceló el viaje. Puedes pedir otro cuando quieras.',
  cancelled_by_system: 'Ningún conductor tomó tu viaje a tiempo, así que se canceló automáticamente.',
};

/** An expired trip that drivers did offer on: nobody failed to answer, the passenger did not choose. */
export const EXPIRED_WITH_OFFERS = 'Tu viaje expiró sin que eligieras una oferta. Puedes pedir otro cuando quieras.';

/** What the passenger reads when a trip ends (spec §4: '¡Viaje completado!' / 'Viaje cancelado'). */
export function endStateText(status: string, hadOffers = false): EndStateText {
  if (status === 'cancelled_by_system' && hadOffers)
    return { title: 'Viaje cancelado', who: tripStatusLabel(status), detail: EXPIRED_WITH_OFFERS, tone: 'neutral' };
  if (status === 'completed')
    return { title: '¡Viaje completado!', who: null, detail: 'Gracias por viajar con Jala.', tone: 'success' };
  if (isCancelledStatus(status)) {
    return {
      title: 'Viaje cancelado',
      who: tripStatusLabel(status),
      detail: CANCEL_DETAILS[status] ?? '',
      tone: 'neutral',
    };
  }
  return { title: 'Tu viaje terminó', who: null, detail: 'Ya no tienes un viaje activo.', tone: 'neutral' };
}
