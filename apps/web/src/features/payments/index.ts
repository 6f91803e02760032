export { ChoiceChips, PaymentChoice } from './payment-choice';
export { PaymentLine } from './payment-line';
export { PaymentSettingsSection } from './payment-settings-form';
export { WalletPaymentPanel } from './wallet-payment-panel';
export { PendingPaymentBanner } from './pending-payment-banner';
export { paymentSettingsQuery, paymentKeys, pendingPaymentsQuery, fetchPaymentCases, resolvePaymentCase, PAYMENT_ERRORS } from './payments-api';
