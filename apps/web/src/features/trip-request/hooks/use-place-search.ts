import { useQuery } from '@tanstack/react-query';

import { geoKeys, type MapPoint, PLACE_SEARCH_MIN_CHARS, searchPlaces } from '@/features/map';

import { useDebouncedValue } from './use-debounced-value';

export const PLACE_SEARCH_DEBOUNCE_MS = 300;

/**
 * Places in Peru matching what the passenger types (debounced; at least 2 letters), biased around
 * `near` when known. `enabled` is false while the text is the chosen place's own address.
 */
export function usePlaceSearch(text: string, near: MapPoint | null, enabled: boolean) {
  const query = useDebouncedValue(text.trim(), PLACE_SEARCH_DEBOUNCE_MS);
  const active = enabled && query.length >= PLACE_SEARCH_MIN_CHARS && query === text.trim();
  const result = useQuery({
    queryKey: geoKeys.search(query, near),
    queryFn: ({ signal }) => searchPlaces(query, near, signal),
    enabled: active,
    staleTime: 5 * 60_000,
    retry: false,
  });
  const waiting =
    enabled && text.trim().length >= PLACE_SEARCH_MIN_CHARS && (text.trim() !== query || result.isFetching);
  return {
    places: active ? (result.data ?? null) : null,
    isSearching: waiting,
    error: active && result.isError ? result.error : null,
  };
}
