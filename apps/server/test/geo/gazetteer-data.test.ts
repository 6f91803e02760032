import { readFileSync } from 'node:fs';

import { describe, expect, it } from 'vitest';

import {
  buildPeruOutline,
  buildPeruSettlements,
  serializeOutline,
  serializeSettlements,
} from '../../src/geo/data/build-peru-data';
import curated from '../../src/geo/data/lima-places.json' with { type: 'json' };
import settlements from '../../src/geo/data/peru-settlements.json' with { type: 'json' };
import { GAZETTEER } from '../../src/geo/gazetteer';
import { haversineKm } from '../../src/geo/geo-math';
import { isInPeru } from '../../src/geo/peru-coverage';
import { normalizeText } from '../../src/geo/text-normalize';

const places = curated.places;
const at = (place: { lat: number; lng: number }) => ({ latitude: place.lat, longitude: place.lng });

describe('curated Lima, Callao and regional places', () => {
  it("lists Lima's 43 districts and Callao's 7", () => {
    const districts = places.filter((place) => place.kind === 'district');
    expect(districts.filter((place) => place.city === 'Lima')).toHaveLength(43);
    expect(districts.filter((place) => place.city === 'Callao')).toHaveLength(7);
  });

  it('has about sixty landmarks and a city in every region of Peru', () => {
    expect(places.filter((place) => place.kind === 'landmark').length).toBeGreaterThanOrEqual(60);
    const regionsWithPlaces = new Set(places.map((place) => place.region));
    for (const region of settlements.regions) expect(regionsWithPlaces, region).toContain(region);
  });

  it('gives every place a source, a type, a unique id and a point in Peru', () => {
    const ids = GAZETTEER.filter((entry) => entry.isCurated).map((entry) => entry.place.placeId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const place of places) {
      expect(place.source, place.name).toMatch(/\S/);
      expect(place.types.length, place.name).toBeGreaterThan(0);
      expect(isInPeru(at(place)), place.name).toBe(true);
    }
  });

  it('agrees within 5 km with GeoNames wherever both name the same place', () => {
    const geonames = (settlements.rows as [string, number, number][]).map(([name, lat, lng]) => ({
      key: normalizeText(name),
      lat,
      lng,
    }));
    let compared = 0;
    for (const place of places) {
      for (const name of [place.name, ...place.aliases]) {
        for (const { key, lat, lng } of geonames) {
          if (key !== normalizeText(name)) continue;
          const km = haversineKm(at(place), { latitude: lat, longitude: lng });
          if (km > 60) continue; // a namesake elsewhere in Peru
          compared++;
          expect(km, `${name} vs GeoNames`).toBeLessThan(5);
        }
      }
    }
    expect(compared).toBeGreaterThan(40);
  });
});

describe('generated GeoNames and Natural Earth files', () => {
  it('match what the build script produces from the npm packages today', () => {
    const folder = new URL('../../src/geo/data/', import.meta.url);
    expect(readFileSync(new URL('peru-settlements.json', folder), 'utf8')).toBe(
      serializeSettlements(buildPeruSettlements()),
    );
    expect(readFileSync(new URL('peru-outline.json', folder), 'utf8')).toBe(serializeOutline(buildPeruOutline()));
  });

  it('hold Peru’s populated places with their regions', () => {
    expect(settlements.rows.length).toBeGreaterThan(1500);
    expect(settlements.regions).toHaveLength(25);
    expect(settlements.rows[0]?.[0]).toBe('Lima');
  });
});
