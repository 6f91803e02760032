import { create } from 'zustand';

/**
 * Whether a new version of the app is installed and waiting (the service worker's 'waiting' state), and
 * whether the user put the notice away for this visit. Tiny and in the entry chunk: the root layout reads
 * it to mount the lazily loaded banner; the registration code (./service-worker.ts) loads after first
 * render and sets it.
 */
interface UpdateState {
  waiting: boolean;
  dismissed: boolean;
  setWaiting: () => void;
  dismiss: () => void;
}

export const useAppUpdate = create<UpdateState>()((set) => ({
  waiting: false,
  dismissed: false,
  setWaiting: () => set({ waiting: true, dismissed: false }),
  dismiss: () => set({ dismissed: true }),
}));
