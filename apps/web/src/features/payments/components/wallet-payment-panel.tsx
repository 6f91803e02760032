import '../payments.css';

import { topics, type TripPayment, zTripStatusMessage } from '@jala/contracts';
import { formatPeruvianPhone, formatSoles, PAYMENT_METHOD_LABELS, type WalletMethod } from '@jala/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { Button } from '@/components/ui/button';
import { InlineError } from '@/components/ui/form-field';
import { errorMessage } from '@/lib/api/api-client';
import { useRealtimeTopic } from '@/lib/realtime/use-realtime-topic';

import { answerWalletPayment, PAYMENT_ERRORS, paymentKeys, type WalletAnswer } from '../api/payments-api';

const STATE_TEXT = {
  passenger: {
    pending: null,
    reported: 'Le avisamos al conductor. Falta que confirme que recibió tu pago.',
    confirmed: 'El conductor confirmó tu pago. ¡Gracias!',
    disputed: 'El conductor dice que no recibió el pago. Un operador de Jala revisará el caso.',
    resolved_paid: 'Jala confirmó tu pago.',
    resolved_unpaid: 'Jala concluyó que el pago no se hizo.',
  },
  driver: {
    pending: 'El pasajero aún no avisa que pagó.',
    reported: 'El pasajero dice que ya pagó. Revisa tu app y confirma.',
    confirmed: 'Confirmaste el pago.',
    disputed: 'Abriste un caso: un operador de Jala lo revisará.',
    resolved_paid: 'Jala dio el pago por hecho.',
    resolved_unpaid: 'Jala concluyó que el pago no se hizo.',
  },
} as const;

/**
 * Yape/Plin at the end of the ride. The passenger reads the driver's name and number (only their
 * receipt carries it) and taps 'Ya pagué'; the driver taps 'Pago recibido' or 'No recibí el pago'. Either
 * answer arrives on trip_status/{trip} and the other phone refetches (`onChanged`), as it does whenever it starts
 * listening (an answer given before that would otherwise be missed until a reload).
 */
export function WalletPaymentPanel({
  tripId,
  total,
  payment,
  onChanged,
}: {
  tripId: number;
  total: number;
  payment: TripPayment & { method: WalletMethod };
  onChanged: () => void;
}) {
  const side = payment.payee ? 'passenger' : 'driver';
  const status = payment.status ?? 'pending';
  const label = PAYMENT_METHOD_LABELS[payment.method];
  const queryClient = useQueryClient();
  const answer = useMutation({
    mutationFn: (what: WalletAnswer) => answerWalletPayment(tripId, what),
    onSuccess: () => {
      onChanged();
      // The driver's banner of unanswered claims goes at once (the MQTT news follows, for their other phones).
      void queryClient.invalidateQueries({ queryKey: [...paymentKeys.all, 'pending'] });
    },
  });
  useRealtimeTopic(topics.tripStatus(tripId), zTripStatusMessage, {
    onMessage: (message) => {
      if (message.payment_status) onChanged();
    },
    // Each time the subscription is (re)granted: an answer given before this screen listened is read too.
    onLive: onChanged,
  });
  const text = STATE_TEXT[side][status];
  return (
    <section className="card pay-wallet" aria-labelledby={`pay-wallet-${tripId}`} data-testid="wallet-payment">
      <h2 className="pay-wallet__title" id={`pay-wallet-${tripId}`}>
        {side === 'passenger' ? `Paga ${formatSoles(total)} con ${label}` : `Cobro con ${label}: ${formatSoles(total)}`}
      </h2>
      {payment.payee && (
        <p className="pay-wallet__payee">
          <span>{payment.payee.name}</span>
          <span className="pay-wallet__phone">{formatPeruvianPhone(payment.payee.phone)}</span>
        </p>
      )}
      {text && (
        <p className="pay-wallet__state" role="status">
          {text}
        </p>
      )}
      <div className="pay-wallet__actions">
        {side === 'passenger' && status === 'pending' && (
          <Button variant="primary" block disabled={answer.isPending} onClick={() => answer.mutate('paid')}>
            Ya pagué
          </Button>
        )}
        {side === 'driver' && (status === 'pending' || status === 'reported') && (
          <>
            <Button variant="primary" block disabled={answer.isPending} onClick={() => answer.mutate('received')}>
              Pago recibido
            </Button>
            <Button variant="ghost" block disabled={answer.isPending} onClick={() => answer.mutate('not-received')}>
              No recibí el pago
            </Button>
          </>
        )}
      </div>
      <InlineError message={answer.isError ? errorMessage(answer.error, PAYMENT_ERRORS.answer) : null} />
    </section>
  );
}
