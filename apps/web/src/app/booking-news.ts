import { topics, zBookingNews } from '@jala/contracts';
import { bookingCancelledByPassengerText } from '@jala/domain';
import { useQueryClient } from '@tanstack/react-query';

import { bookingKeys } from '../features/bookings/api/bookings-api';
import { useBookingNotice } from '../lib/booking-notice';
import { currentTripKeys } from '../lib/current-trip';
import { messageOfType, useRealtimeTopic } from '../lib/realtime/use-realtime-topic';

const bookingNews = messageOfType(['booking_activated', 'booking_released', 'booking_cancelled'], zBookingNews);

/**
 * News about the user's bookings that must reach the app wherever it is open, on their own
 * notifications/{user}: a booking became the active trip (20 minutes before), the system took a booking
 * from this driver, or the passenger cancelled a booking confirmed with this driver (said with who and for
 * when: with the app on screen no push comes, so this is how they learn it). The current trip is refetched,
 * then `onTripChanged` re-runs the active-trip guard, so a phone left on the dashboard goes to the trip, and
 * one on a lost trip leaves it.
 */
export function useBookingNews(userId: number | undefined, onTripChanged: () => void): void {
  const queryClient = useQueryClient();
  useRealtimeTopic(userId === undefined ? null : topics.notifications(userId), bookingNews, {
    onMessage: (news) => {
      if (!news) return;
      if (news.type === 'booking_released') useBookingNotice.getState().show(news.message, news.trip_id);
      if (news.type === 'booking_cancelled') {
        const text = bookingCancelledByPassengerText(
          news.passenger_first_name,
          new Date(news.scheduled_for),
          new Date(),
        );
        useBookingNotice.getState().show(`${text}.`, news.trip_id);
        void queryClient.invalidateQueries({ queryKey: bookingKeys.driver });
        return;
      }
      void queryClient.invalidateQueries({ queryKey: currentTripKeys.all }).then(onTripChanged);
    },
  });
}
