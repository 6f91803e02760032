import type { FareAdjustmentReason } from '@jala/contracts';
import * as endpoints from '@jala/contracts/endpoints';

import { api, apiFile, callApi } from '@/lib/api/api-client';

/** The price of an assigned trip: the driver's adjustment requests, the passenger's answers, the receipt. */
export const FARE_FALLBACKS = {
  propose: 'No se pudo enviar el ajuste',
  answer: 'No se pudo responder al ajuste',
  receipt: 'No se pudo cargar el recibo',
} as const;

export interface ProposeAdjustmentInput {
  tripId: number;
  amount: number;
  reason: FareAdjustmentReason;
  note: string;
}

export const proposeFareAdjustment = ({ tripId, amount, reason, note }: ProposeAdjustmentInput) =>
  callApi(
    api(endpoints.proposeFareAdjustment, {
      params: { id: tripId },
      body: { amount, reason, ...(note.trim() ? { note: note.trim() } : {}) },
    }),
    FARE_FALLBACKS.propose,
  );

export const answerFareAdjustment = ({ tripId, accept }: { tripId: number; accept: boolean }) =>
  callApi(api(endpoints.answerFareAdjustment, { params: { id: tripId }, body: { accept } }), FARE_FALLBACKS.answer);

export const fetchReceipt = (tripId: number) =>
  callApi(api(endpoints.tripReceipt, { params: { id: tripId } }), FARE_FALLBACKS.receipt);

export const RECEIPT_PDF_FALLBACK = 'No se pudo descargar el PDF';

/** GET /trips/{id}/receipt.pdf, with the passenger's DNI or RUC printed when given (never stored). */
export function fetchReceiptPdf(tripId: number, taxId: string): Promise<Blob> {
  return apiFile(endpoints.tripReceiptPdf, { params: { id: tripId }, query: { tax_id: taxId || undefined } });
}
