import { useState } from 'react';
import { topics, zBookingReminder, type BookingReminder } from '@jala/contracts';
import { formatScheduledTime } from '@jala/domain';
import { useRealtimeTopic } from '../../lib/use-realtime-topic';
import './bookings.css';

/**
 * notifications/{user} also carries other news (a driver's verification): those are not this banner's,
 * so they pass as null instead of being logged as malformed.
 */
const reminderOrOther = {
  safeParse: (payload: unknown): { success: true; data: BookingReminder | null } | { success: false } => {
    if ((payload as { type?: unknown } | null)?.type !== 'booking_reminder') return { success: true, data: null };
    return zBookingReminder.safeParse(payload);
  },
};

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
  useRealtimeTopic(userId ? topics.notifications(userId) : null, reminderOrOther, {
    onMessage: (reminder) => {
      if (!reminder) return;
      setLatest(reminder);
      onReminder?.();
    },
  });
  if (!latest) return null;
  return (
    <div className="alert alert--info bk-banner" role="status">
      <span>{reminderText(latest)}</span>{' '}
      <button type="button" className="pw-link-btn" onClick={() => setLatest(null)}>Entendido</button>
    </div>
  );
}
