import type { PhoneVerification } from '@jala/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';

import { fetchPhoneVerification, phoneVerificationKeys } from '../api/phone-verification-api';

/** The signed-in user's phone verification, and a way to replace it with a newer answer. */
export function usePhoneVerification() {
  const queryClient = useQueryClient();
  // Fresh on every mount: the number may have changed in the profile form meanwhile (which clears it).
  const query = useQuery({
    queryKey: phoneVerificationKeys.status,
    queryFn: fetchPhoneVerification,
    refetchOnMount: 'always',
  });
  const remember = useCallback(
    (answer: PhoneVerification) => queryClient.setQueryData(phoneVerificationKeys.status, answer),
    [queryClient],
  );
  return { ...query, remember };
}

/**
 * Seconds left before another code may be asked for, counting down once a second from what the server said
 * (`seconds`, read at `since`); 0 when it may.
 */
export function useCountdown(seconds: number, since: number): number {
  const deadline = since + seconds * 1000;
  const left = () => Math.max(0, Math.ceil((deadline - Date.now()) / 1000));
  const [now, setNow] = useState(left);
  useEffect(() => {
    setNow(left());
    if (deadline <= Date.now()) return undefined;
    const timer = setInterval(() => {
      const next = left();
      setNow(next);
      if (next === 0) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `left` reads only `deadline`
  }, [deadline]);
  return now;
}
