import { FAR_BELOW_USUAL_MESSAGE, isFarBelowUsual } from '@jala/domain';

import { useRevealWhen } from '@/components/ui/reveal';

import { useFareHint } from '../hooks/use-fare-hint';
import { parseOfferPrice } from '../model/trip-request-validation';
import { FareHintSentence } from './fare-hint-sentence';

/**
 * Beside the offered price: "Precio habitual para este recorrido: S/ 11 – S/ 14", or the
 * formula's estimate when too few similar trips exist. Quiet while it loads or when it cannot be had: the
 * passenger can always propose without it.
 */
export function FairPriceHint() {
  const hint = useFareHint();
  if (!hint.data) return null;
  return (
    <p className="fare-hint trq-fair-price" role="status" data-testid="fare-hint">
      <FareHintSentence hint={hint.data} />
      {hint.data.low !== null && (
        <span className="trq-fair-price__basis"> · {hint.data.similar_trips} viajes parecidos, últimos 30 días</span>
      )}
    </p>
  );
}

/**
 * A proposal far below the usual price gets a plain warning before it is published; never a
 * block. `offerPrice` is the field's text as typed (empty: the estimate is used, nothing to warn about).
 */
export function FarBelowUsualWarning({ offerPrice }: { offerPrice: string }) {
  const hint = useFareHint();
  const price = parseOfferPrice(offerPrice);
  const farBelow = Boolean(
    hint.data && price.ok && price.value !== undefined && isFarBelowUsual(price.value, hint.data),
  );
  // It appears under the field while the passenger types: brought into sight, clear of the sheet's buttons.
  const ref = useRevealWhen<HTMLParagraphElement>(farBelow);
  if (!farBelow) return null;
  return (
    <p className="alert alert--warning trq-far-below" role="alert" data-testid="far-below-warning" ref={ref}>
      {FAR_BELOW_USUAL_MESSAGE}
    </p>
  );
}
