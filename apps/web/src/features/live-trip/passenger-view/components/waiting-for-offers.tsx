import type { DriverOffer } from '@jala/contracts';
import { formatSoles } from '@jala/domain';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';

import { Button } from '@/components/ui/button';
import { InlineError } from '@/components/ui/form-field';
import { LIVE_TRIP_FALLBACKS, raiseTripPrice } from '@/features/live-trip/api/passenger-trip-api';
import { EnablePushPrompt } from '@/features/notifications';
import { errorMessage } from '@/lib/api/api-client';

import { type ActiveTrip, currentFare } from '../model/active-trip';

/** How much one tap on 'Subir precio' adds, in soles (as inDrive's +1). */
export const PRICE_RAISE_STEP = 1;

/** '12:05' (minutes:seconds) left until `expiresAt`, never negative. */
export function timeLeft(expiresAt: string, now: number): string {
  const seconds = Math.max(0, Math.floor((Date.parse(expiresAt) - now) / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

function useNow(periodMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), periodMs);
    return () => clearInterval(timer);
  }, [periodMs]);
  return now;
}

const NO_OFFERS: readonly DriverOffer[] = [];

export interface WaitingForOffersProps {
  trip: ActiveTrip;
  /** Undefined until the first answer: offers already there when the page opens are not news. */
  offers: readonly DriverOffer[] | undefined;
  /** The offers list, brought into view when a new offer arrives. */
  offersAnchor: React.RefObject<HTMLElement | null>;
  refetchTrip: () => Promise<unknown>;
}

/**
 * The top of a pending trip: how long it stays open, a cue nobody can miss when offers arrive (count,
 * best price, a short vibration, the list scrolled into view) and 'Subir precio' to republish at +S/ 1.
 */
export function WaitingForOffers({ trip, offers: answer, offersAnchor, refetchTrip }: WaitingForOffersProps) {
  const offers = answer ?? NO_OFFERS;
  const now = useNow(1000);
  const price = currentFare(trip);
  const raised = Math.round((price + PRICE_RAISE_STEP) * 100) / 100;
  const raise = useMutation({ mutationFn: raiseTripPrice, onSuccess: () => void refetchTrip() });
  const best = offers.length > 0 ? Math.min(...offers.map((o) => o.price)) : null;

  // Counted from the first answer on: a tap made meanwhile (say, on 'Cancelar viaje') is not scrolled away.
  const seenOffers = useRef<number | null>(answer?.length ?? null);
  useEffect(() => {
    if (answer === undefined) return;
    if (seenOffers.current !== null && answer.length > seenOffers.current) {
      navigator.vibrate?.(200);
      offersAnchor.current?.scrollIntoView?.({ block: 'start', behavior: 'smooth' });
    }
    seenOffers.current = answer.length;
  }, [answer, offersAnchor]);

  return (
    <>
      <section className="card stack stack--tight" aria-label="Esperando ofertas">
        {best !== null && (
          <button
            type="button"
            className="ptr-waiting__cue"
            data-testid="offers-cue"
            onClick={() => offersAnchor.current?.scrollIntoView?.({ block: 'start', behavior: 'smooth' })}
          >
            <span aria-hidden="true">🔔</span> {offers.length === 1 ? '1 oferta' : `${offers.length} ofertas`} · mejor
            precio {formatSoles(best)}
          </button>
        )}
        <p className="ptr-waiting__countdown" role="timer" aria-live="off">
          Tu viaje sigue publicado <strong data-testid="expiry-countdown">{timeLeft(trip.expiresAt, now)}</strong> min
        </p>
        <Button
          variant="ghost"
          block
          disabled={raise.isPending}
          onClick={() => raise.mutate({ tripId: trip.id, price: raised })}
        >
          {raise.isPending ? 'Publicando...' : `Subir a ${formatSoles(raised)} y publicar de nuevo`}
        </Button>
        <InlineError message={raise.isError ? errorMessage(raise.error, LIVE_TRIP_FALLBACKS.raise) : null} />
      </section>
      {/* Asked now that it matters: the trip is published and offers may come while the phone is locked. */}
      <EnablePushPrompt message="Activa las notificaciones para enterarte de las ofertas" />
    </>
  );
}
