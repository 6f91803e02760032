export { ChoiceChips, PaymentChoice } from './payment-choice';
export { PaymentLine } from './payment-line';
export { PaymentSettingsSection } from './payment-settings-form';
export { WalletPaymentPanel } from './wallet-payment-panel';
export { paymentSettingsQuery, paymentKeys, fetchPaymentCases, resolvePaymentCase, PAYMENT_ERRORS } from './payments-api';
