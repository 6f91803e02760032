/**
 * The trip lifecycle (GUIDE §3): one pure state machine that decides every transition, for server and
 * client alike, plus the Spanish labels, badges, filters and driver stage buttons of spec §2 and §4.
 */

export const TRIP_STATUSES = Object.freeze([
  'pending',
  'accepted',
  'en_route',
  'arrived',
  'in_progress',
  'completed',
  'cancelled_by_passenger',
  'cancelled_by_driver',
  'cancelled_by_system',
] as const);

export type TripStatus = (typeof TRIP_STATUSES)[number];

/** Statuses of a trip that is still going on (it blocks a new one and drives the active-trip guard). */
export const ACTIVE_TRIP_STATUSES = Object.freeze([
  'pending',
  'accepted',
  'en_route',
  'arrived',
  'in_progress',
] as const satisfies readonly TripStatus[]);

export type ActiveTripStatus = (typeof ACTIVE_TRIP_STATUSES)[number];

export const CANCELLED_TRIP_STATUSES = Object.freeze([
  'cancelled_by_passenger',
  'cancelled_by_driver',
  'cancelled_by_system',
] as const satisfies readonly TripStatus[]);

export type CancelledTripStatus = (typeof CANCELLED_TRIP_STATUSES)[number];

/**
 * Statuses in which a driver is assigned to a trip and busy with it: they cannot take another trip, go
 * offline, or be matched; it is also "the driver's current trip". Same set as the partial unique index
 * `trips_one_active_per_driver` in packages/db.
 */
export type DriverBusyStatus = Exclude<ActiveTripStatus, 'pending'>;
export const DRIVER_BUSY_STATUSES: readonly DriverBusyStatus[] = Object.freeze(
  ACTIVE_TRIP_STATUSES.filter((status): status is DriverBusyStatus => status !== 'pending'),
);

/** Statuses shown in the trip history (spec §4 "History statuses"). */
export const HISTORY_STATUSES = Object.freeze([
  'completed',
  ...CANCELLED_TRIP_STATUSES,
] as const satisfies readonly TripStatus[]);

export type HistoryStatus = (typeof HISTORY_STATUSES)[number];

export type TripActor = 'passenger' | 'driver' | 'system' | 'operator';

export const TRIP_ACTORS = Object.freeze([
  'passenger',
  'driver',
  'system',
  'operator',
] as const satisfies readonly TripActor[]);

export function isTripStatus(value: unknown): value is TripStatus {
  return typeof value === 'string' && (TRIP_STATUSES as readonly string[]).includes(value);
}

export function isActiveStatus(status: unknown): status is ActiveTripStatus {
  return typeof status === 'string' && (ACTIVE_TRIP_STATUSES as readonly string[]).includes(status);
}

export function isCancelledStatus(status: unknown): status is CancelledTripStatus {
  return typeof status === 'string' && (CANCELLED_TRIP_STATUSES as readonly string[]).includes(status);
}

export function isDriverBusyStatus(status: unknown): status is DriverBusyStatus {
  return typeof status === 'string' && (DRIVER_BUSY_STATUSES as readonly string[]).includes(status);
}

/** Completed or cancelled: no transition leaves these. */
export function isTerminalStatus(status: unknown): status is HistoryStatus {
  return status === 'completed' || isCancelledStatus(status);
}

/**
 * Every allowed transition, by actor.
 * - system: assigns the trip when the passenger accepts an offer (pending → accepted; the server does
 *   the atomic assignment) and expires a pending trip nobody took (pending → cancelled_by_system).
 * - driver: moves an accepted trip through its stages, and may cancel until the passenger is on board.
 * - passenger: may cancel until the trip is in progress.
 * - operator: may cancel any trip that has not ended — an abusive or stuck one — from the console; it is
 *   recorded as cancelled_by_system (the marketplace, not either side, ended it).
 */
const ALLOWED_TRANSITIONS: Readonly<Record<TripActor, Readonly<Partial<Record<TripStatus, readonly TripStatus[]>>>>> =
  Object.freeze({
    system: { pending: ['accepted', 'cancelled_by_system'] },
    driver: {
      accepted: ['en_route', 'cancelled_by_driver'],
      en_route: ['arrived', 'cancelled_by_driver'],
      arrived: ['in_progress', 'cancelled_by_driver'],
      in_progress: ['completed'],
    },
    passenger: {
      pending: ['cancelled_by_passenger'],
      accepted: ['cancelled_by_passenger'],
      en_route: ['cancelled_by_passenger'],
      arrived: ['cancelled_by_passenger'],
    },
    operator: {
      pending: ['cancelled_by_system'],
      accepted: ['cancelled_by_system'],
      en_route: ['cancelled_by_system'],
      arrived: ['cancelled_by_system'],
      in_progress: ['cancelled_by_system'],
    },
  });

/** True when `actor` may move a trip from `from` to `to`. Unknown statuses or actors are refused. */
export function canTransition(from: TripStatus, to: TripStatus, actor: TripActor): boolean {
  if (!Object.hasOwn(ALLOWED_TRANSITIONS, actor)) return false;
  const byStatus = ALLOWED_TRANSITIONS[actor];
  if (!Object.hasOwn(byStatus, from)) return false;
  return byStatus[from]?.includes(to) ?? false;
}

/** The cancellation status each actor moves a trip to. */
export const CANCELLATION_BY: Readonly<Record<TripActor, CancelledTripStatus>> = Object.freeze({
  passenger: 'cancelled_by_passenger',
  driver: 'cancelled_by_driver',
  system: 'cancelled_by_system',
  operator: 'cancelled_by_system',
});

/** Statuses from which `actor` may cancel (read off the transition table, so it can never disagree with it). */
export function cancellableStatuses(actor: TripActor): readonly TripStatus[] {
  return TRIP_STATUSES.filter((status) => canTransition(status, CANCELLATION_BY[actor], actor));
}

/** The passenger may cancel until the trip is in progress. */
export const PASSENGER_CANCELLABLE_STATUSES: readonly TripStatus[] = Object.freeze(cancellableStatuses('passenger'));
/** The driver may cancel until the passenger is on board. */
export const DRIVER_CANCELLABLE_STATUSES: readonly TripStatus[] = Object.freeze(cancellableStatuses('driver'));

/** Whether `actor` may cancel a trip in `status` now (unknown statuses: no). */
export function canCancel(status: unknown, actor: TripActor): boolean {
  return isTripStatus(status) && canTransition(status, CANCELLATION_BY[actor], actor);
}

export type TransitionCheck = { ok: true } | { ok: false; message: string };

const ACTOR_NAMES: Readonly<Record<TripActor, string>> = Object.freeze({
  passenger: 'el pasajero',
  driver: 'el conductor',
  system: 'el sistema',
  operator: 'un operador',
});

/**
 * Like {@link canTransition}, returning the verdict with a Spanish reason when refused (it never throws):
 * - same status: 'El viaje ya está en estado "En curso".'
 * - allowed only to another actor: 'Solo el conductor puede pasar de "Aceptado" a "Conductor en camino".'
 * - otherwise: 'No se puede pasar de "Pendiente" a "En curso".'
 */
export function checkTransition(from: TripStatus, to: TripStatus, actor: TripActor): TransitionCheck {
  if (canTransition(from, to, actor)) return { ok: true };
  const fromLabel = tripStatusLabel(from);
  const toLabel = tripStatusLabel(to);
  if (from === to) return { ok: false, message: `El viaje ya está en estado "${fromLabel}".` };
  const owner = TRIP_ACTORS.find((other) => canTransition(from, to, other));
  if (owner !== undefined) {
    return { ok: false, message: `Solo ${ACTOR_NAMES[owner]} puede pasar de "${fromLabel}" a "${toLabel}".` };
  }
  return { ok: false, message: `No se puede pasar de "${fromLabel}" a "${toLabel}".` };
}

const TRIP_STATUS_LABELS: Readonly<Record<TripStatus, string>> = Object.freeze({
  pending: 'Pendiente',
  accepted: 'Aceptado',
  en_route: 'Conductor en camino',
  arrived: 'Conductor en el punto de recojo',
  in_progress: 'En curso',
  completed: 'Completado',
  cancelled_by_passenger: 'Cancelado por ti',
  cancelled_by_driver: 'Cancelado por conductor',
  cancelled_by_system: 'Cancelado por sistema',
});

/** Spanish label of a status (spec §2 history table); 'Otro' for anything unknown. */
export function tripStatusLabel(status: string): string {
  return isTripStatus(status) ? TRIP_STATUS_LABELS[status] : 'Otro';
}

/** A status as a third party reads it (the operators' console): nobody there is the passenger's "ti". */
export function tripStatusLabelForOperators(status: string): string {
  return status === 'cancelled_by_passenger' ? 'Cancelado por pasajero' : tripStatusLabel(status);
}

export type StatusBadge = 'success' | 'warning' | 'danger' | 'neutral';

/**
 * History badge (spec §2): completed success, cancelled_by_passenger warning, cancelled_by_driver danger.
 * The spec leaves cancelled_by_system and anything else unspecified: we show them neutral.
 */
export function historyStatusBadge(status: string): StatusBadge {
  switch (status) {
    case 'completed':
      return 'success';
    case 'cancelled_by_passenger':
      return 'warning';
    case 'cancelled_by_driver':
      return 'danger';
    default:
      return 'neutral';
  }
}

export type HistoryStatusFilterValue = '' | HistoryStatus;

/** History filter pills (spec §2); '' means no filter. */
export const HISTORY_STATUS_FILTERS: ReadonlyArray<Readonly<{ value: HistoryStatusFilterValue; label: string }>> =
  Object.freeze([
    Object.freeze({ value: '', label: 'Todos' }),
    Object.freeze({ value: 'completed', label: 'Completados' }),
    Object.freeze({ value: 'cancelled_by_passenger', label: 'Por ti' }),
    Object.freeze({ value: 'cancelled_by_driver', label: 'Por conductor' }),
    Object.freeze({ value: 'cancelled_by_system', label: 'Por sistema' }),
  ] as const);

/** The history list first loads with this filter (spec §2). */
export const DEFAULT_HISTORY_STATUS_FILTER: HistoryStatusFilterValue = 'completed';

export interface DriverStageAction {
  /** Button text (spec §4). */
  readonly label: string;
  /** Status the button moves the trip to. */
  readonly next: TripStatus;
  /** True for 'Finalizar viaje', which goes through the completion call rather than a status update. */
  readonly isCompletion: boolean;
}

/** Driver stage buttons (spec §4 "Driver trip_status and actions"). */
export const DRIVER_STAGE_ACTIONS: Readonly<Partial<Record<TripStatus, DriverStageAction>>> = Object.freeze({
  accepted: Object.freeze({ label: 'Ir al punto de recojo', next: 'en_route', isCompletion: false }),
  en_route: Object.freeze({ label: 'Llegué al punto de recojo', next: 'arrived', isCompletion: false }),
  arrived: Object.freeze({ label: 'Iniciar viaje', next: 'in_progress', isCompletion: false }),
  in_progress: Object.freeze({ label: 'Finalizar viaje', next: 'completed', isCompletion: true }),
});

/** The driver's next stage button for a status, or null when there is none. */
export function driverStageAction(status: string): DriverStageAction | null {
  if (!isTripStatus(status) || !Object.hasOwn(DRIVER_STAGE_ACTIONS, status)) return null;
  return DRIVER_STAGE_ACTIONS[status] ?? null;
}

/** Text the driver sees instead of a button on a finished trip (spec §4), or null. */
export function driverStageMessage(status: string): string | null {
  if (status === 'completed') return '¡Viaje completado!';
  if (isCancelledStatus(status)) return 'Viaje cancelado';
  return null;
}
