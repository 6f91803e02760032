import { topics, zAccountNotification } from '@jala/contracts';
import { useRef } from 'react';

import { fetchProfile } from '../lib/api/auth-api';
import { rememberedUser } from '../lib/offline-storage';
import { messageOfType, useRealtimeTopic } from '../lib/realtime/use-realtime-topic';
import { useSession } from '../lib/session-store';

const accountNews = messageOfType('account_changed', zAccountNotification);

/**
 * Reads the signed-in user's profile again and puts it in the session, unless the session changed meanwhile.
 * A failure changes nothing (a refused token ends the session through the API client, as on any call).
 */
export async function refreshSessionUser(): Promise<void> {
  const { token, user } = useSession.getState();
  if (!token || !user) return;
  try {
    const fresh = await fetchProfile();
    const now = useSession.getState();
    if (now.token !== token || now.user?.id !== fresh.id) return;
    rememberedUser.write(token, fresh);
    useSession.setState({ user: fresh });
  } catch {
    // the next change, reconnection or visit reads it again
  }
}

/**
 * The account changed on the server (operator role, user type, profile, a rating received), heard app-wide on
 * the user's own notifications/{user}: the profile is read again, so what depends on it follows without a
 * reload — a session made an operator by `npm run create-operator` gets 'Consola de operadores' in its menu.
 * Also read again each time the broker grants the topic again (after a reconnection), when news may have been
 * missed; not at the first grant, right after the session read its profile.
 */
export function useAccountNews(userId: number | undefined): void {
  const grants = useRef({ userId, count: 0 });
  useRealtimeTopic(userId === undefined ? null : topics.notifications(userId), accountNews, {
    onMessage: (news) => {
      if (news) void refreshSessionUser();
    },
    onLive: () => {
      if (grants.current.userId !== userId) grants.current = { userId, count: 0 };
      grants.current.count += 1;
      if (grants.current.count > 1) void refreshSessionUser();
    },
  });
}
