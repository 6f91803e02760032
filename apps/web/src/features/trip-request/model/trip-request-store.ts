import type { CreateTripRequest } from '@jala/contracts';
import { type CashNote, isServiceTypeId, type PaymentMethod, TRIP_REQUEST_STEPS } from '@jala/domain';
import { createStore, type StoreApi } from 'zustand/vanilla';

import { type MapPoint, type MapStatus, reverseGeocode as reverseGeocodeCall } from '@/features/map';
import { errorMessage } from '@/lib/api/api-client';

import type { CreatedTrip } from '../api/trip-api';
import type { LocationSelection, SelectionMode, TripRequestStatus, TripRequestStep } from './trip-request-types';
import { firstInvalidStep, parseOfferPrice, stepError } from './trip-request-validation';

/** Address used when a point has no known address (spec §5). */
export const UNKNOWN_ADDRESS = 'Mi ubicación actual';

/** The read the form makes itself (a map tap's address). Its writes are mutations: see use-trip-request-writes. */
export interface TripRequestDeps {
  reverseGeocode: (point: MapPoint) => Promise<{ address: string }>;
}

const defaultDeps: TripRequestDeps = { reverseGeocode: reverseGeocodeCall };

/**
 * Spec §3 'New-trip form state' plus the wizard step. Route info is derived from the route query; whether a
 * write is under way is its mutation's state, not the form's.
 */
export interface TripRequestState {
  step: TripRequestStep;
  origin: LocationSelection | null;
  destination: LocationSelection | null;
  serviceTypeId: number | null;
  /** The price field as typed; empty = not set. */
  offerPrice: string;
  /** '¿Cómo pagarás?' and, for cash, '¿Con cuánto pagarás?' (null: the exact amount). */
  paymentMethod: PaymentMethod;
  cashNote: CashNote | null;
  /** The route's estimate for the chosen service, kept by the sheet: the price a cash note must cover when none is offered. */
  estimatedFare: number | null;
  notes: string;
  status: TripRequestStatus;
  mapLoading: boolean;
  mapError: string | null;
  activeSelection: SelectionMode;
  /** The field whose tapped point is being reverse-geocoded. */
  resolving: SelectionMode;
  currentTrip: CreatedTrip | null;
  /** Form-level error (creation, cancellation, map pick). */
  error: string | null;
  /** Validation message of the current step. */
  stepError: string | null;
  /**
   * An address typed by hand that search did not find ('Av. Arequipa 2500'), kept as the field's address
   * until its point is set by a map tap or 'Mi ubicación'.
   */
  typedAddress: { field: 'origin' | 'destination'; address: string } | null;
}

export interface TripRequestActions {
  setLocation: (field: 'origin' | 'destination', selection: LocationSelection) => void;
  clearLocation: (field: 'origin' | 'destination') => void;
  setActiveSelection: (mode: SelectionMode) => void;
  setServiceType: (id: number | null) => void;
  setOfferPrice: (raw: string) => void;
  setPaymentMethod: (method: PaymentMethod) => void;
  setCashNote: (note: CashNote | null) => void;
  setEstimatedFare: (fare: number | null) => void;
  setNotes: (notes: string) => void;
  setMapStatus: (status: MapStatus) => void;
  setError: (message: string | null) => void;
  /** Keeps `address` as typed for `field` and arms the map to set its point. */
  keepTypedAddress: (field: 'origin' | 'destination', address: string) => void;
  /** The passenger typed again or chose a found place: the kept address no longer applies. */
  dropTypedAddress: () => void;
  next: () => void;
  previous: () => void;
  /** Spec: a tap counts only while idle with a selection active; it reverse-geocodes and fills that field. */
  pickOnMap: (point: MapPoint) => Promise<void>;
  /**
   * Starts confirming: the POST /trips payload and status searching_driver, or null when the form is not
   * idle or not complete (then the first invalid step is shown).
   */
  beginConfirm: () => CreateTripRequest | null;
  /** The server created the trip: status pending. */
  confirmed: (trip: CreatedTrip) => void;
  /** Creation failed: back to idle with the message. */
  confirmFailed: (message: string | null) => void;
  /** The trip is cancelled (or there was none): the form starts over, the map's state kept. */
  reset: () => void;
}

export type TripRequestStore = StoreApi<TripRequestState & TripRequestActions>;

const initialState: TripRequestState = {
  step: 1,
  origin: null,
  destination: null,
  serviceTypeId: null,
  offerPrice: '',
  paymentMethod: 'cash',
  cashNote: null,
  estimatedFare: null,
  notes: '',
  status: 'idle',
  mapLoading: true,
  mapError: null,
  activeSelection: null,
  resolving: null,
  currentTrip: null,
  error: null,
  stepError: null,
  typedAddress: null,
};

export function createTripRequestStore(deps: TripRequestDeps = defaultDeps): TripRequestStore {
  return createStore<TripRequestState & TripRequestActions>()((set, get) => ({
    ...initialState,

    setLocation: (field, selection) => {
      // A typed address waiting for its point keeps its words whatever sets the point ('Mi ubicación').
      const typed = get().typedAddress;
      const address = typed?.field === field ? typed.address : selection.address;
      // Selecting a place ends the map selection and clears the errors (spec §2).
      set({
        [field]: { ...selection, address },
        activeSelection: null,
        error: null,
        stepError: null,
        typedAddress: null,
      } as Partial<TripRequestState>);
    },

    dropTypedAddress: () => set({ typedAddress: null }),

    keepTypedAddress: (field, address) =>
      set({ typedAddress: { field, address: address.trim() }, activeSelection: field, error: null, stepError: null }),

    clearLocation: (field) => set({ [field]: null } as Partial<TripRequestState>),

    setActiveSelection: (mode) => set({ activeSelection: mode }),

    setServiceType: (id) => set({ serviceTypeId: id, stepError: null }),

    setOfferPrice: (raw) => set({ offerPrice: raw, stepError: null }),

    // A wallet has no note: choosing Yape or Plin drops it.
    setPaymentMethod: (method) =>
      set({ paymentMethod: method, ...(method === 'cash' ? {} : { cashNote: null }), stepError: null }),

    setCashNote: (note) => set({ cashNote: note, stepError: null }),

    setEstimatedFare: (fare) => set({ estimatedFare: fare }),

    setNotes: (notes) => set({ notes }),

    setMapStatus: (status) =>
      set(
        status.state === 'loading'
          ? { mapLoading: true }
          : status.state === 'ready'
            ? { mapLoading: false, mapError: null }
            : { mapLoading: false, mapError: status.message },
      ),

    setError: (message) => set({ error: message }),

    next: () => {
      const { step } = get();
      const message = stepError(step, get());
      if (message) {
        set({ stepError: message });
        return;
      }
      set({ step: Math.min(step + 1, TRIP_REQUEST_STEPS) as TripRequestStep, stepError: null, activeSelection: null });
    },

    previous: () =>
      set((s) => ({ step: Math.max(s.step - 1, 1) as TripRequestStep, stepError: null, activeSelection: null })),

    pickOnMap: async (point) => {
      const { status, activeSelection, resolving, typedAddress } = get();
      if (status !== 'idle' || !activeSelection || resolving) return;
      if (typedAddress?.field === activeSelection) {
        // The words are the passenger's; the tap only says where.
        get().setLocation(activeSelection, { coordinates: point, address: typedAddress.address });
        return;
      }
      set({ resolving: activeSelection, error: null });
      try {
        const { address } = await deps.reverseGeocode(point);
        // The user may have chosen a place while the address was on its way: keep their choice.
        if (get().resolving !== activeSelection) return;
        const selection: LocationSelection = { coordinates: point, address: address.trim() || UNKNOWN_ADDRESS };
        set({
          [activeSelection]: selection,
          activeSelection: null,
          resolving: null,
          stepError: null,
        } as Partial<TripRequestState>);
      } catch (error) {
        set({ resolving: null, error: errorMessage(error, 'No se pudo obtener la dirección de este punto.') });
      }
    },

    beginConfirm: () => {
      const state = get();
      if (state.status !== 'idle') return null;
      const invalid = firstInvalidStep(state);
      // Spec §5: confirm does nothing unless origin, destination and service type are set.
      if (invalid || !state.origin || !state.destination || !isServiceTypeId(state.serviceTypeId)) {
        if (invalid) set({ step: invalid.step, stepError: invalid.message });
        return null;
      }
      const price = parseOfferPrice(state.offerPrice);
      set({ status: 'searching_driver', error: null, activeSelection: null });
      return {
        pickup_latitude: state.origin.coordinates.latitude,
        pickup_longitude: state.origin.coordinates.longitude,
        pickup_address: state.origin.address,
        destination_latitude: state.destination.coordinates.latitude,
        destination_longitude: state.destination.coordinates.longitude,
        destination_address: state.destination.address,
        service_type_id: state.serviceTypeId,
        passenger_notes: state.notes.trim() || null,
        ...(price.ok && price.value !== undefined ? { offer_price: price.value } : {}),
        // Cash, exact, is what a payload without these fields means (the spec's payload stays as it was).
        ...(state.paymentMethod === 'cash' ? {} : { payment_method: state.paymentMethod }),
        ...(state.paymentMethod === 'cash' && state.cashNote !== null ? { cash_note: state.cashNote } : {}),
      };
    },

    confirmed: (trip) => set({ currentTrip: trip, status: 'pending' }),

    confirmFailed: (message) => set({ status: 'idle', error: message }),

    reset: () => {
      const { mapLoading, mapError } = get();
      set({ ...initialState, mapLoading, mapError });
    },
  }));
}
