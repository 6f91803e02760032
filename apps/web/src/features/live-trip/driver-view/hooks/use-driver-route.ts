import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';

import { fetchRoute, geoKeys } from '@/features/map';

import { drawablePolyline, type TripPoints } from '../model/trip-points';

/** Logged (not shown) when the driving route cannot be drawn; the page works without it (spec §8). */
export const ROUTE_FAILURE_LOG = 'No se pudo trazar la ruta';

/**
 * The driving route pickup → destination: the one stored with the trip when it is drawable, else asked
 * of the server's route service. Null while unknown or when it failed (logged as 'No se pudo trazar la ruta').
 */
export function useDriverRoute(
  points: TripPoints | null,
  storedPolyline: string | null,
  serviceTypeId: number,
): string | null {
  const stored = drawablePolyline(storedPolyline);
  const route = useQuery({
    queryKey: points ? geoKeys.route(points.pickup, points.destination, serviceTypeId) : ['geo', 'route', 'none'],
    queryFn: ({ signal }) => {
      if (!points) throw new Error('sin puntos');
      return fetchRoute(points.pickup, points.destination, serviceTypeId, signal);
    },
    enabled: points !== null && stored === null,
    staleTime: Infinity,
    retry: false,
  });

  useEffect(() => {
    if (route.error) console.warn(ROUTE_FAILURE_LOG, route.error);
  }, [route.error]);

  if (!points) return null;
  return stored ?? drawablePolyline(route.data?.polyline);
}
