import './fare.css';

import type { TripReceipt } from '@jala/contracts';
import { isWalletMethod } from '@jala/domain';
import { endedFarFromDestinationText, formatLimaDateTime, formatSoles } from '@jala/domain';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';

import { FactList } from '@/components/ui/fact-list';
import { RetryAlert } from '@/components/ui/retry-alert';
import { FARE_FALLBACKS, fetchReceipt } from '@/features/live-trip/api/fare-api';
import { liveTripKeys } from '@/features/live-trip/api/live-trip-api';
import { WalletPaymentPanel } from '@/features/payments';
import { errorMessage } from '@/lib/api/api-client';

import { adjustmentLabel } from './fare-format';

/** The app's one date format ('27 nov 2026, 18:05', Lima), '—' for a moment that did not happen. */
const at = (iso: string | null) => formatLimaDateTime(iso);

/** The receipt of a completed trip, the same for passenger and driver: route, agreed price, adjustments, total. */
export function TripReceiptCard({ tripId, footer }: { tripId: number; footer?: (receipt: TripReceipt) => ReactNode }) {
  const query = useQuery({ queryKey: liveTripKeys.receipt(tripId), queryFn: () => fetchReceipt(tripId), retry: 1 });
  if (query.isPending) {
    return (
      <p className="fare-receipt__loading" role="status">
        Cargando recibo...
      </p>
    );
  }
  if (query.isError) {
    return (
      <RetryAlert
        className="fare-receipt__error"
        message={errorMessage(query.error, FARE_FALLBACKS.receipt)}
        onRetry={() => void query.refetch()}
      />
    );
  }
  const r = query.data;
  return (
    <>
      <section className="card fare-receipt" aria-labelledby={`receipt-${tripId}`} data-testid="trip-receipt">
        <h2 id={`receipt-${tripId}`} className="fare-receipt__title">
          Recibo · {r.trip_code}
        </h2>
        <p className="fare-receipt__route">
          <span>{r.pickup_address}</span>
          <span aria-hidden="true"> → </span>
          <span>{r.destination_address}</span>
        </p>
        {r.ended_far_from_destination_m !== null && (
          <p className="fare-receipt__far" data-testid="ended-far">
            {endedFarFromDestinationText(r.ended_far_from_destination_m)}
          </p>
        )}
        <FactList
          className="fare-receipt__lines"
          facts={[
            { label: 'Precio acordado', value: formatSoles(r.agreed_fare) },
            ...r.adjustments.map((a) => ({
              key: a.id,
              label: 'Ajuste aceptado',
              value: adjustmentLabel(a),
              className: 'fare-receipt__adjustment',
            })),
            { label: 'Total', value: formatSoles(r.total), className: 'fare-receipt__total' },
            { label: 'Pago', value: r.payment_text ?? r.payment_method },
            { label: 'Conductor', value: r.driver_name },
            r.vehicle ? { label: 'Vehículo', value: r.vehicle } : null,
            { label: 'Pasajero', value: r.passenger_name },
            {
              label: 'Servicio',
              value: (
                <>
                  {r.service_type} · {r.distance_km.toFixed(1)} km
                </>
              ),
            },
            { label: 'Solicitado', value: at(r.requested_at) },
            { label: 'Inicio', value: at(r.started_at) },
            { label: 'Llegada', value: at(r.completed_at) },
          ]}
        />
      </section>
      {r.payment && isWalletMethod(r.payment.method) && (
        <WalletPaymentPanel
          tripId={r.trip_id}
          total={r.total}
          payment={{ ...r.payment, method: r.payment.method }}
          onChanged={() => void query.refetch()}
        />
      )}
      {footer?.(r)}
    </>
  );
}
