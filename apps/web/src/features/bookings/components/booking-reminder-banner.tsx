import '../bookings.css';

import { type BookingReminder, topics, zBookingReminder } from '@jala/contracts';
import { formatScheduledTime } from '@jala/domain';
import { useState } from 'react';

import { useBookingNotice } from '@/lib/booking-notice';
import { messageOfType, useRealtimeTopic } from '@/lib/realtime/use-realtime-topic';

const reminders = messageOfType('booking_reminder', zBookingReminder);

export function reminderText(reminder: BookingReminder): string {
  // The pickup time itself, not the reminder's threshold: a late sweep still says the truth.
  const when = formatScheduledTime(new Date(reminder.scheduled_for));
  return reminder.role === 'driver'
    ? `Recordatorio: tienes un viaje programado el ${when}.`
    : `Recordatorio: tu viaje programado es el ${when}.`;
}

/**
 * The in-app banner of a booking reminder (60 and 15 minutes before), heard on the user's own
 * notifications/{user} topic while a dashboard or the requests page is open.
 */
export function BookingReminderBanner({ userId, onReminder }: { userId: number | null; onReminder?: () => void }) {
  const [latest, setLatest] = useState<BookingReminder | null>(null);
  useRealtimeTopic(userId ? topics.notifications(userId) : null, reminders, {
    onMessage: (reminder) => {
      if (!reminder) return;
      setLatest(reminder);
      onReminder?.();
    },
  });
  // A booking the system took from this driver (heard app-wide): said here until dismissed.
  const notice = useBookingNotice((state) => state.notice);
  const dismissNotice = useBookingNotice((state) => state.dismiss);
  return (
    <>
      {notice && (
        <div className="alert alert--error bk-banner" role="alert">
          <span>{notice}</span>{' '}
          <button type="button" className="pw-link-btn" onClick={dismissNotice}>
            Entendido
          </button>
        </div>
      )}
      {latest && (
        <div className="alert alert--info bk-banner" role="status">
          <span>{reminderText(latest)}</span>{' '}
          <button type="button" className="pw-link-btn" onClick={() => setLatest(null)}>
            Entendido
          </button>
        </div>
      )}
    </>
  );
}
