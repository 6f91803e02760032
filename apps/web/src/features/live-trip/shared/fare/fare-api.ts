import type { FareAdjustment, FareAdjustmentReason, TripReceipt } from '@jala/contracts';
import { apiClient, apiDocument, callApi } from '../../../../lib/api-client';

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
    apiClient.post<FareAdjustment>(`/driver/trips/${tripId}/fare-adjustments`, { amount, reason, ...(note.trim() ? { note: note.trim() } : {}) }),
    FARE_FALLBACKS.propose,
  );

export const answerFareAdjustment = ({ tripId, accept }: { tripId: number; accept: boolean }) =>
  callApi(apiClient.put<FareAdjustment>(`/trips/${tripId}/fare-adjustment`, { accept }), FARE_FALLBACKS.answer);

export const fetchReceipt = (tripId: number) => callApi(apiClient.get<TripReceipt>(`/trips/${tripId}/receipt`), FARE_FALLBACKS.receipt);

export const RECEIPT_PDF_FALLBACK = 'No se pudo descargar el PDF';

/** GET /trips/{id}/receipt.pdf, with the passenger's DNI or RUC printed when given (never stored). */
export function fetchReceiptPdf(tripId: number, taxId: string): Promise<Blob> {
  const query = taxId ? `?${new URLSearchParams({ tax_id: taxId }).toString()}` : '';
  return apiDocument(`/trips/${tripId}/receipt.pdf${query}`, 'application/pdf');
}
