import '../payments.css';

import type { CashChange } from '@jala/contracts';
import {
  cashChange,
  cashChangeText,
  methodNotAcceptedMessage,
  PAYMENT_METHOD_LABELS,
  type PaymentMethod,
  toCentimos,
} from '@jala/domain';

/**
 * How a trip is paid, on a request card, an offer or the active trip: 'Efectivo · Pagará con S/ 50 · lleva
 * S/ 35.50 de vuelto', 'Yape'. `change` (the server's, from the binding price) wins over `price` (the
 * request's price, for cards the server sends without it). A driver who does not take the method reads
 * 'No aceptas Yape' instead.
 */
export function PaymentLine({
  method = 'cash',
  cashNote = null,
  price,
  change,
  accepted = true,
}: {
  method?: PaymentMethod | undefined;
  cashNote?: number | null | undefined;
  price?: number | undefined;
  change?: CashChange | null | undefined;
  accepted?: boolean;
}) {
  if (!accepted)
    return (
      <p className="pay-line pay-line--refused" role="note">
        {methodNotAcceptedMessage(method)}
      </p>
    );
  const label = PAYMENT_METHOD_LABELS[method];
  if (method !== 'cash') return <p className="pay-line">Pago: {label}</p>;
  const text = change?.text ?? (price === undefined ? null : cashChangeText(cashChange(cashNote, toCentimos(price))));
  const short = change
    ? change.kind === 'short'
    : price !== undefined && cashChange(cashNote, toCentimos(price)).kind === 'short';
  return (
    <p className={`pay-line${short ? ' pay-line--short' : ''}`}>
      {label}
      {text ? ` · ${text}` : ''}
    </p>
  );
}
