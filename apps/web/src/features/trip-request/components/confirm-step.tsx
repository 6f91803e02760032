import { cashNoteLabel, formatSoles, PAYMENT_METHOD_LABELS, serviceTypeName } from '@jala/domain';
import { useId } from 'react';

import { WhenChoice } from '@/features/bookings';

import { useTripRequest } from '../model/trip-request-context';
import { parseOfferPrice } from '../model/trip-request-validation';
import { FarBelowUsualWarning } from './fair-price-hint';

export const NOTES_MAX = 500;

/** Step 4: what will be requested, and notes for the driver ('Instrucciones especiales...'). */
export function ConfirmStep() {
  const origin = useTripRequest((s) => s.origin);
  const destination = useTripRequest((s) => s.destination);
  const serviceTypeId = useTripRequest((s) => s.serviceTypeId);
  const offerPrice = useTripRequest((s) => s.offerPrice);
  const notes = useTripRequest((s) => s.notes);
  const paymentMethod = useTripRequest((s) => s.paymentMethod);
  const cashNote = useTripRequest((s) => s.cashNote);
  const setNotes = useTripRequest((s) => s.setNotes);
  const busy = useTripRequest((s) => s.status !== 'idle');
  const notesId = useId();
  const price = parseOfferPrice(offerPrice);

  return (
    <>
      <dl className="facts trq-summary">
        <div>
          <dt>Origen</dt>
          <dd>{origin?.address ?? '—'}</dd>
        </div>
        <div>
          <dt>Destino</dt>
          <dd>{destination?.address ?? '—'}</dd>
        </div>
        <div>
          <dt>Servicio</dt>
          <dd>{serviceTypeId === null ? '—' : serviceTypeName(serviceTypeId)}</dd>
        </div>
        <div>
          <dt>Tu oferta</dt>
          <dd>{price.ok && price.value !== undefined ? formatSoles(price.value) : 'Tarifa estimada'}</dd>
        </div>
        <div>
          <dt>Pago</dt>
          <dd>
            {PAYMENT_METHOD_LABELS[paymentMethod]}
            {paymentMethod === 'cash' && ` · ${cashNote === null ? 'monto exacto' : `con ${cashNoteLabel(cashNote)}`}`}
          </dd>
        </div>
      </dl>
      <FarBelowUsualWarning offerPrice={offerPrice} />
      <WhenChoice disabled={busy} />
      <div className="field">
        <label className="field__label" htmlFor={notesId}>
          Notas para el conductor (opcional)
        </label>
        <textarea
          id={notesId}
          name="passenger_notes"
          className="field__control trq-notes"
          rows={3}
          maxLength={NOTES_MAX}
          placeholder="Instrucciones especiales..."
          value={notes}
          onChange={(e) => setNotes(e.target.value)}
          disabled={busy}
        />
      </div>
    </>
  );
}
