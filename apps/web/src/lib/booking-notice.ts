import { create } from 'zustand';

/**
 * The last word the server sent about one of the user's bookings that outlives the screen it arrived on
 * (a driver's booking taken by the system: their active-trip screen closes, the requests page says why).
 * Heard app-wide (app/booking-news.ts), shown by the bookings' banner.
 */
export const useBookingNotice = create<{ notice: string | null; show: (notice: string) => void; dismiss: () => void }>()((set) => ({
  notice: null,
  show: (notice) => set({ notice }),
  dismiss: () => set({ notice: null }),
}));
