import { decodePolyline } from '@jala/domain';
import { describe, expect, it } from 'vitest';

import { createGeoProvider, GeoError, type LatLng } from '../../src/geo';
import { haversineKm } from '../../src/geo/geo-math';
import { isInPeru } from '../../src/geo/peru-coverage';
import { normalizeText } from '../../src/geo/text-normalize';
import { caught } from './fake-fetch';
import { AIRPORT, PACIFIC_OFF_LIMA, PARQUE_KENNEDY } from './test-places';

const provider = createGeoProvider({ provider: 'offline' });

const AREQUIPA: LatLng = { latitude: -16.3989, longitude: -71.535 };

describe('offline provider: place search', () => {
  it("finds Lima's Miraflores district first for 'miraflores'", async () => {
    const [first] = await provider.searchPlaces('miraflores');
    expect(first).toMatchObject({
      name: 'Miraflores',
      formattedAddress: 'Miraflores, Lima, Perú',
      types: ['locality', 'political'],
    });
    expect(haversineKm(first!.coordinates, PARQUE_KENNEDY)).toBeLessThan(2);
  });

  it('ignores case and accents in the query', async () => {
    expect(await provider.searchPlaces('MIRAFLÓRES')).toEqual(await provider.searchPlaces('miraflores'));
  });

  it("finds Parque Kennedy from a single word, 'kennedy'", async () => {
    const [first] = await provider.searchPlaces('kennedy');
    expect(first?.name).toBe('Parque Kennedy');
    expect(first?.formattedAddress).toBe('Parque Kennedy, Miraflores, Lima, Perú');
    expect(haversineKm(first!.coordinates, PARQUE_KENNEDY)).toBeLessThan(0.2);
  });

  it("finds the airport for 'jorge chavez' typed without accents", async () => {
    const [first] = await provider.searchPlaces('jorge chavez');
    expect(first?.name).toBe('Aeropuerto Internacional Jorge Chávez');
    expect(first?.types).toContain('airport');
    expect(haversineKm(first!.coordinates, AIRPORT)).toBeLessThan(1);
  });

  it('finds places by alias and by name plus district', async () => {
    expect((await provider.searchPlaces('PUCP'))[0]?.name).toBe('Pontificia Universidad Católica del Perú');
    expect((await provider.searchPlaces('rebagliati'))[0]?.name).toBe('Hospital Nacional Edgardo Rebagliati Martins');
    expect((await provider.searchPlaces('larcomar miraflores'))[0]?.name).toBe('Larcomar');
    expect((await provider.searchPlaces('cuzco'))[0]?.name).toBe('Cusco');
  });

  it('ranks the same name by distance to `near`: Arequipa’s Miraflores near Arequipa, Lima’s near Lima', async () => {
    const [nearArequipa] = await provider.searchPlaces('miraflores', { near: AREQUIPA });
    expect(nearArequipa?.formattedAddress).toBe('Miraflores, Arequipa, Perú');
    const [nearLima] = await provider.searchPlaces('miraflores', { near: PARQUE_KENNEDY });
    expect(nearLima?.formattedAddress).toBe('Miraflores, Lima, Perú');
  });

  it('puts every result within 50 km of `near` before any farther one, nearest first within a match tier', async () => {
    const results = await provider.searchPlaces('san', { near: PARQUE_KENNEDY, limit: 20 });
    const distances = results.map((place) => haversineKm(PARQUE_KENNEDY, place.coordinates));
    const firstFar = distances.findIndex((km) => km > 50);
    if (firstFar >= 0) expect(distances.slice(firstFar).every((km) => km > 50)).toBe(true);
    expect(results[0]?.name).toBe('San Isidro');
  });

  it('ranks exact names before prefixes before substrings', async () => {
    const results = await provider.searchPlaces('ica', { limit: 20 });
    const tier = (name: string): number => {
      const key = normalizeText(name);
      return key === 'ica' ? 3 : key.startsWith('ica') ? 2 : 1;
    };
    expect(results[0]?.name).toBe('Ica');
    const tiers = results.map((place) => tier(place.name));
    expect(tiers).toEqual([...tiers].sort((a, b) => b - a));
  });

  it('returns only places in Peru, honours the limit and ignores a blank query', async () => {
    const results = await provider.searchPlaces('santa', { limit: 5 });
    expect(results).toHaveLength(5);
    expect(results.every((place) => isInPeru(place.coordinates))).toBe(true);
    expect(await provider.searchPlaces('santa', { limit: 500 })).toHaveLength(20);
    expect(await provider.searchPlaces('santa')).toHaveLength(10);
    expect(await provider.searchPlaces('   ')).toEqual([]);
    expect(await provider.searchPlaces('zzqxw')).toEqual([]);
  });

  it('hands out copies, so a caller cannot corrupt the gazetteer', async () => {
    const [first] = await provider.searchPlaces('kennedy');
    first!.name = 'cambiado';
    expect((await provider.searchPlaces('kennedy'))[0]?.name).toBe('Parque Kennedy');
  });
});

describe('offline provider: reverse geocoding', () => {
  it('names the landmark within 300 m, with district and city', async () => {
    const result = await provider.reverseGeocode(PARQUE_KENNEDY);
    expect(result.address).toBe('Cerca de Parque Kennedy, Miraflores, Lima');
    expect(result.place?.placeId).toBe('jala:parque-kennedy');
  });

  it('falls back to the district when no landmark is that close', async () => {
    const result = await provider.reverseGeocode({ latitude: -12.125, longitude: -77.02 });
    expect(result.address).toBe('Miraflores, Lima');
    expect(result.place?.name).toBe('Miraflores');
  });

  it('names Callao districts and regional cities by their own area', async () => {
    expect((await provider.reverseGeocode({ latitude: -12.0605, longitude: -77.1115 })).address).toBe(
      'Bellavista, Callao',
    );
    expect((await provider.reverseGeocode({ latitude: -9.07, longitude: -78.59 })).address).toBe('Chimbote, Áncash');
  });

  it("says 'Mi ubicación actual' far (over 30 km) from any known place in Peru", async () => {
    expect(await provider.reverseGeocode({ latitude: -10.5, longitude: -74.0 })).toEqual({
      address: 'Mi ubicación actual',
      place: null,
    });
  });

  it('rejects a point in the Pacific with OUT_OF_COVERAGE and a Spanish message', async () => {
    const error = await caught(() => provider.reverseGeocode(PACIFIC_OFF_LIMA));
    expect(error).toBeInstanceOf(GeoError);
    expect(error).toMatchObject({ code: 'OUT_OF_COVERAGE', message: expect.stringContaining('fuera de Perú') });
  });

  it('rejects points in neighbouring countries and invalid coordinates', async () => {
    for (const point of [
      { latitude: -16.5, longitude: -68.15 }, // La Paz, Bolivia
      { latitude: -18.4783, longitude: -70.3126 }, // Arica, Chile
      { latitude: Number.NaN, longitude: -77 },
    ]) {
      await expect(provider.reverseGeocode(point)).rejects.toMatchObject({ code: 'OUT_OF_COVERAGE' });
    }
  });
});

describe('offline provider: route estimate', () => {
  it('gives plausible kilometres, minutes and fare from Miraflores to the airport', async () => {
    const route = await provider.route(PARQUE_KENNEDY, AIRPORT);
    // Real roads: about 17–20 km, 30–60 min depending on traffic.
    expect(route.distance.value).toBeGreaterThan(15_000);
    expect(route.distance.value).toBeLessThan(25_000);
    expect(route.distance.text).toMatch(/^\d+\.\d km$/);
    expect(route.duration.value / 60).toBeGreaterThan(25);
    expect(route.duration.value / 60).toBeLessThan(80);
    expect(route.duration.text).toMatch(/^\d+ min$/);
    const km = route.distance.value / 1000;
    const minutes = Math.max(1, Math.round(route.duration.value / 60)); // billed in whole minutes (domain billedMinutes)
    expect(route.estimatedCost).toBeCloseTo(5 + 2.5 * km + 0.3 * minutes, 1);
  });

  it('encodes a polyline that decodes back to both endpoints', async () => {
    const route = await provider.route(PARQUE_KENNEDY, AIRPORT);
    const points = decodePolyline(route.polyline);
    expect(points.length).toBeGreaterThan(10);
    expect(points[0]).toEqual([PARQUE_KENNEDY.latitude, PARQUE_KENNEDY.longitude]);
    expect(points.at(-1)).toEqual([AIRPORT.latitude, AIRPORT.longitude]);
  });

  it('describes the trip in Spanish steps ending at the destination', async () => {
    const { steps } = await provider.route(PARQUE_KENNEDY, AIRPORT);
    expect(steps[0]).toMatchObject({ instruction: 'Dirígete al noroeste hacia tu destino', start: PARQUE_KENNEDY });
    expect(steps.at(-1)).toMatchObject({ instruction: 'Llegaste a tu destino', start: AIRPORT });
  });

  it('makes a mototaxi slower and cheaper per kilometre than an auto', async () => {
    const auto = await provider.route(PARQUE_KENNEDY, AIRPORT, { serviceTypeId: 2 });
    const mototaxi = await provider.route(PARQUE_KENNEDY, AIRPORT, { serviceTypeId: 1 });
    expect(mototaxi.distance.value).toBe(auto.distance.value);
    expect(mototaxi.duration.value).toBeGreaterThan(auto.duration.value);
    expect(mototaxi.estimatedCost).toBeLessThan(auto.estimatedCost);
  });

  it('charges at least the minimum fare for a very short trip', async () => {
    const route = await provider.route(PARQUE_KENNEDY, { latitude: -12.1215, longitude: -77.0299 });
    expect(route.estimatedCost).toBe(8);
  });

  it('passes through waypoints in order', async () => {
    const stop = { latitude: -12.0453, longitude: -77.0311 };
    const route = await provider.route(PARQUE_KENNEDY, AIRPORT, { waypoints: [stop] });
    expect(decodePolyline(route.polyline)).toContainEqual([stop.latitude, stop.longitude]);
    expect(route.steps.map((step) => step.instruction)).toEqual([
      'Dirígete al norte hacia la parada 1',
      'Dirígete al oeste hacia tu destino',
      'Llegaste a tu destino',
    ]);
  });

  it('refuses a destination outside Peru', async () => {
    await expect(provider.route(PARQUE_KENNEDY, { latitude: -18.4783, longitude: -70.3126 })).rejects.toMatchObject({
      code: 'OUT_OF_COVERAGE',
    });
  });
});
