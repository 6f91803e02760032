import type { DriverTripRequest } from '@jala/contracts';

import { FareHintSentence } from '@/features/trip-request';

/**
 * The route's usual price beside the offered one, as the passenger saw it when proposing:
 * computed once when the trip was requested and carried by the request, so the feed costs no extra query.
 */
export function RequestFareHint({ request }: { request: Pick<DriverTripRequest, 'id' | 'fare_hint'> }) {
  if (!request.fare_hint) return null;
  return (
    <p className="fare-hint dt-request__fare-hint" data-testid="request-fare-hint">
      <FareHintSentence hint={request.fare_hint} />
    </p>
  );
}
