export { ChoiceChips, PaymentChoice } from './components/payment-choice';
export { PaymentLine } from './components/payment-line';
export { PaymentSettingsSection } from './components/payment-settings-form';
export { WalletPaymentPanel } from './components/wallet-payment-panel';
export { PendingPaymentBanner } from './components/pending-payment-banner';
export {
  paymentSettingsQuery,
  paymentKeys,
  pendingPaymentsQuery,
  fetchPaymentCases,
  resolvePaymentCase,
  PAYMENT_ERRORS,
} from './api/payments-api';
