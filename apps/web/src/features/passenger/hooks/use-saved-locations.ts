import type { CreateSavedLocationRequest, SavedLocation } from '@jala/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';

import { errorMessage, type FieldErrors, isApiError } from '@/lib/api/api-client';

import { createSavedLocation, deleteSavedLocation, fetchSavedLocations, passengerKeys } from '../api/passenger-api';

/** Store-level fallbacks of spec §8, for failures that carry no message of their own. */
export const PLACES_STORE_FALLBACKS = {
  load: 'Error al cargar ubicaciones',
  add: 'Error al guardar ubicación',
  remove: 'Error al eliminar ubicación',
} as const;

export const savedLocationsQuery = { queryKey: passengerKeys.places, queryFn: fetchSavedLocations };

/**
 * The saved-places "store" (spec §4): the list, a loading flag and one error, which every action clears
 * first. The list lives in the query cache, so the trip-request chips see additions at once.
 */
export function useSavedLocations() {
  const queryClient = useQueryClient();
  const query = useQuery(savedLocationsQuery);
  const [actionError, setActionError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [dismissedLoadErrorAt, setDismissedLoadErrorAt] = useState(0);

  const loadError =
    query.isError && query.errorUpdatedAt > dismissedLoadErrorAt
      ? errorMessage(query.error, PLACES_STORE_FALLBACKS.load)
      : null;
  const { errorUpdatedAt } = query;

  const clearError = useCallback(() => {
    setActionError(null);
    setFieldErrors({});
    setDismissedLoadErrorAt(errorUpdatedAt);
  }, [errorUpdatedAt]);

  const fail = (error: unknown, fallback: string): void => {
    setActionError(errorMessage(error, fallback));
    setFieldErrors(isApiError(error) ? (error.fields ?? {}) : {});
  };

  const adding = useMutation({
    mutationFn: createSavedLocation,
    onMutate: clearError,
    onSuccess: (saved) => {
      queryClient.setQueryData<SavedLocation[]>(passengerKeys.places, (old) => [...(old ?? []), saved]);
      void queryClient.invalidateQueries({ queryKey: passengerKeys.stats });
    },
    onError: (error) => fail(error, PLACES_STORE_FALLBACKS.add),
  });

  const removal = useMutation({
    mutationFn: async (id: number) => {
      await deleteSavedLocation(id);
      return id;
    },
    onMutate: clearError,
    onSuccess: (id) => {
      queryClient.setQueryData<SavedLocation[]>(passengerKeys.places, (old) =>
        (old ?? []).filter((place) => place.id !== id),
      );
      void queryClient.invalidateQueries({ queryKey: passengerKeys.stats });
    },
    onError: (error) => {
      fail(error, PLACES_STORE_FALLBACKS.remove);
      // A 404 means it is already gone (another tab): show the list as the server has it.
      void queryClient.invalidateQueries({ queryKey: passengerKeys.places });
    },
  });

  /** Saves a place; true on success. */
  const addPlace = (place: CreateSavedLocationRequest): Promise<boolean> =>
    adding.mutateAsync(place).then(
      () => true,
      () => false,
    );

  const removePlace = async (id: number): Promise<void> => {
    await removal.mutateAsync(id).catch(() => undefined);
  };

  const isAdding = adding.isPending;
  const deletingId = removal.isPending ? removal.variables : null;

  return {
    places: query.data ?? [],
    isLoading: query.isPending,
    error: actionError ?? loadError,
    fieldErrors,
    isAdding,
    deletingId,
    clearError,
    addPlace,
    removePlace,
    reload: () => {
      clearError();
      void query.refetch();
    },
  };
}
