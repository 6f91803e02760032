import { useParams } from 'react-router';
import { isPassengerType } from '@jala/domain';
import { AppLayout } from '../../../../components/layout/app-layout';
import { useSession } from '../../../../lib/session-store';
import { ReceiptActions } from './receipt-actions';
import { TripReceiptCard } from './trip-receipt';

/** /trips/:id/receipt: a completed trip's receipt, reached from the history (passenger) or the trip's end (driver). */
export function TripReceiptPage() {
  const { id } = useParams();
  const tripId = Number(id);
  const passenger = useSession((s) => (s.user ? isPassengerType(s.user.user_type) : true));
  const back = passenger ? '/passenger/trip-history' : '/driver/dashboard';
  return (
    <AppLayout title="Recibo" back={{ to: back }} nav={passenger ? 'passenger' : 'driver'}>
      {Number.isInteger(tripId) && tripId > 0 ? (
        <TripReceiptCard tripId={tripId} footer={(receipt) => <ReceiptActions receipt={receipt} forPassenger={passenger} />} />
      ) : (
        <p className="alert alert--error" role="alert">
          Recibo no encontrado.
        </p>
      )}
    </AppLayout>
  );
}
