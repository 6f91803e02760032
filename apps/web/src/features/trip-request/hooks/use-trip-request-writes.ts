import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';

import {
  type BookedState,
  bookingKeys,
  chosenScheduledFor,
  takeScheduleError,
  useBookingChoice,
} from '@/features/bookings';
import { errorMessage } from '@/lib/api/api-client';
import { currentTripKeys } from '@/lib/current-trip';
import { useSession } from '@/lib/session-store';

import { type CreatedTrip, TRIP_FALLBACKS } from '../api/trip-api';
import { useTripRequestStore, useTripWriteCalls } from '../model/trip-request-context';

/**
 * The wizard's two writes as mutations, like every other write of the app. Creating the trip is the whole
 * request: POST /trips also publishes it to the nearby drivers, so on success the passenger goes straight to
 * the active trip (or, for a booking, to the dashboard's "Próximos viajes"). Cancelling ('Cancelar Viaje')
 * starts the form over. The form store keeps what the passenger sees (status, error); whether a write is
 * under way is the mutation's own state.
 */
export function useTripRequestWrites() {
  const store = useTripRequestStore();
  const calls = useTripWriteCalls();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const userId = useSession((s) => s.user?.id ?? null);

  const goToBooking = (trip: CreatedTrip & { scheduled_for: string }): void => {
    store.getState().reset();
    useBookingChoice.getState().reset();
    void queryClient.invalidateQueries({ queryKey: bookingKeys.passenger });
    const booked: BookedState = { bookedFor: trip.scheduled_for, bookedTripId: trip.id };
    void navigate('/passenger/dashboard', { state: booked });
  };

  const goToActiveTrip = (): void => {
    // The active-trip page must read the new trip, not a cached "no trip".
    if (userId !== null) queryClient.removeQueries({ queryKey: currentTripKeys.passenger(userId) });
    void navigate('/passenger/active-trip');
  };

  const creation = useMutation({
    // "¿Cuándo?" keeps its own store: a booking adds its time to the form's payload.
    mutationFn: (payload: Parameters<typeof calls.createTrip>[0]) => {
      const scheduledFor = chosenScheduledFor(useBookingChoice.getState());
      return calls.createTrip(scheduledFor ? { ...payload, scheduled_for: scheduledFor } : payload);
    },
    onSuccess: (trip) => {
      store.getState().confirmed(trip);
      // A booking is listed to drivers from now and pushed live 30 minutes before by the server.
      if (trip.scheduled_for) goToBooking({ ...trip, scheduled_for: trip.scheduled_for });
      else goToActiveTrip();
    },
    // A refusal of the booking's time is shown under "¿Cuándo?" (the field at fault), not in the banner;
    // any other failure leaves the form as it was, with the message.
    onError: (error) =>
      store.getState().confirmFailed(takeScheduleError(error) ? null : errorMessage(error, TRIP_FALLBACKS.create)),
  });

  const cancellation = useMutation({
    // Before the server created it there is nothing to cancel there: the form just starts over.
    mutationFn: async (trip: CreatedTrip | null) => {
      if (trip) await calls.cancelTrip(trip.id);
    },
    onMutate: () => store.getState().setError(null),
    onSuccess: () => store.getState().reset(),
    onError: (error) => store.getState().setError(errorMessage(error, TRIP_FALLBACKS.cancel)),
  });

  /** Creates the trip (status searching_driver → pending) and moves on; does nothing when the form is incomplete. */
  const confirm = (): void => {
    const payload = store.getState().beginConfirm();
    if (payload) creation.mutate(payload);
  };

  const cancel = (): void => cancellation.mutate(store.getState().currentTrip);

  return { confirm, cancel, creating: creation.isPending, cancelling: cancellation.isPending };
}
