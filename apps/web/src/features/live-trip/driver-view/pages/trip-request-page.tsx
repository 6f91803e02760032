import '../driver-trips.css';

import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';

import { AppLayout } from '@/components/layout/app-layout';
import { BookingReminderBanner, DriverBookings, RequestsTabs } from '@/features/bookings';
import { RequestsReadinessCard, useRequestsReadiness } from '@/features/driver';
import { currentTripKeys, driverTripQuery } from '@/lib/current-trip';
import { useSession } from '@/lib/session-store';
import { useScreenWakeLock } from '@/lib/use-screen-wake-lock';

import { CurrentTripBanner } from '../components/current-trip-banner';
import { GeolocationRequired } from '../components/geolocation-required';
import { Notice } from '../components/notice';
import { TripRequestsView } from '../components/trip-requests-view';
import { useNewRequestAlert } from '../hooks/use-new-request-alert';
import { useTripRequests } from '../hooks/use-trip-requests';
import { useWatchedPosition } from '../hooks/use-watched-position';
import { unansweredCount } from '../model/request-alert';
import { REQUESTS_REFRESH_MS } from '../model/requests-feed';

/**
 * 'Solicitudes de Viaje' (spec §2): nearby requests for the watched position, live over the driver's
 * MQTT feed; offers, counter-offers, chat and rejections. When a passenger accepts this driver's offer
 * (or a trip shows up as assigned) the driver goes to the active trip.
 */
export function DriverTripRequestPage() {
  const driverId = useSession((s) => s.user?.id ?? 0);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { position, error: geoError } = useWatchedPosition();
  const current = useQuery({ ...driverTripQuery(driverId), refetchInterval: REQUESTS_REFRESH_MS });

  const goToActiveTrip = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: currentTripKeys.driver(driverId) });
    void navigate('/driver/active-trip');
  }, [queryClient, navigate, driverId]);

  // A trip that was already assigned when the page opened is shown on top; one assigned meanwhile opens.
  const hadTripAtOpen = useRef<boolean | null>(null);
  useEffect(() => {
    if (current.isPending || current.isError) return;
    if (hadTripAtOpen.current === null) hadTripAtOpen.current = current.data !== null;
    else if (!hadTripAtOpen.current && current.data) goToActiveTrip();
  }, [current.isPending, current.isError, current.data, goToActiveTrip]);

  // Not verified yet, or offline: say what happens next instead of asking for requests the server refuses.
  const readiness = useRequestsReadiness();
  const requests = useTripRequests({
    driverId,
    position: readiness === 'ready' ? position : null,
    onAssigned: goToActiveTrip,
  });

  // Online on this screen: the screen stays on, a new request sounds and vibrates, the tab shows the count.
  const online = readiness === 'ready';
  // "Programados" beside the live requests; the live feed keeps running underneath.
  // `?tab=programados` opens it (a booking reminder's notification leads there).
  const [searchParams] = useSearchParams();
  const [tab, setTab] = useState<'live' | 'scheduled'>(
    searchParams.get('tab') === 'programados' ? 'scheduled' : 'live',
  );
  useScreenWakeLock(online);
  useNewRequestAlert(requests.requests, online && !requests.isLoading);

  return (
    <AppLayout title="Solicitudes de Viaje" titleCount={online ? unansweredCount(requests.requests) : 0} nav="driver">
      {current.data && <CurrentTripBanner trip={current.data} />}
      {requests.notice && <Notice message={requests.notice} onDismiss={requests.dismissNotice} />}
      <BookingReminderBanner userId={driverId || null} />
      <RequestsTabs tab={tab} onChange={setTab} />
      {tab === 'scheduled' ? (
        <DriverBookings />
      ) : readiness !== 'ready' && readiness !== 'checking' ? (
        <RequestsReadinessCard readiness={readiness} />
      ) : geoError && !position ? (
        <GeolocationRequired error={geoError} />
      ) : (
        <>
          {geoError && (
            <p className="dt-geo-warning" role="status">
              {geoError} Se usa tu última ubicación conocida.
            </p>
          )}
          <TripRequestsView
            driverId={driverId}
            requests={requests.requests}
            isLoading={requests.isLoading}
            error={requests.error}
            onOffer={requests.offer}
            onReject={requests.reject}
          />
        </>
      )}
    </AppLayout>
  );
}
