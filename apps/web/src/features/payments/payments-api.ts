import { queryOptions } from '@tanstack/react-query';
import type { DriverPaymentSettings, PaymentCase, PaymentState, PendingPayment, UpdatePaymentSettingsRequest } from '@jala/contracts';
import { apiClient, callApi, callApiConfirmed } from '../../lib/api-client';

/** Issue 26: the driver's accepted methods, the Yape/Plin confirmations after the ride, the operators' cases. */
export const PAYMENT_ERRORS = {
  settings: 'No se pudieron cargar tus métodos de pago.',
  saveSettings: 'No se pudieron guardar tus métodos de pago.',
  answer: 'No se pudo registrar el pago. Inténtalo de nuevo.',
  cases: 'No se pudieron cargar los casos de pago.',
  resolve: 'No se pudo resolver el caso.',
  pending: 'No se pudieron cargar los pagos por confirmar.',
} as const;

export const fetchPaymentSettings = (): Promise<DriverPaymentSettings> =>
  callApi(apiClient.get<DriverPaymentSettings>('/driver/payment-methods'), PAYMENT_ERRORS.settings);

export const savePaymentSettings = (body: UpdatePaymentSettingsRequest) =>
  callApiConfirmed(apiClient.put<DriverPaymentSettings>('/driver/payment-methods', body), PAYMENT_ERRORS.saveSettings);

/** 'Ya pagué' (passenger), 'Pago recibido' / 'No recibí el pago' (driver). */
export type WalletAnswer = 'paid' | 'received' | 'not-received';
const ANSWER_PATHS: Record<WalletAnswer, (tripId: number) => string> = {
  paid: (id) => `/trips/${id}/payment/paid`,
  received: (id) => `/driver/trips/${id}/payment/received`,
  'not-received': (id) => `/driver/trips/${id}/payment/not-received`,
};
export const answerWalletPayment = (tripId: number, answer: WalletAnswer) =>
  callApiConfirmed(apiClient.post<PaymentState>(ANSWER_PATHS[answer](tripId), {}), PAYMENT_ERRORS.answer);

export const fetchPaymentCases = (state: 'open' | 'resolved'): Promise<PaymentCase[]> =>
  callApi(apiClient.get<PaymentCase[]>(`/admin/payment-cases?state=${state}`), PAYMENT_ERRORS.cases);

export const resolvePaymentCase = (id: number, body: { outcome: 'paid' | 'unpaid'; note: string }) =>
  callApiConfirmed(apiClient.post<null>(`/admin/payment-cases/${id}/resolve`, body), PAYMENT_ERRORS.resolve, { allowNull: true });

/** The driver's 'Ya pagué' claims still waiting for their answer (the banner of every driver screen). */
export const fetchPendingPayments = (): Promise<PendingPayment[]> =>
  callApi(apiClient.get<PendingPayment[]>('/driver/pending-payments'), PAYMENT_ERRORS.pending);

export const paymentKeys = {
  all: ['payments'] as const,
  settings: (userId: number) => ['payments', 'settings', userId] as const,
  cases: (state: 'open' | 'resolved') => ['payments', 'cases', state] as const,
  pending: (userId: number) => ['payments', 'pending', userId] as const,
};

/**
 * Read on every driver screen from the cache: fresh for 30 s, and marked stale at once whenever
 * notifications/{driver} says a payment moved (app/payment-news.ts), so navigating does not ask again.
 */
export const pendingPaymentsQuery = (userId: number) =>
  queryOptions({ queryKey: paymentKeys.pending(userId), queryFn: fetchPendingPayments, staleTime: 30_000 });

export const paymentSettingsQuery = (userId: number) => queryOptions({ queryKey: paymentKeys.settings(userId), queryFn: fetchPaymentSettings });
