import { formatSoles, OFFER_PRICE_MIN, OFFER_PRICE_STEP, SERVICE_TYPES } from '@jala/domain';

import { SelectField, TextField } from '@/components/ui/form-field';
import { PaymentChoice } from '@/features/payments';

import { useTripRequest } from '../model/trip-request-context';
import { cashNoteError, parseOfferPrice } from '../model/trip-request-validation';
import { FairPriceHint, FarBelowUsualWarning } from './fair-price-hint';
import { useStepErrorProps } from './step-error';

const SERVICE_OPTIONS = [
  { value: '', label: 'Selecciona...' },
  ...SERVICE_TYPES.map((t) => ({ value: String(t.id), label: t.name })),
];

/** Step 3: service type (1 Mototaxi, 2 Auto) and the optional offered price (min 0, step 0.5). */
export function ServiceStep({ estimatedFare }: { estimatedFare: number | null }) {
  const serviceTypeId = useTripRequest((s) => s.serviceTypeId);
  const offerPrice = useTripRequest((s) => s.offerPrice);
  const setServiceType = useTripRequest((s) => s.setServiceType);
  const setOfferPrice = useTripRequest((s) => s.setOfferPrice);
  const serviceError = useStepErrorProps('serviceType');
  const priceError = useStepErrorProps('offerPrice');
  const noteError = useStepErrorProps('cashNote');
  const paymentMethod = useTripRequest((s) => s.paymentMethod);
  const cashNote = useTripRequest((s) => s.cashNote);
  const setPaymentMethod = useTripRequest((s) => s.setPaymentMethod);
  const setCashNote = useTripRequest((s) => s.setCashNote);
  const stepError = useTripRequest((s) => s.stepError);
  // A note below the price is said at once, under the notes (the step's 'Siguiente' is refused with it too).
  const parsed = parseOfferPrice(offerPrice);
  const liveNoteError = cashNoteError(cashNote, parsed.ok ? (parsed.value ?? estimatedFare) : null);

  const hint =
    estimatedFare === null
      ? 'Opcional. Si lo dejas vacío, se usa la tarifa estimada.'
      : `Opcional. Si lo dejas vacío, se usa la tarifa estimada (${formatSoles(estimatedFare)}).`;

  return (
    <>
      <SelectField
        label="Tipo de servicio"
        name="service_type_id"
        options={SERVICE_OPTIONS}
        value={serviceTypeId === null ? '' : String(serviceTypeId)}
        onChange={(e) => setServiceType(e.target.value === '' ? null : Number(e.target.value))}
        {...serviceError}
      />
      <TextField
        label="Precio que ofreces (S/)"
        name="offer_price"
        type="number"
        inputMode="decimal"
        min={OFFER_PRICE_MIN}
        step={OFFER_PRICE_STEP}
        placeholder="Ej.: 15.50"
        value={offerPrice}
        onChange={(e) => setOfferPrice(e.target.value)}
        hint={hint}
        {...priceError}
      />
      <FairPriceHint />
      <FarBelowUsualWarning offerPrice={offerPrice} />
      <PaymentChoice
        method={paymentMethod}
        cashNote={cashNote}
        onMethod={setPaymentMethod}
        onCashNote={setCashNote}
        noteInvalid={noteError}
      />
      {liveNoteError && liveNoteError !== stepError && (
        <p className="field__error" role="alert">
          {liveNoteError}
        </p>
      )}
    </>
  );
}
