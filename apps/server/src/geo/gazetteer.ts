import { around } from 'geokdbush';
import KDBush from 'kdbush';

import curated from './data/lima-places.json' with { type: 'json' };
import settlements from './data/peru-settlements.json' with { type: 'json' };
import { haversineKm } from './geo-math';
import type { LatLng, Place } from './geo-provider';
import { normalizeText, slugify } from './text-normalize';

/**
 * Peru's embedded gazetteer: the curated Lima/Callao districts, landmarks and regional cities, plus
 * GeoNames' populated places. Built once at module load (about 1,900 entries) and shared by every
 * offline provider instance.
 */

export type EntryKind = 'district' | 'city' | 'landmark' | 'settlement';

export interface GazetteerEntry {
  kind: EntryKind;
  place: Place;
  /** Normalized name first, then normalized aliases. */
  keys: string[];
  /** Normalized district, city and region: lets 'larcomar miraflores' still match Larcomar. */
  context: string;
  district: string | null;
  city: string;
  region: string;
  /** Larger is more prominent; breaks ties when no `near` point is given. */
  importance: number;
  isCurated: boolean;
}

interface CuratedPlace {
  kind: 'district' | 'city' | 'landmark';
  name: string;
  lat: number;
  lng: number;
  district: string | null;
  city: string;
  region: string;
  types: string[];
  aliases: string[];
}

/** Curated names beat GeoNames, but curated sights should not outrank whole cities by default. */
const CURATED_IMPORTANCE: Record<CuratedPlace['kind'], number> = { city: 6.5, district: 6, landmark: 5.5 };
/** A GeoNames row this close to a curated place of the same name is that place, not a second one. */
const DUPLICATE_RADIUS_KM = 5;

function uniqueParts(parts: (string | null | undefined)[]): string[] {
  const seen = new Set<string>();
  return parts.filter((part): part is string => {
    if (!part) return false;
    const key = normalizeText(part);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function curatedEntry(row: CuratedPlace): GazetteerEntry {
  const place: Place = {
    placeId: `jala:${slugify(row.name)}`,
    name: row.name,
    formattedAddress: uniqueParts([row.name, row.district, row.city, row.region, 'Perú']).join(', '),
    coordinates: { latitude: row.lat, longitude: row.lng },
    types: row.types,
  };
  return {
    kind: row.kind,
    place,
    keys: [row.name, ...row.aliases].map(normalizeText),
    context: normalizeText([row.district, row.city, row.region].filter(Boolean).join(' ')),
    district: row.district,
    city: row.city,
    region: row.region,
    importance: CURATED_IMPORTANCE[row.kind],
    isCurated: true,
  };
}

/** See data/build-peru-data.ts: name, lat, lng, region index, province index, population, GeoNames id. */
type SettlementRow = [string, number, number, number, number, number, number];

function settlementEntry([
  name,
  lat,
  lng,
  regionIndex,
  provinceIndex,
  population,
  geonameId,
]: SettlementRow): GazetteerEntry {
  const region = settlements.regions[regionIndex] ?? 'Perú';
  // The province tells apart same-named towns of one region (there are two Miraflores in Lima region).
  const province = settlements.provinces[provinceIndex] ?? '';
  const coordinates = { latitude: lat, longitude: lng };
  return {
    kind: 'settlement',
    place: {
      placeId:
        geonameId > 0 ? `geonames:${geonameId}` : `geonames:${slugify(name)}@${lat.toFixed(3)},${lng.toFixed(3)}`,
      name,
      formattedAddress: uniqueParts([name, province, region, 'Perú']).join(', '),
      coordinates,
      types: ['locality', 'political'],
    },
    keys: [normalizeText(name)],
    context: normalizeText(`${province} ${region}`),
    district: null,
    city: name,
    region,
    // log10 of population: Lima ≈ 6.9, Arequipa ≈ 5.9, a village of 1,000 = 3.
    importance: Math.log10(Math.max(population, 1000)),
    isCurated: false,
  };
}

function buildEntries(): GazetteerEntry[] {
  const curatedEntries = (curated.places as CuratedPlace[]).map(curatedEntry);
  const isDuplicateOfCurated = (entry: GazetteerEntry): boolean =>
    curatedEntries.some(
      (known) =>
        known.keys.includes(entry.keys[0] ?? '') &&
        haversineKm(known.place.coordinates, entry.place.coordinates) <= DUPLICATE_RADIUS_KM,
    );
  const settlementEntries = (settlements.rows as SettlementRow[])
    .map(settlementEntry)
    .filter((entry) => !isDuplicateOfCurated(entry));
  return [...curatedEntries, ...settlementEntries];
}

export const GAZETTEER: readonly GazetteerEntry[] = buildEntries();

const spatialIndex = new KDBush(GAZETTEER.length);
for (const entry of GAZETTEER) spatialIndex.add(entry.place.coordinates.longitude, entry.place.coordinates.latitude);
spatialIndex.finish();

/** Nearest entry satisfying `accept` within `maxKm`, by great-circle distance (geokdbush). */
export function findNearest(
  point: LatLng,
  maxKm: number,
  accept: (entry: GazetteerEntry) => boolean,
): { entry: GazetteerEntry; distanceKm: number } | null {
  const [index] = around(spatialIndex, point.longitude, point.latitude, 1, maxKm, (i) => {
    const entry = GAZETTEER[i];
    return entry !== undefined && accept(entry);
  });
  const entry = index === undefined ? undefined : GAZETTEER[index];
  return entry ? { entry, distanceKm: haversineKm(point, entry.place.coordinates) } : null;
}

/**
 * The district (in Lima and Callao) or town a point is in, as far as the gazetteer knows: what a lock
 * screen may show instead of an address. Null far from any known place.
 */
export function districtNameAt(point: LatLng): string | null {
  const district = anchoredDistrictAt(point);
  if (district) return district;
  const town = findNearest(
    point,
    20,
    (entry) => entry.kind === 'city' || entry.kind === 'settlement' || entry.kind === 'district',
  );
  return town ? (town.entry.district ?? town.entry.place.name) : null;
}

/**
 * The district of the nearest curated Lima/Callao place within DISTRICT_ANCHOR_KM, or null: the districts
 * 'Indicadores' filters by (a trip's `pickup_district`).
 */
export function anchoredDistrictAt(point: LatLng): string | null {
  return (
    findNearest(point, DISTRICT_ANCHOR_KM, (entry) => entry.isCurated && entry.district !== null)?.entry.district ??
    null
  );
}

/** A curated Lima/Callao place with its district: what `districtNameAt` names a point by within 3 km. */
export interface DistrictAnchor {
  district: string;
  latitude: number;
  longitude: number;
}

/** Every curated place that names a district (district seats and landmarks), for filtering by district in SQL. */
export const DISTRICT_ANCHORS: readonly DistrictAnchor[] = GAZETTEER.flatMap((entry) =>
  entry.isCurated && entry.district !== null ? [{ district: entry.district, ...entry.place.coordinates }] : [],
);

/** How far from a curated place a point is still named by its district (the first rule of `districtNameAt`). */
export const DISTRICT_ANCHOR_KM = 3;
