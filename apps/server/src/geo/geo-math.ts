import { EARTH_RADIUS_KM, haversineKm, isValidCoordinate } from '@jala/domain';

import type { LatLng } from './geo-provider';

/** Distances come from the domain package (spec §9's 6371 km sphere), so server and client agree. */
export { haversineKm };

const toRadians = (degrees: number): number => (degrees * Math.PI) / 180;
const toDegrees = (radians: number): number => (radians * 180) / Math.PI;

/** Initial compass bearing from a to b, degrees clockwise from north in [0, 360). */
export function bearingDegrees(a: LatLng, b: LatLng): number {
  const φ1 = toRadians(a.latitude);
  const φ2 = toRadians(b.latitude);
  const Δλ = toRadians(b.longitude - a.longitude);
  const y = Math.sin(Δλ) * Math.cos(φ2);
  const x = Math.cos(φ1) * Math.sin(φ2) - Math.sin(φ1) * Math.cos(φ2) * Math.cos(Δλ);
  return (toDegrees(Math.atan2(y, x)) + 360) % 360;
}

const COMPASS_ES = ['norte', 'noreste', 'este', 'sureste', 'sur', 'suroeste', 'oeste', 'noroeste'] as const;

/** Bearing as one of eight Spanish compass words, for instructions like 'Dirígete al noroeste'. */
export function compassDirectionEs(degrees: number): (typeof COMPASS_ES)[number] {
  const index = Math.round((((degrees % 360) + 360) % 360) / 45) % 8;
  return COMPASS_ES[index] ?? 'norte';
}

/**
 * Points every `stepKm` along the segment, both ends included. Linear in degrees on purpose: that is
 * a straight line on the web map's Mercator projection, which is what the user expects to see.
 */
export function densifySegment(a: LatLng, b: LatLng, stepKm: number, maxPoints = 200): LatLng[] {
  const pieces = Math.min(maxPoints - 1, Math.max(1, Math.ceil(haversineKm(a, b) / stepKm)));
  const points: LatLng[] = [];
  for (let i = 0; i <= pieces; i++) {
    const t = i / pieces;
    points.push({
      latitude: a.latitude + (b.latitude - a.latitude) * t,
      longitude: a.longitude + (b.longitude - a.longitude) * t,
    });
  }
  return points;
}

/**
 * Distance in km from p to segment [a, b] on a local equirectangular projection: exact enough at
 * the few-kilometre scale it is used for (coastline tolerance), and cheap over thousands of edges.
 */
export function distanceToSegmentKm(p: LatLng, a: LatLng, b: LatLng): number {
  const kmPerDegLat = (Math.PI * EARTH_RADIUS_KM) / 180;
  const kmPerDegLng = kmPerDegLat * Math.cos(toRadians(p.latitude));
  const ax = (a.longitude - p.longitude) * kmPerDegLng;
  const ay = (a.latitude - p.latitude) * kmPerDegLat;
  const bx = (b.longitude - p.longitude) * kmPerDegLng;
  const by = (b.latitude - p.latitude) * kmPerDegLat;
  const dx = bx - ax;
  const dy = by - ay;
  const lengthSquared = dx * dx + dy * dy;
  const t = lengthSquared === 0 ? 0 : Math.max(0, Math.min(1, -(ax * dx + ay * dy) / lengthSquared));
  return Math.hypot(ax + t * dx, ay + t * dy);
}

/** Spec §5 validity (numbers, not NaN, |lat| ≤ 90, |lng| ≤ 180), from the domain package. */
export function isValidLatLng(point: LatLng): boolean {
  return isValidCoordinate(point.latitude, point.longitude);
}
