/**
 * Average door-to-door speeds by service type (spec §9: 1 mototaxi, 2 auto), km/h, traffic included.
 * Routing engines only know cars, so a mototaxi trip takes car time scaled by the speed ratio.
 */
export const SPEED_KMH = {
  mototaxi: { urban: 18, highway: 35 },
  auto: { urban: 24, highway: 60 },
} as const;

export const DEFAULT_SERVICE_TYPE_ID = 2;
const MOTOTAXI_SERVICE_TYPE_ID = 1;

export function isMototaxi(serviceTypeId: number): boolean {
  return serviceTypeId === MOTOTAXI_SERVICE_TYPE_ID;
}

/** Car travel time from a routing engine, as the given service type would take it. */
export function adjustCarSecondsForService(carSeconds: number, serviceTypeId: number): number {
  return isMototaxi(serviceTypeId) ? (carSeconds * SPEED_KMH.auto.urban) / SPEED_KMH.mototaxi.urban : carSeconds;
}
