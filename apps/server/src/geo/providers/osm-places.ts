import type { Place } from '../geo-provider';
import type { NominatimPlace, PhotonFeature } from './osm-responses';

/**
 * Nominatim and Photon answers as Jala Places. OpenStreetMap tags (category/key and type/value) become
 * the Google-style place types the rest of Jala already understands, so the client does not care
 * which provider answered.
 */
const TYPES_BY_TAG: Record<string, string[]> = {
  'aeroway=aerodrome': ['airport'],
  'aeroway=terminal': ['airport'],
  'amenity=hospital': ['hospital', 'health'],
  'amenity=clinic': ['hospital', 'health'],
  'amenity=university': ['university'],
  'amenity=college': ['university'],
  'amenity=school': ['school'],
  'amenity=bus_station': ['bus_station', 'transit_station'],
  'amenity=marketplace': ['market'],
  'shop=mall': ['shopping_mall'],
  'shop=supermarket': ['supermarket'],
  'leisure=park': ['park'],
  'leisure=stadium': ['stadium'],
  'tourism=museum': ['museum'],
  'tourism=hotel': ['lodging'],
  'public_transport=station': ['transit_station'],
  'railway=station': ['transit_station'],
};

const LOCALITY_PLACES = new Set(['city', 'town', 'village', 'hamlet', 'municipality']);
const SUBLOCALITY_PLACES = new Set(['suburb', 'quarter', 'neighbourhood', 'city_block', 'borough']);
const ESTABLISHMENT_KEYS = new Set(['amenity', 'shop', 'leisure', 'tourism', 'aeroway', 'office', 'craft', 'historic']);

export function osmPlaceTypes(key: string, value: string): string[] {
  if (key === 'place' && LOCALITY_PLACES.has(value)) return ['locality', 'political'];
  if (key === 'place' && SUBLOCALITY_PLACES.has(value)) return ['sublocality', 'political'];
  if (key === 'boundary' && value === 'administrative') return ['political'];
  if (key === 'highway') return ['route'];
  if (key === 'place' && value === 'house') return ['street_address'];
  const specific = TYPES_BY_TAG[`${key}=${value}`] ?? (key === 'tourism' ? ['tourist_attraction'] : []);
  return ESTABLISHMENT_KEYS.has(key) ? [...specific, 'point_of_interest', 'establishment'] : [...specific, 'geocode'];
}

/** 'way' + 123 → 'osm:W123': OSM ids are stable across Nominatim instances, place_id is not. */
function osmPlaceId(osmType: string | undefined, osmId: number | undefined, fallback: number): string {
  return osmType && osmId !== undefined ? `osm:${osmType.charAt(0).toUpperCase()}${osmId}` : `nominatim:${fallback}`;
}

export function nominatimToPlace(item: NominatimPlace): Place {
  return {
    placeId: osmPlaceId(item.osm_type, item.osm_id, item.place_id),
    name: item.name || (item.display_name.split(',')[0] ?? '').trim(),
    formattedAddress: item.display_name,
    coordinates: { latitude: Number(item.lat), longitude: Number(item.lon) },
    types: osmPlaceTypes(item.category, item.type),
  };
}

/** 'Avenida José Larco 345, Miraflores, Lima' rather than Nominatim's eight-part display name. */
export function shortAddress(item: NominatimPlace): string {
  const a = item.address ?? {};
  const street = [a.road ?? a.pedestrian ?? a.footway, a.house_number].filter(Boolean).join(' ');
  const area = a.suburb ?? a.city_district ?? a.neighbourhood ?? a.quarter;
  const locality = a.city ?? a.town ?? a.village ?? a.county;
  const parts = [item.name || undefined, street || undefined, area, locality].filter((part): part is string =>
    Boolean(part),
  );
  const unique = [...new Set(parts)];
  return unique.length > 0 ? unique.join(', ') : item.display_name;
}

export function photonToPlace(feature: PhotonFeature): Place {
  const p = feature.properties;
  const [longitude, latitude] = feature.geometry.coordinates;
  const street = [p.street, p.housenumber].filter(Boolean).join(' ');
  const parts = [p.name, street || undefined, p.district, p.city, p.state, p.country].filter((part): part is string =>
    Boolean(part),
  );
  return {
    placeId: osmPlaceId(p.osm_type, p.osm_id, 0),
    name: p.name ?? (street || (p.city ?? '')),
    formattedAddress: [...new Set(parts)].join(', '),
    coordinates: { latitude, longitude },
    types: osmPlaceTypes(p.osm_key, p.osm_value),
  };
}
