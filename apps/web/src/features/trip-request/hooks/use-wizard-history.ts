import { type CashNote, isCashNote, PAYMENT_METHODS, type PaymentMethod, TRIP_REQUEST_STEPS } from '@jala/domain';
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';

import type { TripRequestState, TripRequestStore } from '../model/trip-request-store';
import type { LocationSelection, TripRequestStep } from '../model/trip-request-types';
import { stepError } from '../model/trip-request-validation';

/** The step in the URL (`/passenger/trip-request?paso=3`): the phone's back button steps back through it. */
export const STEP_PARAM = 'paso';
/** The answers, kept for this tab only, so a reload loses nothing (cleared once the trip is created). */
export const WIZARD_STORAGE_KEY = 'jala.trip-request.answers';

type Answers = Pick<
  TripRequestState,
  'origin' | 'destination' | 'serviceTypeId' | 'offerPrice' | 'paymentMethod' | 'cashNote' | 'notes'
>;

const isSelection = (value: unknown): value is LocationSelection => {
  const v = value as LocationSelection | null;
  return Boolean(
    v &&
    typeof v.address === 'string' &&
    Number.isFinite(v.coordinates?.latitude) &&
    Number.isFinite(v.coordinates?.longitude),
  );
};

/** Saved answers, validated: anything malformed is dropped, never trusted. */
export function readSavedAnswers(storage: Pick<Storage, 'getItem'>): Partial<Answers> {
  try {
    const raw = JSON.parse(storage.getItem(WIZARD_STORAGE_KEY) ?? 'null') as Partial<
      Record<keyof Answers, unknown>
    > | null;
    if (!raw || typeof raw !== 'object') return {};
    return {
      ...(isSelection(raw.origin) ? { origin: raw.origin } : {}),
      ...(isSelection(raw.destination) ? { destination: raw.destination } : {}),
      ...(typeof raw.serviceTypeId === 'number' ? { serviceTypeId: raw.serviceTypeId } : {}),
      ...(typeof raw.offerPrice === 'string' ? { offerPrice: raw.offerPrice } : {}),
      ...(PAYMENT_METHODS.includes(raw.paymentMethod as PaymentMethod)
        ? { paymentMethod: raw.paymentMethod as PaymentMethod }
        : {}),
      ...(raw.cashNote === null || (typeof raw.cashNote === 'number' && isCashNote(raw.cashNote))
        ? { cashNote: raw.cashNote as CashNote | null }
        : {}),
      ...(typeof raw.notes === 'string' ? { notes: raw.notes } : {}),
    };
  } catch {
    return {};
  }
}

/** The furthest step the answers allow: a step is reachable when every step before it is valid. */
export function reachableStep(
  wanted: number,
  answers: Pick<TripRequestState, 'origin' | 'destination' | 'serviceTypeId' | 'offerPrice'> &
    Partial<Pick<TripRequestState, 'cashNote' | 'estimatedFare'>>,
): TripRequestStep {
  let step = 1;
  while (step < Math.min(wanted, TRIP_REQUEST_STEPS) && stepError(step as TripRequestStep, answers) === null) step += 1;
  return step as TripRequestStep;
}

const stepFromUrl = (params: URLSearchParams): number => {
  const value = Number(params.get(STEP_PARAM));
  return Number.isInteger(value) && value >= 1 ? value : 1;
};

/**
 * Keeps the request wizard's step in the URL and its answers in sessionStorage: a reload comes back to
 * the same step with the same answers, the back button goes to the previous step (not out of the
 * wizard), and 'Atrás' in the form is the same as the back button.
 */
export function useWizardHistory(store: TripRequestStore, storage: Storage = sessionStorage): void {
  const [params, setParams] = useSearchParams();
  const urlStep = stepFromUrl(params);
  /** Steps pushed onto the history by this visit: only those may be undone with history.back(). */
  const pushed = useRef(0);

  // Restore once, on the first visit of the page.
  useEffect(() => {
    const answers = readSavedAnswers(storage);
    const step = reachableStep(stepFromUrl(params), { ...store.getState(), ...answers });
    store.setState({ ...answers, step });
    // Mount only: later URL changes are handled below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // The URL leads (back/forward buttons, a reload): the form shows the step it names, if reachable.
  useEffect(() => {
    const state = store.getState();
    if (state.status !== 'idle') return;
    const step = reachableStep(urlStep, state);
    if (step < state.step) pushed.current = Math.max(0, pushed.current - (state.step - step));
    if (step !== state.step) store.setState({ step, stepError: null, activeSelection: null });
  }, [urlStep, store]);

  // The form moves ('Siguiente', 'Atrás', a failed confirmation): one history entry per step forward,
  // back in history for a step back; answers saved as they change.
  useEffect(() => {
    return store.subscribe((state, previous) => {
      if (state.status === 'idle') {
        const answers: Answers = {
          origin: state.origin,
          destination: state.destination,
          serviceTypeId: state.serviceTypeId,
          offerPrice: state.offerPrice,
          paymentMethod: state.paymentMethod,
          cashNote: state.cashNote,
          notes: state.notes,
        };
        storage.setItem(WIZARD_STORAGE_KEY, JSON.stringify(answers));
      } else if (state.status === 'pending') {
        storage.removeItem(WIZARD_STORAGE_KEY);
      }
      if (state.step === previous.step) return;
      const current = stepFromUrl(new URLSearchParams(window.location.search));
      if (state.step === current) return;
      if (state.step > current) {
        pushed.current += 1;
        setParams({ [STEP_PARAM]: String(state.step) });
      } else if (state.step === current - 1 && pushed.current > 0) {
        // 'Atrás' undoes the step forward, so the back button never walks into a step twice.
        pushed.current -= 1;
        window.history.back();
      } else {
        setParams({ [STEP_PARAM]: String(state.step) }, { replace: true });
      }
    });
  }, [store, storage, setParams]);
}
