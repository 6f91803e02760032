import { queryOptions } from '@tanstack/react-query';
import type { DriverPaymentSettings, PaymentCase, PaymentState, UpdatePaymentSettingsRequest } from '@jala/contracts';
import { apiClient, callApi, callApiConfirmed } from '../../lib/api-client';

/** Issue 26: the driver's accepted methods, the Yape/Plin confirmations after the ride, the operators' cases. */
export const PAYMENT_ERRORS = {
  settings: 'No se pudieron cargar tus métodos de pago.',
  saveSettings: 'No se pudieron guardar tus métodos de pago.',
  answer: 'No se pudo registrar el pago. Inténtalo de nuevo.',
  cases: 'No se pudieron cargar los casos de pago.',
  resolve: 'No se pudo resolver el caso.',
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

export const paymentKeys = {
  all: ['payments'] as const,
  settings: (userId: number) => ['payments', 'settings', userId] as const,
  cases: (state: 'open' | 'resolved') => ['payments', 'cases', state] as const,
};

export const paymentSettingsQuery = (userId: number) => queryOptions({ queryKey: paymentKeys.settings(userId), queryFn: fetchPaymentSettings });
