import '../payments.css';

import { paymentClaimText } from '@jala/domain';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';

import { buttonClassName } from '@/components/ui/button';

import { pendingPaymentsQuery } from '../api/payments-api';

/**
 * A 'Ya pagué' the driver has not answered, on every driver screen (the signed-in app puts it in the driver
 * layout, app/signed-in-notices.tsx): who says they paid, how much and how, and the way to the receipt where
 * the driver answers 'Pago recibido' or 'No recibí el pago'. It stays until answered, wherever the driver
 * went after the trip and after a reload; `exceptTripId` is the receipt on screen, which already asks.
 */
export function PendingPaymentBanner({
  userId,
  exceptTripId = null,
}: {
  userId: number;
  exceptTripId?: number | null;
}) {
  // A failed read shows nothing here: the banner is an aid, and the next payment news or focus reads again.
  const { data } = useQuery(pendingPaymentsQuery(userId));
  const claims = (data ?? []).filter((claim) => claim.trip_id !== exceptTripId);
  const first = claims[0];
  if (!first) return null;
  const more = claims.length - 1;
  return (
    <section className="alert pay-claim" aria-label="Pago por confirmar" data-testid="pending-payment-banner">
      <p className="pay-claim__text" role="status">
        {paymentClaimText(first.passenger_first_name, first.amount, first.method)} Confirma si lo recibiste.
      </p>
      {more > 0 && (
        <p className="pay-claim__more">
          {more === 1 ? 'Tienes 1 pago más por confirmar.' : `Tienes ${more} pagos más por confirmar.`}
        </p>
      )}
      {/* The receipt reads as the driver's even for an account that is also a passenger. */}
      <Link
        className={buttonClassName({ variant: 'primary', block: true })}
        to={`/trips/${first.trip_id}/receipt`}
        state={{ side: 'driver' }}
      >
        Confirmar pago
      </Link>
    </section>
  );
}
