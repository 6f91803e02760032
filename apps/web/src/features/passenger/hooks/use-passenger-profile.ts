import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PassengerProfile, UpdatePassengerProfileRequest } from '@jala/contracts';
import { errorMessage, isApiError, type FieldErrors } from '../../../lib/api-client';
import { fetchProfile } from '../../../lib/auth-api';
import { useSession } from '../../../lib/session-store';
import { fetchPassengerProfile, passengerKeys, updatePassengerProfile } from '../api/passenger-api';

/** Store-level fallbacks of spec §8. */
export const PROFILE_STORE_FALLBACKS = {
  load: 'Error al obtener el perfil',
  update: 'Error al actualizar el perfil',
} as const;

/** The passenger-profile "store" (spec §4): profile, loading, one error; every action clears the error first. */
export function usePassengerProfile() {
  const queryClient = useQueryClient();
  const query = useQuery({ queryKey: passengerKeys.profile, queryFn: fetchPassengerProfile });
  const save = useMutation({
    mutationFn: updatePassengerProfile,
    onSuccess: async (saved) => {
      queryClient.setQueryData(passengerKeys.profile, saved);
      // Spec §4: updating the profile refreshes the session user (header menu, greeting).
      try {
        useSession.setState({ user: await fetchProfile() });
      } catch {
        // The profile is saved; the menu catches up on the next session check.
      }
    },
  });
  const saveError = save.isError ? errorMessage(save.error, PROFILE_STORE_FALLBACKS.update) : null;
  const fieldErrors: FieldErrors = save.isError && isApiError(save.error) ? save.error.fields ?? {} : {};

  /** Saves the changes; the saved profile, or null when it failed (saveError says why). */
  const saveProfile = (changes: UpdatePassengerProfileRequest): Promise<PassengerProfile | null> =>
    save.mutateAsync(changes).catch(() => null);

  return {
    profile: query.data ?? null,
    isLoading: query.isPending,
    loadError: query.isError ? errorMessage(query.error, PROFILE_STORE_FALLBACKS.load) : null,
    saveError,
    fieldErrors,
    isSaving: save.isPending,
    saveProfile,
    clearError: save.reset,
    reload: () => void query.refetch(),
  };
}
