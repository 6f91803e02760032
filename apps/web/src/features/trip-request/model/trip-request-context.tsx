import { createContext, useContext, useState, type ReactNode } from 'react';
import { useStore } from 'zustand';
import { createTripRequestStore, type TripRequestActions, type TripRequestState, type TripRequestStore } from './trip-request-store';

const TripRequestContext = createContext<TripRequestStore | null>(null);

/**
 * One form store per visit of the page (a new visit or another user starts clean). Tests pass their own
 * store, built with fake calls.
 */
export function TripRequestProvider({ store, children }: { store?: TripRequestStore; children: ReactNode }) {
  const [ownStore] = useState(() => store ?? createTripRequestStore());
  return <TripRequestContext value={ownStore}>{children}</TripRequestContext>;
}

export function useTripRequestStore(): TripRequestStore {
  const store = useContext(TripRequestContext);
  if (!store) throw new Error('useTripRequest needs a TripRequestProvider');
  return store;
}

export function useTripRequest<T>(selector: (state: TripRequestState & TripRequestActions) => T): T {
  return useStore(useTripRequestStore(), selector);
}
