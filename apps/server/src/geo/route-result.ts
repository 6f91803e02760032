import { fareForRoute } from '@jala/domain';

import { formatDistance, formatDuration } from './geo-format';
import type { LatLng, RouteResult, RouteStep } from './geo-provider';
import { adjustCarSecondsForService } from './service-speed';

/** A route of `metres` taking `seconds` (already timed for the service) as the API answers it, priced (spec §9). */
export function routeResult(
  route: { metres: number; seconds: number; polyline: string; steps: RouteStep[] },
  serviceTypeId: number,
): RouteResult {
  const distance = formatDistance(route.metres);
  const duration = formatDuration(route.seconds);
  return {
    distance,
    duration,
    polyline: route.polyline,
    steps: route.steps,
    estimatedCost: fareForRoute({ distanceMetres: distance.value, durationSeconds: duration.value }, serviceTypeId),
  };
}

/** A road service's route (OSRM, Google): its car times adjusted to the service (a mototaxi is slower). */
export function roadRouteResult(
  route: { metres: number; carSeconds: number; polyline: string; steps: RouteStep[] },
  serviceTypeId: number,
): RouteResult {
  const { carSeconds, ...rest } = route;
  return routeResult({ ...rest, seconds: adjustCarSecondsForService(carSeconds, serviceTypeId) }, serviceTypeId);
}

/** One step of a road service's route, its car time adjusted to the service. */
export function roadStep(
  step: { instruction: string; metres: number; carSeconds: number; start: LatLng },
  serviceTypeId: number,
): RouteStep {
  return {
    instruction: step.instruction,
    distance: formatDistance(step.metres),
    duration: formatDuration(adjustCarSecondsForService(step.carSeconds, serviceTypeId)),
    start: step.start,
  };
}
