/**
 * The pure side of 'Indicadores' by days: percentiles from histograms agree with percentile_cont over the
 * values they count, and days add up whatever their order.
 */
import { describe, expect, it } from 'vitest';

import {
  addDistrictDay,
  type DayFigures,
  emptyDistrictDay,
  histogramPercentile,
  sumDistricts,
} from '../../src/modules/admin/kpis/kpi-days';

/** percentile_cont by its definition, over the values themselves. */
function percentileCont(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  const position = p * (sorted.length - 1);
  const low = sorted[Math.floor(position)]!;
  const high = sorted[Math.ceil(position)]!;
  return low + (position - Math.floor(position)) * (high - low);
}

function histogramOf(values: number[]): Record<string, number> {
  const histogram: Record<string, number> = {};
  for (const value of values) histogram[String(value)] = (histogram[String(value)] ?? 0) + 1;
  return histogram;
}

describe('histogramPercentile', () => {
  it('matches percentile_cont on repeated and spread values', () => {
    const samples = [[30, 90, 60, 45], [7], [5, 5, 5, 9, 120, 120, 3], [1200, 300, 450, 300, 300, 60, 90, 90, 15]];
    for (const values of samples)
      for (const p of [0, 0.1, 0.5, 0.9, 1])
        expect(histogramPercentile(histogramOf(values), p)).toBeCloseTo(percentileCont(values, p), 9);
  });

  it('scales stored values back and is null for nothing', () => {
    expect(histogramPercentile({ '305': 1, '315': 1 }, 0.5, 10)).toBe(31);
    expect(histogramPercentile({}, 0.5)).toBeNull();
    expect(histogramPercentile({ '4': 0 }, 0.5)).toBeNull();
  });
});

describe('days of figures', () => {
  it('adds counts, histograms, tallies and methods, in one district or the whole city', () => {
    const a = emptyDistrictDay();
    a.total = 2;
    a.firstOffer = { '300': 2 };
    a.cancellations = { 'cancelled_by_passenger passenger_request': 1 };
    a.methods = { cash: { trips: 1, cents: 1500 } };
    const b = emptyDistrictDay();
    b.total = 3;
    b.firstOffer = { '300': 1, '600': 2 };
    b.methods = { cash: { trips: 2, cents: 2000 }, yape: { trips: 1, cents: 900 } };
    const days: DayFigures[] = [
      { districts: { Miraflores: a }, online: {} },
      { districts: { Miraflores: b, Bellavista: b }, online: {} },
    ];
    const miraflores = sumDistricts(days, 'Miraflores');
    expect(miraflores.total).toBe(5);
    expect(miraflores.firstOffer).toEqual({ '300': 3, '600': 2 });
    expect(miraflores.methods).toEqual({ cash: { trips: 3, cents: 3500 }, yape: { trips: 1, cents: 900 } });
    expect(sumDistricts(days, undefined).total).toBe(8);
    // Adding never changes the days it reads.
    expect(b.total).toBe(3);
    const again = emptyDistrictDay();
    addDistrictDay(again, b);
    addDistrictDay(again, a);
    expect(again.firstOffer).toEqual(miraflores.firstOffer);
  });
});
