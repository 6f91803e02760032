/**
 * A driver's request feed (`GET /driver/trip-requests`) kept in memory (docs/ARCHITECTURE.md 'Read models').
 * One entry per driver and Lima day (document expiry is by day) holds what the three queries read: why the
 * driver cannot take requests (or nothing), their stored position, radius and vehicle, and the pending
 * requests within their radius plus FEED_MOVE_THRESHOLD_M around that position. It is kept under the stamps
 * of `driverFeed(driver)` (profile, vehicle, verification, status, position moved, own offers and rejections)
 * and `pendingRequests` (any request created, repriced, taken, closed or expired).
 *
 * Each read is answered from the entry for the position the driver sends, as long as it is within the
 * threshold of the entry's: distances are computed again (the same sphere as PostgreSQL's earth_distance),
 * the radius applied again (the margin makes that exact), and requests past their expiry are dropped by the
 * current time, so a kept list never shows an expired request even before the sweep closes it.
 */
import type { DriverTripRequest } from '@jala/contracts';
import { limaDateKey } from '@jala/domain';

import type { ErrorCode } from '../../../lib/app-error';
import { ReadCache } from '../../../lib/read-cache';
import { readKeys, type ReadVersions } from '../../../lib/read-versions';
import type { NearbyRequestRow } from '../marketplace/matching.repository';
import { distanceToPickupKm, nearbyRowToDto } from './driver-request-dto';

/** A driver who moved less than this from the position their feed was loaded around keeps it. */
export const FEED_MOVE_THRESHOLD_M = 50;
/**
 * A position within the threshold is written again only this often: enough to keep location_updated_at
 * fresh for pushes (matching trusts positions up to 15 minutes old), without a write per poll.
 */
export const POSITION_REFRESH_MS = 60_000;

export interface Position {
  latitude: number;
  longitude: number;
}

/**
 * A position as the database keeps it (6 decimals): matching then computes with the stored value, and a
 * subnormal like 4e-323, which PostgreSQL's float8 refuses, becomes 0.
 */
export const asStoredPosition = (p: Position): Position => ({
  latitude: Number(p.latitude.toFixed(6)),
  longitude: Number(p.longitude.toFixed(6)),
});

/** A pending request as kept: its answer built once at load, all but the distance from the reader. */
export interface KeptRequest {
  dto: DriverTripRequest;
  pickup: Position;
  expiresAtMs: number;
}

export interface KeptFeed {
  blocker: ErrorCode | null;
  /** With the BALANCE_TOO_LOW blocker: the céntimos missing, told in its message. */
  balanceShortCents: number;
  /** The stored position the requests were loaded around, and when it was stored (ms). */
  position: Position | null;
  positionAt: number | null;
  radiusKm: number;
  hasVehicle: boolean;
  requests: KeptRequest[];
  /**
   * The last answer `visible` gave, for the position it was computed at, until the first request in it
   * expires: a driver polling from the same spot gets the same array back (so its body and ETag are reused,
   * plugins/conditional-get.ts) instead of the distances, filter and sort again. Never changed in place.
   */
  lastVisible?: { at: Position; untilMs: number; answer: DriverTripRequest[] };
}

/** Keeps a matching row: the per-read work is then a distance, a filter and a sort. */
export function keptRequest(row: NearbyRequestRow): KeptRequest {
  const dto = nearbyRowToDto(row);
  return {
    dto,
    pickup: { latitude: dto.pickup_latitude, longitude: dto.pickup_longitude },
    expiresAtMs: new Date(row.expires_at).getTime(),
  };
}

/** PostgreSQL's earth() radius in metres: distances agree with the matching query's earth_distance. */
const EARTH_RADIUS_M = 6_378_168;

function toCube(p: Position): [number, number, number] {
  const lat = p.latitude * (Math.PI / 180);
  const lon = p.longitude * (Math.PI / 180);
  return [
    EARTH_RADIUS_M * Math.cos(lat) * Math.cos(lon),
    EARTH_RADIUS_M * Math.cos(lat) * Math.sin(lon),
    EARTH_RADIUS_M * Math.sin(lat),
  ];
}

/** Great-circle metres as earth_distance(ll_to_earth(a), ll_to_earth(b)) computes them. */
export function earthDistanceM(a: Position, b: Position): number {
  const [ax, ay, az] = toCube(a);
  const [bx, by, bz] = toCube(b);
  const chord = Math.hypot(ax - bx, ay - by, az - bz);
  const half = chord / (2 * EARTH_RADIUS_M);
  return half > 1 ? Math.PI * EARTH_RADIUS_M : 2 * EARTH_RADIUS_M * Math.asin(half);
}

export class DriverFeeds {
  private readonly feeds: ReadCache<KeptFeed>;

  constructor(versions: ReadVersions) {
    this.feeds = new ReadCache({ versions });
  }

  /** The driver's kept feed for `now`'s Lima day, loaded by `load` when a write made it stale. */
  read(driverId: number, now: Date, load: () => Promise<KeptFeed>): Promise<KeptFeed> {
    return this.feeds.read(
      `${driverId}:${limaDateKey(now)}`,
      [readKeys.driverFeed(driverId), readKeys.pendingRequests()],
      load,
    );
  }

  /** Whether a sent position must be stored: moved past the threshold, or the stored one is getting old. */
  static mustStore(feed: KeptFeed, sent: Position, now: Date): boolean {
    if (!feed.position || feed.positionAt === null) return true;
    return feedMoved(feed, sent) || now.getTime() - feed.positionAt >= POSITION_REFRESH_MS;
  }

  /** The requests the driver at `at` sees at `now`: unexpired, inside their radius, nearest first. */
  static visible(feed: KeptFeed, at: Position, now: Date): DriverTripRequest[] {
    const nowMs = now.getTime();
    const last = feed.lastVisible;
    // Same position, and nothing shown has expired: the distance filter does not depend on the time, and a
    // request already left out for its expiry stays out, so the answer is the same.
    if (last && nowMs < last.untilMs && last.at.latitude === at.latitude && last.at.longitude === at.longitude)
      return last.answer;
    const radiusM = feed.radiusKm * 1000;
    const shown = feed.requests
      .filter((kept) => kept.expiresAtMs > nowMs)
      .map((kept) => ({ kept, distanceM: earthDistanceM(at, kept.pickup) }))
      .filter(({ distanceM }) => distanceM <= radiusM)
      .sort((a, b) => a.distanceM - b.distanceM || a.kept.dto.id - b.kept.dto.id);
    const answer = shown.map(({ kept, distanceM }) => ({
      ...kept.dto,
      distance_to_pickup_km: distanceToPickupKm(distanceM),
    }));
    const untilMs = shown.reduce((first, { kept }) => Math.min(first, kept.expiresAtMs), Number.POSITIVE_INFINITY);
    feed.lastVisible = { at: { latitude: at.latitude, longitude: at.longitude }, untilMs, answer };
    return answer;
  }
}

/** The driver is farther than the threshold from the position their feed was loaded around. */
export function feedMoved(feed: KeptFeed, sent: Position): boolean {
  return !feed.position || earthDistanceM(feed.position, sent) > FEED_MOVE_THRESHOLD_M;
}
