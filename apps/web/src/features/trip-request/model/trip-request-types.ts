import type { MapPoint } from '@/features/map';

/** Spec §3 'Location selection': coordinates and address. */
export interface LocationSelection {
  coordinates: MapPoint;
  address: string;
}

/** Which field a map tap fills (spec §4 'Map selection mode'). */
export type SelectionMode = 'origin' | 'destination' | null;

/** Spec §4 'Passenger trip status (request form)'. */
export type TripRequestStatus = 'idle' | 'searching_driver' | 'pending' | 'accepted' | 'completed' | 'cancelled';

export type TripRequestStep = 1 | 2 | 3 | 4;

export const STEP_TITLES: Readonly<Record<TripRequestStep, string>> = {
  1: 'Origen',
  2: 'Destino',
  3: 'Servicio y precio',
  4: 'Confirmar',
};
