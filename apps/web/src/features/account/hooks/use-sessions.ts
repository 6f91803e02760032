import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';

import { accountKeys, endOtherSessions, endSession, fetchSessions } from '../api/account-api';

/**
 * 'Sesiones abiertas': the list, and ending one or all the others. The list is read again after each end
 * (a session ended elsewhere meanwhile disappears too); `notice` is the server's confirmation.
 */
export function useSessions() {
  const queryClient = useQueryClient();
  const [notice, setNotice] = useState<string | null>(null);
  const sessions = useQuery({ queryKey: accountKeys.sessions, queryFn: fetchSessions });
  const refresh = () => queryClient.invalidateQueries({ queryKey: accountKeys.sessions });
  const endOne = useMutation({
    mutationFn: endSession,
    onMutate: () => setNotice(null),
    onSuccess: ({ message }) => setNotice(message || 'Sesión cerrada'),
    onSettled: refresh,
  });
  const endOthers = useMutation({
    mutationFn: endOtherSessions,
    onMutate: () => setNotice(null),
    onSuccess: ({ message }) => setNotice(message || 'Cerraste las demás sesiones'),
    onSettled: refresh,
  });
  return { sessions, endOne, endOthers, notice };
}
