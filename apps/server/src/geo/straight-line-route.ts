import { encodePolyline } from '@jala/domain';

import { formatDistance, formatDuration } from './geo-format';
import { bearingDegrees, compassDirectionEs, densifySegment, haversineKm } from './geo-math';
import type { LatLng, RouteResult, RouteStep } from './geo-provider';
import { routeResult } from './route-result';
import { DEFAULT_SERVICE_TYPE_ID, isMototaxi, SPEED_KMH } from './service-speed';

/**
 * Route estimate without a road network: the straight line between the stops, lengthened by a
 * detour factor and timed at an average speed. Good enough to price a trip and draw a line; the
 * osm/google providers give real roads.
 */

/** Road length ÷ straight distance; ~1.3 is typical of Lima's street grid (and of the coast road). */
export const ROAD_FACTOR = 1.3;
/** Road km counted at city speed before the rest of a long trip runs at highway speed. */
const URBAN_STRETCH_KM = 30;
/** One polyline vertex every 250 m: smooth enough to draw, small enough to send. */
const POLYLINE_STEP_KM = 0.25;

export function estimateDrivingSeconds(roadKm: number, serviceTypeId: number): number {
  const speed = isMototaxi(serviceTypeId) ? SPEED_KMH.mototaxi : SPEED_KMH.auto;
  const urbanKm = Math.min(roadKm, URBAN_STRETCH_KM);
  const highwayKm = roadKm - urbanKm;
  return (urbanKm / speed.urban + highwayKm / speed.highway) * 3600;
}

export function buildStraightLineRoute(
  stops: readonly LatLng[],
  serviceTypeId: number = DEFAULT_SERVICE_TYPE_ID,
): RouteResult {
  const path: LatLng[] = [];
  const steps: RouteStep[] = [];
  let totalMetres = 0;
  let totalSeconds = 0;
  for (let i = 1; i < stops.length; i++) {
    const from = stops[i - 1] as LatLng;
    const to = stops[i] as LatLng;
    const roadKm = haversineKm(from, to) * ROAD_FACTOR;
    const seconds = estimateDrivingSeconds(roadKm, serviceTypeId);
    const direction = compassDirectionEs(bearingDegrees(from, to));
    const target = i === stops.length - 1 ? 'tu destino' : `la parada ${i}`;
    steps.push({
      instruction: `Dirígete al ${direction} hacia ${target}`,
      distance: formatDistance(roadKm * 1000),
      duration: formatDuration(seconds),
      start: from,
    });
    const legPoints = densifySegment(from, to, POLYLINE_STEP_KM);
    path.push(...(i === 1 ? legPoints : legPoints.slice(1)));
    totalMetres += roadKm * 1000;
    totalSeconds += seconds;
  }
  const destination = stops[stops.length - 1] as LatLng;
  steps.push({
    instruction: 'Llegaste a tu destino',
    distance: formatDistance(0),
    duration: formatDuration(0),
    start: destination,
  });

  const polyline = encodePolyline(path.map((point) => [point.latitude, point.longitude]));
  return routeResult({ metres: totalMetres, seconds: totalSeconds, polyline, steps }, serviceTypeId);
}
