import { isDriverType, isPassengerType } from '@jala/domain';
import { useLocation, useParams } from 'react-router';

import { AppLayout } from '@/components/layout/app-layout';
import { useSession } from '@/lib/session-store';

import { ReceiptActions } from './receipt-actions';
import { TripReceiptCard } from './trip-receipt';

/**
 * Which side reads the receipt: the driver's 'Mis viajes' says so in the link's state (a 'both' account there
 * drove the trip); otherwise the account's type, a 'both' account reading it as the passenger.
 */
function useReadsAsPassenger(): boolean {
  const from = (useLocation().state as { side?: unknown } | null)?.side;
  const userType = useSession((s) => s.user?.user_type);
  if (from === 'driver' && userType !== undefined && isDriverType(userType)) return false;
  return userType === undefined ? true : isPassengerType(userType);
}

/** /trips/:id/receipt: a completed trip's receipt, reached from either side's history or the trip's end. */
export function TripReceiptPage() {
  const { id } = useParams();
  const tripId = Number(id);
  const passenger = useReadsAsPassenger();
  const back = passenger ? '/passenger/trip-history' : '/driver/trips';
  return (
    <AppLayout title="Recibo" back={{ to: back }} nav={passenger ? 'passenger' : 'driver'}>
      {Number.isInteger(tripId) && tripId > 0 ? (
        <TripReceiptCard
          tripId={tripId}
          footer={(receipt) => <ReceiptActions receipt={receipt} forPassenger={passenger} />}
        />
      ) : (
        <p className="alert alert--error" role="alert">
          Recibo no encontrado.
        </p>
      )}
    </AppLayout>
  );
}
