import type { DriverPaymentSettings, PaymentCase, PendingPayment, UpdatePaymentSettingsRequest } from '@jala/contracts';
import * as endpoints from '@jala/contracts/endpoints';
import { queryOptions } from '@tanstack/react-query';

import { api, callApi, callApiConfirmed } from '@/lib/api/api-client';

/** Payments: the driver's accepted methods, the Yape/Plin confirmations after the ride, the operators' cases. */
export const PAYMENT_ERRORS = {
  settings: 'No se pudieron cargar tus métodos de pago.',
  saveSettings: 'No se pudieron guardar tus métodos de pago.',
  answer: 'No se pudo registrar el pago. Inténtalo de nuevo.',
  cases: 'No se pudieron cargar los casos de pago.',
  resolve: 'No se pudo resolver el caso.',
  pending: 'No se pudieron cargar los pagos por confirmar.',
} as const;

export const fetchPaymentSettings = (): Promise<DriverPaymentSettings> =>
  callApi(api(endpoints.driverPaymentMethods), PAYMENT_ERRORS.settings);

export const savePaymentSettings = (body: UpdatePaymentSettingsRequest) =>
  callApiConfirmed(api(endpoints.saveDriverPaymentMethods, { body }), PAYMENT_ERRORS.saveSettings);

/** 'Ya pagué' (passenger), 'Pago recibido' / 'No recibí el pago' (driver). */
export type WalletAnswer = 'paid' | 'received' | 'not-received';
const ANSWER_ENDPOINTS = {
  paid: endpoints.reportPaid,
  received: endpoints.confirmPaymentReceived,
  'not-received': endpoints.reportPaymentNotReceived,
} as const satisfies Record<WalletAnswer, endpoints.Endpoint>;
export const answerWalletPayment = (tripId: number, answer: WalletAnswer) =>
  callApiConfirmed(api(ANSWER_ENDPOINTS[answer], { params: { id: tripId } }), PAYMENT_ERRORS.answer);

export const fetchPaymentCases = (state: 'open' | 'resolved'): Promise<PaymentCase[]> =>
  callApi(api(endpoints.paymentCases, { query: { state } }), PAYMENT_ERRORS.cases);

export const resolvePaymentCase = (id: number, body: { outcome: 'paid' | 'unpaid'; note: string }) =>
  callApiConfirmed(api(endpoints.resolvePaymentCase, { params: { id }, body }), PAYMENT_ERRORS.resolve, {
    allowNull: true,
  });

/** The driver's 'Ya pagué' claims still waiting for their answer (the banner of every driver screen). */
export const fetchPendingPayments = (): Promise<PendingPayment[]> =>
  callApi(api(endpoints.pendingPayments), PAYMENT_ERRORS.pending);

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

export const paymentSettingsQuery = (userId: number) =>
  queryOptions({ queryKey: paymentKeys.settings(userId), queryFn: fetchPaymentSettings });
