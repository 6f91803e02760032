/**
 * A driver's live request feed (`GET /driver/trip-requests`) and their reported position, which the feed
 * and matching read.
 */
import type { DriverTripRequest } from '@jala/contracts';

import { AppError } from '../../../lib/app-error';
import { blockerError, matchingBlocker } from '../core/driver-context';
import type { DriverContextRepository } from '../core/driver-context.repository';
import type { LiveTrips } from '../core/live-trips';
import type { TripsRepository } from '../core/trips.repository';
import type { MatchingRepository } from '../marketplace/matching.repository';
import {
  asStoredPosition,
  DriverFeeds,
  FEED_MOVE_THRESHOLD_M,
  feedMoved,
  type KeptFeed,
  keptRequest,
  type Position,
} from './driver-feed';
import type { DriverPositionWriter } from './position-writer';

export interface RequestFeedDeps {
  trips: Pick<TripsRepository, 'updateDriverPosition'>;
  matching: Pick<MatchingRepository, 'nearbyRequests'>;
  drivers: Pick<DriverContextRepository, 'load'>;
  live: Pick<LiveTrips, 'touchFeed'>;
  /** The drivers' MQTT positions, written behind in batches. */
  positions: Pick<DriverPositionWriter, 'record'>;
  /** The drivers' request feeds kept in memory. */
  feeds: DriverFeeds;
  now: () => Date;
}

export class RequestFeedService {
  constructor(private readonly d: RequestFeedDeps) {}

  /**
   * Requests near the driver's position (updated from the query when given), nearest first, from the kept
   * feed (driver-feed.ts): a position within FEED_MOVE_THRESHOLD_M of the feed's is answered from memory
   * (and stored again at most every POSITION_REFRESH_MS); one farther is stored, touches the feed, reloads it.
   */
  async nearbyRequests(driverId: number, sent: Position | null): Promise<DriverTripRequest[]> {
    const position = sent && asStoredPosition(sent);
    const now = this.d.now();
    let feed = await this.d.feeds.read(driverId, now, () => this.loadFeed(driverId));
    if (feed.blocker) throw blockerError(feed.blocker, feed.balanceShortCents);
    // Stored only once the request is known to succeed: a refused request changes nothing.
    if (position && DriverFeeds.mustStore(feed, position, now)) {
      await this.d.trips.updateDriverPosition(driverId, position.latitude, position.longitude, now);
      if (feedMoved(feed, position)) {
        await this.d.live.touchFeed(driverId);
        feed = await this.d.feeds.read(driverId, now, () => this.loadFeed(driverId));
        if (feed.blocker) throw blockerError(feed.blocker, feed.balanceShortCents);
      } else {
        feed.positionAt = now.getTime();
      }
    }
    const at = position ?? feed.position;
    if (!at || !feed.hasVehicle) throw new AppError('LOCATION_NEEDED_FOR_REQUESTS');
    return DriverFeeds.visible(feed, at, now);
  }

  /**
   * Keeps the driver's live position (from their MQTT publishes on driver_location/{trip}) for the next
   * batched write. Their request feed is not touched: only the driver of a trip publishes there, their feed is
   * not shown while they drive, and ending the trip touches it (LiveTrips.touchTrip).
   */
  recordPosition(driverId: number, position: Position): void {
    this.d.positions.record({ driverId, latitude: position.latitude, longitude: position.longitude, at: this.d.now() });
  }

  /** The driver's context and the pending requests around their stored position (radius plus the move threshold). */
  private async loadFeed(driverId: number): Promise<KeptFeed> {
    const now = this.d.now();
    const driver = await this.d.drivers.load(driverId, now);
    const position =
      driver.latitude == null || driver.longitude == null
        ? null
        : { latitude: driver.latitude, longitude: driver.longitude };
    const feed: KeptFeed = {
      blocker: matchingBlocker(driver),
      balanceShortCents: driver.balanceShortCents,
      position,
      positionAt: driver.locationUpdatedAt?.getTime() ?? null,
      radiusKm: driver.radiusKm,
      hasVehicle: driver.vehicle !== null,
      requests: [],
    };
    if (feed.blocker || !position || !driver.vehicle) return feed;
    const rows = await this.d.matching.nearbyRequests(
      {
        driverId,
        ...position,
        radiusKm: driver.radiusKm + FEED_MOVE_THRESHOLD_M / 1000,
        vehicleType: driver.vehicle.vehicleType,
      },
      now,
    );
    feed.requests = rows.map(keptRequest);
    return feed;
  }
}
