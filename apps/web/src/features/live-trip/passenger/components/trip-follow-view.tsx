import { CarCard, ShareTripButton, SosButton, StartCodeCard } from '../../../safety';
import type { ActiveTripLocationState } from '../../../trip-request';
import { CancelTripControl } from '../../shared/cancel-trip-control';
import { useLiveDriverPosition } from '../hooks/use-live-driver-position';
import type { ActiveTrip } from '../model/active-trip';
import { DriverTracker } from './driver-tracker';
import { PendingTripPanels } from './pending-trip-panels';
import { TripOverviewCard } from './trip-overview-card';

export interface TripFollowViewProps {
  trip: ActiveTrip;
  userId: number | null;
  handover: ActiveTripLocationState | null;
  refetchTrip: () => Promise<unknown>;
  onCancel: () => void;
  cancelling: boolean;
  cancelError: string | null;
}

/**
 * An active trip: the overview; while pending the publisher and the offers, once assigned the driver;
 * always the tracker map (one map for the whole trip, the driver appearing on it once assigned); and
 * 'Cancelar viaje' while the passenger may still cancel.
 */
export function TripFollowView({ trip, userId, handover, refetchTrip, onCancel, cancelling, cancelError }: TripFollowViewProps) {
  const assigned = trip.driver !== null;
  const driverPosition = useLiveDriverPosition(trip.id, trip.driver?.position ?? null, assigned);
  return (
    <>
      <TripOverviewCard trip={trip} />
      {trip.status === 'pending' && <PendingTripPanels trip={trip} userId={userId} handover={handover} refetchTrip={refetchTrip} />}
      <StartCodeCard code={trip.startCode} locked={trip.startCodeLocked} />
      {trip.driver && (
        <CarCard
          tripId={trip.id}
          driver={{ ...trip.driver, vehicle: trip.driver.vehicleDetails, vehicleLabel: trip.driver.vehicle }}
        />
      )}
      <DriverTracker trip={trip} driverPosition={assigned ? driverPosition : null} />
      {trip.driver && <ShareTripButton />}
      {trip.driver && <SosButton />}
      <CancelTripControl side="passenger" status={trip.status} onConfirm={onCancel} isCancelling={cancelling} error={cancelError} />
    </>
  );
}
