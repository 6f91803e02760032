import { create } from 'zustand';

/**
 * The last word the server sent about one of the user's bookings that outlives the screen it arrived on
 * (a driver's booking taken by the system: their active-trip screen closes, the requests page says why; a
 * confirmed booking its passenger cancelled). Heard app-wide (app/booking-news.ts), shown by the bookings'
 * banner. `tripId` names the booking, so a screen that shows the same news on its card can take it over.
 */
export const useBookingNotice = create<{
  notice: string | null;
  tripId: number | null;
  show: (notice: string, tripId?: number) => void;
  dismiss: () => void;
}>()((set) => ({
  notice: null,
  tripId: null,
  show: (notice, tripId) => set({ notice, tripId: tripId ?? null }),
  dismiss: () => set({ notice: null, tripId: null }),
}));
