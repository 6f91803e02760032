import { describe, expect, it } from 'vitest';

import { isInPeru } from '../../src/geo/peru-coverage';

const at = (latitude: number, longitude: number) => ({ latitude, longitude });

describe('Peru coverage (Natural Earth outline)', () => {
  it.each([
    ['Plaza de Armas de Lima', at(-12.0453, -77.0311)],
    ['Larcomar, on the cliff edge', at(-12.1318, -77.0307)],
    ['La Punta, the tip of Callao', at(-12.072, -77.163)],
    ['Iquitos', at(-3.7491, -73.2538)],
    ['Puno, on Lake Titicaca', at(-15.8402, -70.0219)],
    ['Tumbes', at(-3.5669, -80.4515)],
    ['Tacna', at(-18.0146, -70.2536)],
  ])('includes %s', (_name, point) => {
    expect(isInPeru(point)).toBe(true);
  });

  it.each([
    ['the Pacific, 160 km off Lima', at(-12.1, -78.5)],
    ['Arica, Chile', at(-18.4783, -70.3126)],
    ['La Paz, Bolivia', at(-16.5, -68.15)],
    ['Guayaquil, Ecuador', at(-2.19, -79.89)],
    ['Rio Branco, Brazil', at(-9.97, -67.81)],
    ['Bogotá', at(4.711, -74.0721)],
    ['null island', at(0, 0)],
    ['NaN', at(Number.NaN, -77)],
    ['out of range', at(-12, -277)],
  ])('excludes %s', (_name, point) => {
    expect(isInPeru(point)).toBe(false);
  });
});
