import { TripChatPanel } from '@/features/live-trip/shared/chat/trip-chat-panel';
import { CancelTripControl } from '@/features/live-trip/shared/components/cancel-trip-control';
import { CarCard, ShareTripButton, SosButton, StartCodeCard } from '@/features/safety';

import { useLiveDriverPosition } from '../hooks/use-live-driver-position';
import type { ActiveTrip } from '../model/active-trip';
import { DriverTracker } from './driver-tracker';
import { FareAdjustmentPrompt } from './fare-adjustment-prompt';
import { PendingTripPanels } from './pending-trip-panels';
import { TripOverviewCard } from './trip-overview-card';

/** What a passenger may tell the assigned driver when cancelling (stored as the trip's cancel reason). */
export const PASSENGER_CANCEL_REASONS = [
  'El conductor tarda mucho',
  'Cambié de planes',
  'Encontré otro transporte',
  'El conductor me pidió cancelar',
] as const;

export interface TripFollowViewProps {
  trip: ActiveTrip;
  userId: number | null;
  refetchTrip: () => Promise<unknown>;
  onCancel: (reason?: string) => void;
  cancelling: boolean;
  cancelError: string | null;
}

/**
 * An active trip: the overview; while pending its publication and the offers, once assigned the driver;
 * always the tracker map (one map for the whole trip, the driver appearing on it once assigned); and
 * 'Cancelar viaje' while the passenger may still cancel.
 */
export function TripFollowView({ trip, userId, refetchTrip, onCancel, cancelling, cancelError }: TripFollowViewProps) {
  const assigned = trip.driver !== null;
  const driverPosition = useLiveDriverPosition(trip.id, trip.driver?.position ?? null, assigned);
  return (
    <>
      {trip.agreedFare !== null && (
        <FareAdjustmentPrompt
          tripId={trip.id}
          agreedFare={trip.agreedFare}
          adjustments={trip.fareAdjustments}
          onAnswered={() => void refetchTrip()}
        />
      )}
      <TripOverviewCard trip={trip} />
      {trip.status === 'pending' && <PendingTripPanels trip={trip} userId={userId} refetchTrip={refetchTrip} />}
      <StartCodeCard code={trip.startCode} locked={trip.startCodeLocked} />
      {trip.driver && (
        <CarCard
          tripId={trip.id}
          driver={{ ...trip.driver, vehicle: trip.driver.vehicleDetails, vehicleLabel: trip.driver.vehicle }}
        />
      )}
      {trip.driver && (
        <TripChatPanel
          tripId={trip.id}
          driverId={trip.driver.id}
          role="passenger"
          userId={userId}
          peerName={trip.driver.name}
        />
      )}
      <DriverTracker trip={trip} driverPosition={assigned ? driverPosition : null} />
      {trip.driver && <ShareTripButton />}
      {trip.driver && <SosButton />}
      <CancelTripControl
        side="passenger"
        status={trip.status}
        onConfirm={onCancel}
        reasons={trip.driver ? PASSENGER_CANCEL_REASONS : []}
        isCancelling={cancelling}
        error={cancelError}
      />
    </>
  );
}
