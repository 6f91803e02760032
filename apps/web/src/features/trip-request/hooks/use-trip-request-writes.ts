import { useMutation } from '@tanstack/react-query';
import { errorMessage } from '../../../lib/api-client';
import { TRIP_FALLBACKS, type CreatedTrip } from '../api/trip-api';
import { useTripRequestStore, useTripWriteCalls } from '../model/trip-request-context';
import { chosenScheduledFor, takeScheduleError, useBookingChoice } from '../../bookings';

/**
 * The wizard's two writes as mutations, like every other write of the app: create the trip from the form
 * (POST /trips) and cancel it ('Cancelar Viaje'). The form store keeps what the passenger sees (status,
 * error); whether a write is under way is the mutation's own state.
 */
export function useTripRequestWrites() {
  const store = useTripRequestStore();
  const calls = useTripWriteCalls();

  const creation = useMutation({
    // "¿Cuándo?" (issue 25) keeps its own store: a booking adds its time to the form's payload.
    mutationFn: (payload: Parameters<typeof calls.createTrip>[0]) => {
      const scheduledFor = chosenScheduledFor(useBookingChoice.getState());
      return calls.createTrip(scheduledFor ? { ...payload, scheduled_for: scheduledFor } : payload);
    },
    onSuccess: (trip) => store.getState().confirmed(trip),
    // A refusal of the booking's time is shown under "¿Cuándo?" (the field at fault), not in the banner.
    onError: (error) => store.getState().confirmFailed(takeScheduleError(error) ? null : errorMessage(error, TRIP_FALLBACKS.create)),
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

  /** Creates the trip (status searching_driver → pending); null when the form is incomplete or creation failed. */
  const confirm = async (): Promise<CreatedTrip | null> => {
    const payload = store.getState().beginConfirm();
    if (!payload) return null;
    return creation.mutateAsync(payload).catch(() => null);
  };

  const cancel = (): void => cancellation.mutate(store.getState().currentTrip);

  return { confirm, cancel, creating: creation.isPending, cancelling: cancellation.isPending };
}
