import { describe, expect, it } from 'vitest';

import type { TripActor, TripStatus } from '../src/trip/trip-status';
import {
  ACTIVE_TRIP_STATUSES,
  CANCELLED_TRIP_STATUSES,
  canTransition,
  checkTransition,
  DEFAULT_HISTORY_STATUS_FILTER,
  DRIVER_STAGE_ACTIONS,
  driverStageAction,
  driverStageMessage,
  HISTORY_STATUS_FILTERS,
  HISTORY_STATUSES,
  historyStatusBadge,
  isActiveStatus,
  isCancelledStatus,
  isTerminalStatus,
  isTripStatus,
  TRIP_ACTORS,
  TRIP_STATUSES,
  tripStatusLabel,
  tripStatusLabelForOperators,
} from '../src/trip/trip-status';

/** The whole allowed table, written out independently of the implementation: "actor:from→to". */
const ALLOWED = new Set([
  'system:pending→accepted',
  'system:pending→cancelled_by_system',
  'driver:accepted→en_route',
  'driver:en_route→arrived',
  'driver:arrived→in_progress',
  'driver:in_progress→completed',
  'driver:accepted→cancelled_by_driver',
  'driver:en_route→cancelled_by_driver',
  'driver:arrived→cancelled_by_driver',
  'passenger:pending→cancelled_by_passenger',
  'passenger:accepted→cancelled_by_passenger',
  'passenger:en_route→cancelled_by_passenger',
  'passenger:arrived→cancelled_by_passenger',
  'operator:pending→cancelled_by_system',
  'operator:accepted→cancelled_by_system',
  'operator:en_route→cancelled_by_system',
  'operator:arrived→cancelled_by_system',
  'operator:in_progress→cancelled_by_system',
]);

const ALL_CASES = TRIP_ACTORS.flatMap((actor) =>
  TRIP_STATUSES.flatMap((from) => TRIP_STATUSES.map((to) => ({ actor, from, to }))),
);

describe('trip statuses (GUIDE §3)', () => {
  it('lists the nine server statuses in lifecycle order', () => {
    expect(TRIP_STATUSES).toEqual([
      'pending',
      'accepted',
      'en_route',
      'arrived',
      'in_progress',
      'completed',
      'cancelled_by_passenger',
      'cancelled_by_driver',
      'cancelled_by_system',
    ]);
    expect(TRIP_ACTORS).toEqual(['passenger', 'driver', 'system', 'operator']);
  });

  it('classifies active, cancelled and terminal statuses', () => {
    expect(ACTIVE_TRIP_STATUSES).toEqual(['pending', 'accepted', 'en_route', 'arrived', 'in_progress']);
    expect(CANCELLED_TRIP_STATUSES).toEqual(['cancelled_by_passenger', 'cancelled_by_driver', 'cancelled_by_system']);
    expect(HISTORY_STATUSES).toEqual(['completed', ...CANCELLED_TRIP_STATUSES]);
    for (const status of TRIP_STATUSES) {
      const active = (ACTIVE_TRIP_STATUSES as readonly string[]).includes(status);
      const cancelled = status.startsWith('cancelled_');
      expect(isTripStatus(status)).toBe(true);
      expect(isActiveStatus(status)).toBe(active);
      expect(isCancelledStatus(status)).toBe(cancelled);
      expect(isTerminalStatus(status)).toBe(!active);
      expect(isTerminalStatus(status)).toBe(status === 'completed' || cancelled);
    }
  });

  it.each(['', 'cancelled', 'PENDING', 'idle', 'searching_driver', 'toString', '__proto__', null, undefined, 1])(
    'treats %j as no status at all',
    (value) => {
      expect(isTripStatus(value)).toBe(false);
      expect(isActiveStatus(value)).toBe(false);
      expect(isCancelledStatus(value)).toBe(false);
      expect(isTerminalStatus(value)).toBe(false);
    },
  );
});

describe('canTransition', () => {
  it.each(ALL_CASES)('$actor: $from → $to matches the allowed table', ({ actor, from, to }) => {
    expect(canTransition(from, to, actor)).toBe(ALLOWED.has(`${actor}:${from}→${to}`));
  });

  it('allows exactly the 18 transitions of the table', () => {
    expect(ALL_CASES.filter(({ actor, from, to }) => canTransition(from, to, actor))).toHaveLength(ALLOWED.size);
    expect(ALLOWED.size).toBe(18);
  });

  it('walks the happy path: system assigns, the driver does every stage', () => {
    const path: Array<[TripStatus, TripStatus, TripActor]> = [
      ['pending', 'accepted', 'system'],
      ['accepted', 'en_route', 'driver'],
      ['en_route', 'arrived', 'driver'],
      ['arrived', 'in_progress', 'driver'],
      ['in_progress', 'completed', 'driver'],
    ];
    for (const [from, to, actor] of path) expect(canTransition(from, to, actor)).toBe(true);
  });

  it.each<[TripStatus, TripStatus, TripActor, string]>([
    ['pending', 'accepted', 'driver', 'a driver cannot assign himself'],
    ['pending', 'accepted', 'passenger', 'assignment is done by the system'],
    ['in_progress', 'cancelled_by_passenger', 'passenger', 'no cancelling once on board'],
    ['in_progress', 'cancelled_by_driver', 'driver', 'no cancelling once on board'],
    ['pending', 'cancelled_by_driver', 'driver', 'no driver yet'],
    ['accepted', 'cancelled_by_system', 'system', 'only pending trips expire'],
    ['pending', 'cancelled_by_passenger', 'driver', 'cancelling on behalf of the passenger'],
    ['accepted', 'cancelled_by_driver', 'passenger', 'cancelling on behalf of the driver'],
    ['accepted', 'in_progress', 'driver', 'skipping stages'],
    ['en_route', 'completed', 'driver', 'skipping stages'],
    ['arrived', 'en_route', 'driver', 'going back'],
    ['completed', 'pending', 'system', 'reviving a finished trip'],
    ['completed', 'cancelled_by_passenger', 'passenger', 'cancelling a finished trip'],
    ['cancelled_by_passenger', 'pending', 'passenger', 'reopening a cancelled trip'],
    ['cancelled_by_system', 'accepted', 'system', 'accepting an expired trip'],
    ['pending', 'pending', 'system', 'staying put'],
  ])('refuses %s → %s by %s (%s)', (from, to, actor) => {
    expect(canTransition(from, to, actor)).toBe(false);
  });

  it('never leaves a terminal status', () => {
    for (const { actor, from, to } of ALL_CASES) {
      if (isTerminalStatus(from)) expect(canTransition(from, to, actor)).toBe(false);
    }
  });

  it('refuses unknown statuses and actors at runtime without throwing', () => {
    const cast = <T>(value: string) => value as unknown as T;
    expect(canTransition(cast<TripStatus>('idle'), 'accepted', 'system')).toBe(false);
    expect(canTransition('pending', cast<TripStatus>('idle'), 'system')).toBe(false);
    expect(canTransition('pending', 'accepted', cast<TripActor>('admin'))).toBe(false);
    expect(canTransition(cast<TripStatus>('constructor'), 'accepted', 'system')).toBe(false);
    expect(canTransition(cast<TripStatus>('__proto__'), 'accepted', 'system')).toBe(false);
    expect(canTransition('pending', 'accepted', cast<TripActor>('toString'))).toBe(false);
  });
});

describe('checkTransition', () => {
  it.each(ALL_CASES)('$actor: $from → $to agrees with canTransition', ({ actor, from, to }) => {
    const result = checkTransition(from, to, actor);
    expect(result.ok).toBe(canTransition(from, to, actor));
    if (!result.ok) expect(result.message).toMatch(/^(No se puede pasar|Solo el|Solo un operador|El viaje ya está)/);
  });

  it('returns { ok: true } for an allowed transition', () => {
    expect(checkTransition('accepted', 'en_route', 'driver')).toEqual({ ok: true });
  });

  it('explains an impossible transition with Spanish labels', () => {
    expect(checkTransition('pending', 'in_progress', 'driver')).toEqual({
      ok: false,
      message: 'No se puede pasar de "Pendiente" a "En curso".',
    });
    expect(checkTransition('in_progress', 'cancelled_by_passenger', 'passenger')).toEqual({
      ok: false,
      message: 'No se puede pasar de "En curso" a "Cancelado por ti".',
    });
  });

  it('names the actor who could do it', () => {
    expect(checkTransition('accepted', 'en_route', 'passenger')).toEqual({
      ok: false,
      message: 'Solo el conductor puede pasar de "Aceptado" a "Conductor en camino".',
    });
    expect(checkTransition('pending', 'accepted', 'driver')).toEqual({
      ok: false,
      message: 'Solo el sistema puede pasar de "Pendiente" a "Aceptado".',
    });
    expect(checkTransition('arrived', 'cancelled_by_passenger', 'driver')).toEqual({
      ok: false,
      message: 'Solo el pasajero puede pasar de "Conductor en el punto de recojo" a "Cancelado por ti".',
    });
  });

  it('says when the trip is already in that status', () => {
    expect(checkTransition('in_progress', 'in_progress', 'driver')).toEqual({
      ok: false,
      message: 'El viaje ya está en estado "En curso".',
    });
  });
});

describe('tripStatusLabel', () => {
  it.each<[string, string]>([
    ['pending', 'Pendiente'],
    ['accepted', 'Aceptado'],
    ['en_route', 'Conductor en camino'],
    ['arrived', 'Conductor en el punto de recojo'],
    ['in_progress', 'En curso'],
    ['completed', 'Completado'],
    ['cancelled_by_passenger', 'Cancelado por ti'],
    ['cancelled_by_driver', 'Cancelado por conductor'],
    ['cancelled_by_system', 'Cancelado por sistema'],
    ['cancelled', 'Otro'],
    ['', 'Otro'],
    ['toString', 'Otro'],
    ['COMPLETED', 'Otro'],
  ])('%j → %j', (status, label) => {
    expect(tripStatusLabel(status)).toBe(label);
  });
});

describe('historyStatusBadge (spec §2 table)', () => {
  it.each<[string, string]>([
    ['completed', 'success'],
    ['cancelled_by_passenger', 'warning'],
    ['cancelled_by_driver', 'danger'],
    ['cancelled_by_system', 'neutral'],
    ['pending', 'neutral'],
    ['whatever', 'neutral'],
    ['', 'neutral'],
  ])('%j → %s', (status, badge) => {
    expect(historyStatusBadge(status)).toBe(badge);
  });
});

describe('HISTORY_STATUS_FILTERS (spec §2, §9)', () => {
  it('has the five pills in order with the spec values', () => {
    expect(HISTORY_STATUS_FILTERS).toEqual([
      { value: '', label: 'Todos' },
      { value: 'completed', label: 'Completados' },
      { value: 'cancelled_by_passenger', label: 'Por ti' },
      { value: 'cancelled_by_driver', label: 'Por conductor' },
      { value: 'cancelled_by_system', label: 'Por sistema' },
    ]);
  });

  it('filters only by history statuses and starts on completed', () => {
    for (const { value } of HISTORY_STATUS_FILTERS) {
      if (value !== '') expect(HISTORY_STATUSES).toContain(value);
    }
    expect(DEFAULT_HISTORY_STATUS_FILTER).toBe('completed');
  });

  it('is frozen', () => {
    expect(Object.isFrozen(HISTORY_STATUS_FILTERS)).toBe(true);
    expect(Object.isFrozen(HISTORY_STATUS_FILTERS[0])).toBe(true);
  });
});

describe('driver stage actions (spec §4)', () => {
  it('has one button per stage, as in the spec table', () => {
    expect(DRIVER_STAGE_ACTIONS).toEqual({
      accepted: { label: 'Ir al punto de recojo', next: 'en_route', isCompletion: false },
      en_route: { label: 'Llegué al punto de recojo', next: 'arrived', isCompletion: false },
      arrived: { label: 'Iniciar viaje', next: 'in_progress', isCompletion: false },
      in_progress: { label: 'Finalizar viaje', next: 'completed', isCompletion: true },
    });
  });

  it('offers only transitions the driver may make', () => {
    for (const [from, action] of Object.entries(DRIVER_STAGE_ACTIONS)) {
      expect(canTransition(from as TripStatus, action.next, 'driver')).toBe(true);
    }
  });

  it('finds the action for a status', () => {
    expect(driverStageAction('accepted')?.label).toBe('Ir al punto de recojo');
    expect(driverStageAction('in_progress')?.next).toBe('completed');
    for (const status of ['pending', 'completed', 'cancelled_by_driver', 'unknown', 'toString', '']) {
      expect(driverStageAction(status)).toBeNull();
    }
  });

  it('shows a message instead of a button on finished trips', () => {
    expect(driverStageMessage('completed')).toBe('¡Viaje completado!');
    for (const status of CANCELLED_TRIP_STATUSES) expect(driverStageMessage(status)).toBe('Viaje cancelado');
    for (const status of ACTIVE_TRIP_STATUSES) expect(driverStageMessage(status)).toBeNull();
    expect(driverStageMessage('unknown')).toBeNull();
  });
});

describe('tripStatusLabelForOperators', () => {
  it("tells a passenger's cancellation in the third person and every other status as the passenger's history does", () => {
    expect(tripStatusLabelForOperators('cancelled_by_passenger')).toBe('Cancelado por pasajero');
    expect(tripStatusLabelForOperators('cancelled_by_driver')).toBe('Cancelado por conductor');
    expect(tripStatusLabelForOperators('completed')).toBe('Completado');
    expect(tripStatusLabelForOperators('toString')).toBe('Otro');
  });
});
