import '@/features/live-trip/shared/fare/fare.css';

import type { FareAdjustment } from '@jala/contracts';
import { formatSoles } from '@jala/domain';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';

import { Button } from '@/components/ui/button';
import { InlineError } from '@/components/ui/form-field';
import { answerFareAdjustment, FARE_FALLBACKS } from '@/features/live-trip/api/fare-api';
import { adjustmentLabel, bindingTotal, pendingAdjustment } from '@/features/live-trip/shared/fare/fare-format';
import { errorMessage } from '@/lib/api/api-client';

export interface FareAdjustmentPromptProps {
  tripId: number;
  agreedFare: number;
  adjustments: readonly FareAdjustment[];
  /** Refetches the trip once answered. */
  onAnswered: () => void;
}

/**
 * The driver asks to change the agreed price: the passenger reads the amount, the reason and the new
 * total, and accepts or refuses. Without a yes the agreed price stands.
 */
export function FareAdjustmentPrompt({ tripId, agreedFare, adjustments, onAnswered }: FareAdjustmentPromptProps) {
  const pending = pendingAdjustment(adjustments);
  const answer = useMutation({ mutationFn: answerFareAdjustment, onSettled: onAnswered });
  const card = useRef<HTMLElement>(null);
  // A new request must not go unseen: bring it where the passenger is looking, with a short buzz.
  const pendingId = pending?.id ?? null;
  useEffect(() => {
    if (pendingId === null) return;
    card.current?.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
    navigator.vibrate?.(200);
  }, [pendingId]);
  if (!pending) return null;
  const total = bindingTotal(agreedFare, [...adjustments, { ...pending, status: 'accepted' }]);
  return (
    <section
      ref={card}
      className="card fare-prompt"
      aria-labelledby="fare-prompt-title"
      data-testid="fare-adjustment-prompt"
    >
      <h2 id="fare-prompt-title" className="fare-prompt__title">
        Tu conductor pide un ajuste de tarifa
      </h2>
      <p className="fare-prompt__amount">{adjustmentLabel(pending)}</p>
      <p className="fare-prompt__total">
        Si aceptas pagarás {formatSoles(total)} en vez de {formatSoles(bindingTotal(agreedFare, adjustments))}.
      </p>
      <InlineError message={answer.isError ? errorMessage(answer.error, FARE_FALLBACKS.answer) : null} />
      <div className="fare-prompt__actions">
        <Button variant="primary" disabled={answer.isPending} onClick={() => answer.mutate({ tripId, accept: true })}>
          Aceptar ajuste
        </Button>
        <Button variant="ghost" disabled={answer.isPending} onClick={() => answer.mutate({ tripId, accept: false })}>
          Rechazar
        </Button>
      </div>
    </section>
  );
}
