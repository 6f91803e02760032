import { topics, type VerificationNotification, zVerificationNotification } from '@jala/contracts';
import { useState } from 'react';

import { messageOfType, useRealtimeTopic } from '@/lib/realtime/use-realtime-topic';

import { useInvalidateDriver, useUserId } from './use-driver-queries';

const verificationNews = messageOfType('verification_changed', zVerificationNotification);

/**
 * Follows the driver's own notifications while a driver page that shows their verification is open: when an
 * operator approves or rejects the documents, every cached driver answer is refetched (status, reason,
 * documents), so the page changes without a reload. Returns the last such news, for a word on screen.
 */
export function useVerificationFeed(): VerificationNotification['verification_status'] | null {
  const userId = useUserId();
  const invalidateDriver = useInvalidateDriver();
  const [latest, setLatest] = useState<VerificationNotification['verification_status'] | null>(null);
  useRealtimeTopic(userId ? topics.notifications(userId) : null, verificationNews, {
    onMessage: (news) => {
      if (!news) return;
      setLatest(news.verification_status);
      void invalidateDriver();
    },
  });
  return latest;
}
