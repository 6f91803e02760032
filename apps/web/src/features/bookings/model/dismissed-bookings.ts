import { useCallback, useState } from 'react';

/**
 * The cancelled bookings a driver dismissed ('Entendido') from "Programados", kept on this device per user:
 * the server keeps such a card for BOOKING_CANCELLED_CARD_HOURS, the driver can close it sooner. Only trip
 * ids of the driver's own list are stored (docs/SECURITY.md "Data kept on the phone").
 */
export const dismissedBookingsKey = (userId: number) => `jala.bookings.dismissed.${userId}`;
/** Enough for every card the server can still send (a driver cancelled on at most a few per half day). */
const KEPT = 50;

function read(userId: number | null): number[] {
  if (userId === null) return [];
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(dismissedBookingsKey(userId)) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((id): id is number => Number.isInteger(id)) : [];
  } catch {
    return [];
  }
}

export function useDismissedBookings(userId: number | null): {
  dismissed: ReadonlySet<number>;
  dismiss: (tripId: number) => void;
} {
  const [ids, setIds] = useState(() => read(userId));
  const dismiss = useCallback(
    (tripId: number) => {
      setIds((current) => {
        const next = [tripId, ...current.filter((id) => id !== tripId)].slice(0, KEPT);
        try {
          if (userId !== null) localStorage.setItem(dismissedBookingsKey(userId), JSON.stringify(next));
        } catch {
          // No storage (private mode): dismissed for this visit only.
        }
        return next;
      });
    },
    [userId],
  );
  return { dismissed: new Set(ids), dismiss };
}
