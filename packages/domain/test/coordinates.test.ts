import { describe, expect, it } from 'vitest';

import {
  DEFAULT_MAP_CENTER,
  DEFAULT_MAP_ZOOM,
  EARTH_RADIUS_KM,
  haversineKm,
  isInPeru,
  isValidCoordinate,
  MY_LOCATION_ZOOM,
  parseCoordinate,
  PERU_BOUNDS,
  toValidCoordinates,
} from '../src/place/coordinates';

describe('isValidCoordinate (spec §5)', () => {
  it.each([
    [0, 0],
    [-12.0464, -77.0428],
    [90, 180],
    [-90, -180],
    [90, -180],
    [-90, 180],
    [89.99999, 179.99999],
  ])('accepts (%s, %s)', (lat, lng) => {
    expect(isValidCoordinate(lat, lng)).toBe(true);
  });

  it.each([
    ['latitude above 90', 90.0001, 0],
    ['latitude below -90', -90.0001, 0],
    ['longitude above 180', 0, 180.0001],
    ['longitude below -180', 0, -180.0001],
    ['latitude NaN', NaN, 0],
    ['longitude NaN', 0, NaN],
    ['latitude Infinity', Infinity, 0],
    ['longitude -Infinity', 0, -Infinity],
    ['latitude as string', '-12.04', -77.04],
    ['longitude as string', -12.04, '-77.04'],
    ['both strings', '0', '0'],
    ['latitude null', null, 0],
    ['longitude undefined', 0, undefined],
    ['boolean', true, 0],
    ['boxed number', Object(1) as unknown, 0],
  ])('rejects %s', (_case, lat, lng) => {
    expect(isValidCoordinate(lat, lng)).toBe(false);
  });
});

describe('parseCoordinate', () => {
  it.each([
    ['-12.0464', -12.0464],
    ['-77.0428', -77.0428],
    [' 12.5 ', 12.5],
    ['+1.5', 1.5],
    ['.5', 0.5],
    ['-.5', -0.5],
    ['7.', 7],
    ['0', 0],
    ['123.456', 123.456],
    [-12.0464, -12.0464],
    [0, 0],
    [200, 200],
  ])('%j → %s', (input, expected) => {
    expect(parseCoordinate(input)).toBe(expected);
  });

  it.each([
    '',
    '   ',
    'abc',
    '12,5',
    '1e3',
    '--1',
    '1.2.3',
    '12 .5',
    'NaN',
    'Infinity',
    NaN,
    Infinity,
    -Infinity,
    null,
    undefined,
    {},
    [],
    true,
  ])('%j → null', (input) => {
    expect(parseCoordinate(input)).toBeNull();
  });
});

describe('toValidCoordinates', () => {
  it('parses decimal strings from the API into a valid pair', () => {
    expect(toValidCoordinates('-12.0464', '-77.0428')).toEqual({ latitude: -12.0464, longitude: -77.0428 });
    expect(toValidCoordinates(-12, -77)).toEqual({ latitude: -12, longitude: -77 });
  });

  it.each([
    ['91', '0'],
    ['0', '181'],
    ['abc', '0'],
    [null, '0'],
    ['0', undefined],
    [NaN, 0],
  ])('(%j, %j) → null', (lat, lng) => {
    expect(toValidCoordinates(lat, lng)).toBeNull();
  });
});

describe('haversineKm (Earth radius 6371 km)', () => {
  const lima = { latitude: -12.0464, longitude: -77.0428 };
  const cusco = { latitude: -13.5319, longitude: -71.9675 };

  it('uses radius 6371', () => {
    expect(EARTH_RADIUS_KM).toBe(6371);
  });

  it('is 0 for the same point', () => {
    expect(haversineKm(lima, lima)).toBe(0);
  });

  it('gives a quarter of the circumference from the equator to a pole', () => {
    expect(haversineKm({ latitude: 0, longitude: 0 }, { latitude: 90, longitude: 0 })).toBeCloseTo(
      (Math.PI * 6371) / 2,
      6,
    );
  });

  it('gives half the circumference between antipodes (and never NaN)', () => {
    expect(haversineKm({ latitude: 0, longitude: 0 }, { latitude: 0, longitude: 180 })).toBeCloseTo(Math.PI * 6371, 6);
    expect(haversineKm({ latitude: 45, longitude: 10 }, { latitude: -45, longitude: -170 })).toBeCloseTo(
      Math.PI * 6371,
      6,
    );
  });

  it('gives one degree of longitude on the equator as 2πR/360', () => {
    expect(haversineKm({ latitude: 0, longitude: 0 }, { latitude: 0, longitude: 1 })).toBeCloseTo(
      (2 * Math.PI * 6371) / 360,
      9,
    );
  });

  it('measures Lima–Cusco at about 575 km, as the spherical law of cosines does, symmetrically', () => {
    const rad = (deg: number) => (deg * Math.PI) / 180;
    const lawOfCosines =
      6371 *
      Math.acos(
        Math.sin(rad(lima.latitude)) * Math.sin(rad(cusco.latitude)) +
          Math.cos(rad(lima.latitude)) *
            Math.cos(rad(cusco.latitude)) *
            Math.cos(rad(cusco.longitude - lima.longitude)),
      );
    const d = haversineKm(lima, cusco);
    expect(d).toBeCloseTo(lawOfCosines, 6);
    expect(d).toBeGreaterThan(570);
    expect(d).toBeLessThan(580);
    expect(haversineKm(cusco, lima)).toBeCloseTo(d, 9);
  });
});

describe('Peru map frame', () => {
  it('has the bounds and zooms of spec §9', () => {
    expect(PERU_BOUNDS).toEqual({ south: -18.35, north: -0.03, west: -81.33, east: -68.65 });
    expect(DEFAULT_MAP_ZOOM).toBe(14);
    expect(MY_LOCATION_ZOOM).toBe(16);
  });

  it('centres the default map inside Peru', () => {
    expect(isInPeru(DEFAULT_MAP_CENTER.latitude, DEFAULT_MAP_CENTER.longitude)).toBe(true);
  });

  it.each([
    ['Lima', -12.0464, -77.0428],
    ['Iquitos', -3.7491, -73.2538],
    ['Tacna', -18.0146, -70.2536],
    ['south-west corner', -18.35, -81.33],
    ['north-east corner', -0.03, -68.65],
  ])('includes %s', (_name, lat, lng) => {
    expect(isInPeru(lat, lng)).toBe(true);
  });

  it.each([
    ['Santiago de Chile', -33.4489, -70.6693],
    ['the Pacific off Lima', -12.0464, -81.5],
    ['Bogotá', 4.711, -74.0721],
    ['just north', -0.0299, -75],
    ['just east', -10, -68.6499],
    ['NaN', NaN, -75],
    ['strings', '-12', '-77'],
    ['invalid latitude', -100, -75],
  ])('excludes %s', (_name, lat, lng) => {
    expect(isInPeru(lat, lng)).toBe(false);
  });

  it('freezes the shared objects', () => {
    expect(Object.isFrozen(PERU_BOUNDS)).toBe(true);
    expect(Object.isFrozen(DEFAULT_MAP_CENTER)).toBe(true);
  });
});
