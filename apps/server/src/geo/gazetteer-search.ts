import { GAZETTEER, type GazetteerEntry } from './gazetteer';
import { haversineKm } from './geo-math';
import type { LatLng, Place } from './geo-provider';
import { NEAR_RADIUS_KM } from './search-options';
import { normalizeText } from './text-normalize';

/** How well a query matches an entry; 0 is no match. Higher tiers always rank first. */
const MatchTier = {
  exact: 5,
  prefix: 4,
  wordPrefix: 3,
  wordPrefixWithContext: 2,
  contains: 1,
  none: 0,
} as const;

const hasWordStartingWith = (words: string[], prefix: string): boolean => words.some((word) => word.startsWith(prefix));

function matchTier(entry: GazetteerEntry, query: string, queryWords: string[]): number {
  let best: number = MatchTier.none;
  const contextWords = entry.context.split(' ');
  for (const key of entry.keys) {
    if (key === query) return MatchTier.exact;
    const keyWords = key.split(' ');
    if (key.startsWith(query)) best = Math.max(best, MatchTier.prefix);
    else if (queryWords.every((word) => hasWordStartingWith(keyWords, word)))
      best = Math.max(best, MatchTier.wordPrefix);
    else if (
      // 'larcomar miraflores': every word is in the name or its district/city, and the name is hit.
      queryWords.some((word) => hasWordStartingWith(keyWords, word)) &&
      queryWords.every((word) => hasWordStartingWith(keyWords, word) || hasWordStartingWith(contextWords, word))
    ) {
      best = Math.max(best, MatchTier.wordPrefixWithContext);
    } else if (query.length >= 3 && key.includes(query)) best = Math.max(best, MatchTier.contains);
  }
  return best;
}

interface Candidate {
  entry: GazetteerEntry;
  tier: number;
  distanceKm: number;
  isNear: boolean;
}

function compareCandidates(near: LatLng | undefined) {
  return (a: Candidate, b: Candidate): number =>
    Number(b.isNear) - Number(a.isNear) ||
    b.tier - a.tier ||
    (near ? a.distanceKm - b.distanceKm : 0) ||
    b.entry.importance - a.entry.importance ||
    a.entry.place.name.localeCompare(b.entry.place.name, 'es');
}

/**
 * Accent- and case-insensitive search of the gazetteer. Order: places within 50 km of `near` first,
 * then exact name > name prefix > word prefixes > substring, then nearer (or more prominent without
 * `near`). Every entry is in Peru, so results are limited to Peru by construction.
 */
export function searchGazetteer(query: string, near: LatLng | undefined, limit: number): Place[] {
  const normalized = normalizeText(query);
  if (normalized.length < 2) return [];
  const queryWords = normalized.split(' ');
  const candidates: Candidate[] = [];
  for (const entry of GAZETTEER) {
    const tier = matchTier(entry, normalized, queryWords);
    if (tier === MatchTier.none) continue;
    const distanceKm = near ? haversineKm(near, entry.place.coordinates) : 0;
    candidates.push({ entry, tier, distanceKm, isNear: near !== undefined && distanceKm <= NEAR_RADIUS_KM });
  }
  return candidates
    .sort(compareCandidates(near))
    .slice(0, limit)
    .map(({ entry }) => structuredClone(entry.place));
}
