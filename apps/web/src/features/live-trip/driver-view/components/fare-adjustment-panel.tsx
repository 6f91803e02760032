import '@/features/live-trip/shared/fare/fare.css';

import {
  FARE_ADJUSTMENT_MAX,
  FARE_ADJUSTMENT_REASON_LABELS,
  FARE_ADJUSTMENT_REASONS,
  type FareAdjustmentReason,
} from '@jala/contracts';
import { chargeLabel, formatSoles } from '@jala/domain';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';

import { Button } from '@/components/ui/button';
import { InlineError } from '@/components/ui/form-field';
import type { DriverTrip } from '@/features/live-trip/api/driver-trip-api';
import { FARE_FALLBACKS, proposeFareAdjustment } from '@/features/live-trip/api/fare-api';
import { adjustmentLabel, lastAnswered, pendingAdjustment } from '@/features/live-trip/shared/fare/fare-format';
import { errorMessage } from '@/lib/api/api-client';

import { counterOfferError } from './counter-offer-form';

export interface FareAdjustmentPanelProps {
  trip: DriverTrip;
  /** Refetches the trip once the adjustment is stored (the passenger's answer arrives on trip_status). */
  onChanged: () => void;
}

/**
 * What the driver will charge — the agreed price plus accepted adjustments, never a number typed at the
 * end — and how ('Cobrarás (Yape)': the trip's own method, never cash for a wallet trip), and 'Pedir ajuste
 * de tarifa' (extra stop, waiting, tolls): the passenger must accept it.
 */
export function FareAdjustmentPanel({ trip, onChanged }: FareAdjustmentPanelProps) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState<FareAdjustmentReason | null>(null);
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const pending = pendingAdjustment(trip.fare_adjustments);
  const answered = pending ? null : lastAnswered(trip.fare_adjustments);
  const proposal = useMutation({
    mutationFn: proposeFareAdjustment,
    onSuccess: () => {
      setOpen(false);
      setAmount('');
      setReason(null);
      setNote('');
      onChanged();
    },
  });

  const submit = (event: FormEvent<HTMLFormElement>): void => {
    event.preventDefault();
    const value = Number(amount.replace(',', '.'));
    const invalid =
      counterOfferError(amount) ??
      (value > FARE_ADJUSTMENT_MAX ? `El ajuste no puede pasar de ${formatSoles(FARE_ADJUSTMENT_MAX)}.` : null) ??
      (reason ? null : 'Elige el motivo del ajuste.');
    setProblem(invalid);
    if (!invalid && reason) proposal.mutate({ tripId: trip.id, amount: value, reason, note });
  };

  return (
    <div className="fare-adjust" data-testid="fare-panel">
      <p className="fare-adjust__price">
        <span>{chargeLabel(trip.payment?.method ?? 'cash')}</span>
        <strong data-testid="binding-fare">{formatSoles(trip.actual_fare)}</strong>
      </p>
      {trip.agreed_fare !== null && trip.agreed_fare !== trip.actual_fare && (
        <p className="fare-adjust__note">Precio acordado {formatSoles(trip.agreed_fare)} más ajustes aceptados.</p>
      )}
      {pending && (
        <p className="fare-adjust__status" role="status">
          Esperando respuesta del pasajero: {adjustmentLabel(pending)}
        </p>
      )}
      {answered?.status === 'refused' && (
        <p className="fare-adjust__status fare-adjust__status--refused" role="status">
          El pasajero rechazó el ajuste {adjustmentLabel(answered)}. Se mantiene el precio acordado.
        </p>
      )}
      {answered?.status === 'accepted' && (
        <p className="fare-adjust__status fare-adjust__status--accepted" role="status">
          El pasajero aceptó el ajuste: {adjustmentLabel(answered)}
        </p>
      )}
      {!open && !pending && (
        <Button variant="ghost" block onClick={() => setOpen(true)}>
          Pedir ajuste de tarifa
        </Button>
      )}
      {open && !pending && (
        <form className="fare-adjust" onSubmit={submit} noValidate aria-label="Ajuste de tarifa">
          <div className="field">
            <label className="field__label" htmlFor={`${id}-amount`}>
              Monto extra (S/)
            </label>
            <input
              id={`${id}-amount`}
              className="field__control"
              type="number"
              inputMode="decimal"
              min={0.5}
              step={0.5}
              value={amount}
              onChange={(e) => {
                setAmount(e.target.value);
                setProblem(null);
              }}
            />
          </div>
          <fieldset className="fare-adjust__reasons">
            <legend>Motivo</legend>
            {FARE_ADJUSTMENT_REASONS.map((r) => (
              <label key={r} className="fare-adjust__reason">
                <input
                  type="radio"
                  name={`${id}-reason`}
                  value={r}
                  checked={reason === r}
                  onChange={() => {
                    setReason(r);
                    setProblem(null);
                  }}
                />
                {FARE_ADJUSTMENT_REASON_LABELS[r]}
              </label>
            ))}
          </fieldset>
          <div className="field">
            <label className="field__label" htmlFor={`${id}-note`}>
              Detalle (opcional)
            </label>
            <input
              id={`${id}-note`}
              className="field__control"
              maxLength={200}
              value={note}
              onChange={(e) => setNote(e.target.value)}
            />
          </div>
          <InlineError
            message={problem ?? (proposal.isError ? errorMessage(proposal.error, FARE_FALLBACKS.propose) : null)}
          />
          <Button type="submit" variant="primary" block disabled={proposal.isPending}>
            {proposal.isPending ? 'Enviando...' : 'Enviar ajuste al pasajero'}
          </Button>
          <Button variant="ghost" block onClick={() => setOpen(false)}>
            Volver
          </Button>
        </form>
      )}
    </div>
  );
}
