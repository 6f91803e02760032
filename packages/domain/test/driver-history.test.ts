import { describe, expect, it } from 'vitest';

import {
  DRIVER_HISTORY_STATUS_FILTERS,
  driverHistoryStatusBadge,
  driverPaymentText,
  driverTripStatusLabel,
  HISTORY_STATUSES,
  isAwaitingDriverPaymentAnswer,
} from '../src';

describe("the driver's trip history", () => {
  it("names each finished status from the driver's side", () => {
    expect(HISTORY_STATUSES.map(driverTripStatusLabel)).toEqual([
      'Completado',
      'Cancelado por el pasajero',
      'Cancelado por ti',
      'Cancelado por el sistema',
    ]);
    expect(driverTripStatusLabel('pending')).toBe('Otro');
    expect(HISTORY_STATUSES.map(driverHistoryStatusBadge)).toEqual(['success', 'danger', 'warning', 'neutral']);
  });

  it('offers every history status as a filter, Todos first', () => {
    expect(DRIVER_HISTORY_STATUS_FILTERS.map((f) => f.value)).toEqual([
      '',
      'completed',
      'cancelled_by_driver',
      'cancelled_by_passenger',
      'cancelled_by_system',
    ]);
    expect(DRIVER_HISTORY_STATUS_FILTERS.map((f) => f.label)).toEqual([
      'Todos',
      'Completados',
      'Por ti',
      'Por pasajero',
      'Por sistema',
    ]);
  });

  it('waits for the driver only on a completed wallet trip nobody has settled yet', () => {
    expect(isAwaitingDriverPaymentAnswer('completed', 'yape', 'pending')).toBe(true);
    expect(isAwaitingDriverPaymentAnswer('completed', 'plin', 'reported')).toBe(true);
    expect(isAwaitingDriverPaymentAnswer('completed', 'yape', null)).toBe(true);
    for (const status of ['confirmed', 'disputed', 'resolved_paid', 'resolved_unpaid'] as const) {
      expect(isAwaitingDriverPaymentAnswer('completed', 'yape', status)).toBe(false);
    }
    expect(isAwaitingDriverPaymentAnswer('completed', 'cash', null)).toBe(false);
    expect(isAwaitingDriverPaymentAnswer('cancelled_by_passenger', 'yape', 'pending')).toBe(false);
  });

  it('tells the payment state in Spanish, and only the method when nothing was charged', () => {
    expect(driverPaymentText('completed', 'cash', null)).toBe('Efectivo');
    expect(driverPaymentText('completed', 'yape', 'pending')).toBe('Yape · por confirmar');
    expect(driverPaymentText('completed', 'plin', 'reported')).toBe('Plin · el pasajero avisó que pagó');
    expect(driverPaymentText('completed', 'yape', 'confirmed')).toBe('Yape · confirmado');
    expect(driverPaymentText('completed', 'yape', 'disputed')).toBe('Yape · no recibido, en revisión');
    expect(driverPaymentText('completed', 'plin', 'resolved_paid')).toBe('Plin · pagado (revisado por Jala)');
    expect(driverPaymentText('completed', 'plin', 'resolved_unpaid')).toBe('Plin · no pagado (revisado por Jala)');
    expect(driverPaymentText('cancelled_by_system', 'yape', null)).toBe('Yape');
  });
});
