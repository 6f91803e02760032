/**
 * What a receipt shares and downloads as. The WhatsApp text says only what the receipt itself
 * shows its reader — code, when, the two addresses, total and method, driver and car — and never a phone
 * number of either party.
 */
import type { TripReceipt } from '@jala/contracts';
import { formatLimaDateTime, formatSoles } from '@jala/domain';

export function receiptShareText(r: TripReceipt): string {
  return [
    `Recibo de viaje Jala · ${r.trip_code}`,
    formatLimaDateTime(r.completed_at),
    `${r.pickup_address} → ${r.destination_address}`,
    `Total: ${formatSoles(r.total)} (${r.payment_method})`,
    `Conductor: ${r.driver_name}${r.vehicle ? ` · ${r.vehicle}` : ''}`,
  ].join('\n');
}

/** wa.me with the text and no number: WhatsApp asks whom to send it to. */
export const whatsAppShareUrl = (r: TripReceipt) => `https://wa.me/?text=${encodeURIComponent(receiptShareText(r))}`;

export const receiptFileName = (r: Pick<TripReceipt, 'trip_code'>) => `recibo-${r.trip_code}.pdf`;
