import { topics, zPaymentNews } from '@jala/contracts';
import { useQueryClient } from '@tanstack/react-query';

import { driverMoneyKeys } from '../features/driver/api/driver-money-keys';
// By path, not the features' indexes: the signed-in root's chunk needs only these query keys.
import { paymentKeys } from '../features/payments/api/payments-api';
import { messageOfType, useRealtimeTopic } from '../lib/realtime/use-realtime-topic';

const paymentNews = messageOfType('payment_changed', zPaymentNews);

/**
 * A Yape/Plin payment of one of the driver's trips moved, heard app-wide on their own notifications/{user}
 * (the trip's own topic is followed only while its screens are open): a 'Ya pagué' made after the driver left
 * the trip, or their answer from another phone. The banner's list and the earnings are read again; and again
 * each time the broker grants the subscription (after a reconnection), so nothing said meanwhile is missed.
 */
export function usePaymentNews(userId: number | undefined, isDriver: boolean): void {
  const queryClient = useQueryClient();
  const refresh = (): void => {
    if (userId === undefined) return;
    void queryClient.invalidateQueries({ queryKey: paymentKeys.pending(userId) });
    for (const queryKey of driverMoneyKeys(userId)) void queryClient.invalidateQueries({ queryKey });
  };
  useRealtimeTopic(userId !== undefined && isDriver ? topics.notifications(userId) : null, paymentNews, {
    onMessage: (news) => {
      if (news) refresh();
    },
    onLive: refresh,
  });
}
