import type { PassengerProfile, UpdatePassengerProfileRequest } from '@jala/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { errorMessage } from '@/lib/api/api-client';
import { fetchProfile } from '@/lib/api/auth-api';
import { useSession } from '@/lib/session-store';

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

  /** Saves the changes; rejects with the server's refusal (the form shows its messages). */
  const saveProfile = (changes: UpdatePassengerProfileRequest): Promise<PassengerProfile> => save.mutateAsync(changes);

  return {
    profile: query.data ?? null,
    isLoading: query.isPending,
    loadError: query.isError ? errorMessage(query.error, PROFILE_STORE_FALLBACKS.load) : null,
    saveProfile,
    clearError: save.reset,
    reload: () => void query.refetch(),
  };
}
