import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
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
  const [saveError, setSaveError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [isSaving, setIsSaving] = useState(false);

  const saveProfile = async (changes: UpdatePassengerProfileRequest): Promise<PassengerProfile | null> => {
    setSaveError(null);
    setFieldErrors({});
    setIsSaving(true);
    try {
      const saved = await updatePassengerProfile(changes);
      queryClient.setQueryData(passengerKeys.profile, saved);
      // Spec §4: updating the profile refreshes the session user (header menu, greeting).
      try {
        useSession.setState({ user: await fetchProfile() });
      } catch {
        // The profile is saved; the menu catches up on the next session check.
      }
      return saved;
    } catch (error) {
      setSaveError(errorMessage(error, PROFILE_STORE_FALLBACKS.update));
      setFieldErrors(isApiError(error) ? error.fields ?? {} : {});
      return null;
    } finally {
      setIsSaving(false);
    }
  };

  return {
    profile: query.data ?? null,
    isLoading: query.isPending,
    loadError: query.isError ? errorMessage(query.error, PROFILE_STORE_FALLBACKS.load) : null,
    saveError,
    fieldErrors,
    isSaving,
    saveProfile,
    clearError: () => {
      setSaveError(null);
      setFieldErrors({});
    },
    reload: () => void query.refetch(),
  };
}
