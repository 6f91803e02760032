import type { CreateTripRequest } from '@jala/contracts';
import { createContext, type ReactNode, useContext, useState } from 'react';
import { useStore } from 'zustand';

import { cancelTrip, type CreatedTrip, createTrip } from '../api/trip-api';
import {
  createTripRequestStore,
  type TripRequestActions,
  type TripRequestState,
  type TripRequestStore,
} from './trip-request-store';

/** The wizard's writes on the server (run as mutations by use-trip-request-writes). */
export interface TripWriteCalls {
  createTrip: (payload: CreateTripRequest) => Promise<CreatedTrip>;
  cancelTrip: (tripId: number) => Promise<unknown>;
}

const apiCalls: TripWriteCalls = { createTrip, cancelTrip: (tripId) => cancelTrip(tripId) };

interface TripRequestContextValue {
  store: TripRequestStore;
  calls: TripWriteCalls;
}

const TripRequestContext = createContext<TripRequestContextValue | null>(null);

/**
 * One form store per visit of the page (a new visit or another user starts clean). Tests pass their own
 * store and write calls, built with fakes.
 */
export function TripRequestProvider({
  store,
  calls = apiCalls,
  children,
}: {
  store?: TripRequestStore;
  calls?: TripWriteCalls;
  children: ReactNode;
}) {
  const [value] = useState<TripRequestContextValue>(() => ({ store: store ?? createTripRequestStore(), calls }));
  return <TripRequestContext value={value}>{children}</TripRequestContext>;
}

function useTripRequestContext(): TripRequestContextValue {
  const value = useContext(TripRequestContext);
  if (!value) throw new Error('useTripRequest needs a TripRequestProvider');
  return value;
}

export function useTripRequestStore(): TripRequestStore {
  return useTripRequestContext().store;
}

export function useTripWriteCalls(): TripWriteCalls {
  return useTripRequestContext().calls;
}

export function useTripRequest<T>(selector: (state: TripRequestState & TripRequestActions) => T): T {
  return useStore(useTripRequestStore(), selector);
}
