import { useQueryClient } from '@tanstack/react-query';
import { topics, zBookingNews } from '@jala/contracts';
import { useBookingNotice } from '../lib/booking-notice';
import { currentTripKeys } from '../lib/current-trip';
import { messageOfType, useRealtimeTopic } from '../lib/use-realtime-topic';

const bookingNews = messageOfType(['booking_activated', 'booking_released'], zBookingNews);

/**
 * News about the user's bookings that must reach the app wherever it is open (issue 25), on their own
 * notifications/{user}: a booking became the active trip (20 minutes before), or the system took a
 * booking from this driver. The current trip is refetched, then `onTripChanged` re-runs the active-trip
 * guard, so a phone left on the dashboard goes to the trip, and one on a lost trip leaves it.
 */
export function useBookingNews(userId: number | undefined, onTripChanged: () => void): void {
  const queryClient = useQueryClient();
  useRealtimeTopic(userId === undefined ? null : topics.notifications(userId), bookingNews, {
    onMessage: (news) => {
      if (!news) return;
      if (news.type === 'booking_released') useBookingNotice.getState().show(news.message);
      void queryClient.invalidateQueries({ queryKey: currentTripKeys.all }).then(onTripChanged);
    },
  });
}
