import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { errorMessage } from '@/lib/api/api-client';
import { disablePush, enablePush, PUSH_TEXTS, PushUnavailableError } from '@/lib/push';

import { deviceQuery, notificationKeys } from '../api/notifications-api';

/** This device's push state, and turning it on (asks permission: call from a tap) or off. */
export function useDevicePush() {
  const queryClient = useQueryClient();
  const device = useQuery(deviceQuery);
  const refresh = () => queryClient.invalidateQueries({ queryKey: notificationKeys.device });
  const enable = useMutation({ mutationFn: enablePush, onSettled: refresh });
  const disable = useMutation({ mutationFn: disablePush, onSettled: refresh });
  const failed = enable.error ?? disable.error;
  return {
    state: device.data,
    busy: enable.isPending || disable.isPending || device.isPending,
    error:
      failed instanceof PushUnavailableError ? failed.message : failed ? errorMessage(failed, PUSH_TEXTS.failed) : null,
    enable: () => {
      disable.reset();
      enable.mutate();
    },
    disable: () => {
      enable.reset();
      disable.mutate();
    },
  };
}
