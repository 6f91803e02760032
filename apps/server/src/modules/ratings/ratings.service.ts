import type { TripRating, TripRatingStatus } from '@jala/contracts';

import { AppError } from '../../lib/app-error';
import { isUniqueViolation } from '../../lib/db-errors';
import type { AccountChanges } from '../../realtime/cluster-bus';
import type { TripRow, TripsRepository } from '../trips';
import type { RatingRow, RatingsRepository } from './ratings.repository';

/** What rating needs to know of a trip. */
type RatableTrip = Pick<TripRow, 'id' | 'status' | 'passengerId' | 'driverId'>;

type RaterRole = 'passenger' | 'driver';

/** Which side of the trip the user is on, or null for a stranger (who must not learn the trip exists). */
function roleIn(trip: RatableTrip, userId: number): RaterRole | null {
  if (trip.passengerId === userId) return 'passenger';
  if (trip.driverId === userId) return 'driver';
  return null;
}

function toTripRating(row: RatingRow): TripRating {
  return {
    trip_id: row.tripId,
    score: row.score,
    comment: row.comment,
    rater_role: row.raterRole,
    ratee_id: row.rateeId,
    created_at: row.createdAt.toISOString(),
  };
}

/**
 * Ratings after a completed trip: the passenger rates the driver and the driver rates the passenger, once
 * each. The averages feed the user's rating_average, the passenger dashboard and the driver shown on offers.
 */
export class RatingsService {
  constructor(
    private readonly ratings: RatingsRepository,
    private readonly trips: TripsRepository,
    private readonly changes: AccountChanges,
    /** The ratee's average changed: the read models that show it reload (LiveTrips.touchUser). */
    private readonly rated: (rateeId: number) => Promise<void> = async () => undefined,
  ) {}

  private async loadTripFor(userId: number, tripId: number): Promise<{ trip: RatableTrip; role: RaterRole }> {
    const trip = await this.trips.findById(tripId);
    const role = trip ? roleIn(trip, userId) : null;
    if (!trip || !role) throw new AppError('TRIP_NOT_FOUND');
    return { trip, role };
  }

  private static rateeOf(trip: RatableTrip, role: RaterRole): number | null {
    return role === 'passenger' ? trip.driverId : trip.passengerId;
  }

  async rateTrip(
    userId: number,
    tripId: number,
    input: { score: number; comment: string | null },
  ): Promise<TripRating> {
    const { trip, role } = await this.loadTripFor(userId, tripId);
    const rateeId = RatingsService.rateeOf(trip, role);
    if (trip.status !== 'completed' || rateeId == null) throw new AppError('RATING_NEEDS_COMPLETED_TRIP');
    if (await this.ratings.findRating(tripId, userId)) throw new AppError('RATING_ALREADY_GIVEN');
    let row: RatingRow;
    try {
      // The ratee's stored count, sum and average move in the same transaction (a trigger on ratings).
      row = await this.ratings.insert({
        tripId,
        raterId: userId,
        rateeId,
        raterRole: role,
        score: input.score,
        comment: input.comment,
      });
    } catch (error) {
      // Two submissions racing: the unique index (trip, rater) lets exactly one through.
      if (isUniqueViolation(error)) throw new AppError('RATING_ALREADY_GIVEN');
      throw error;
    }
    // The ratee's rating_average is in their /auth/profile (every node's session cache) and in the live
    // trips and offers others read (read models).
    await this.changes.userChanged(rateeId);
    await this.rated(rateeId);
    return toTripRating(row);
  }

  async getRatingStatus(userId: number, tripId: number): Promise<TripRatingStatus> {
    const { trip, role } = await this.loadTripFor(userId, tripId);
    const rateeId = RatingsService.rateeOf(trip, role);
    const [mine, rateeName] = await Promise.all([
      this.ratings.findRating(tripId, userId),
      rateeId == null ? null : this.ratings.findUserName(rateeId),
    ]);
    return {
      trip_id: trip.id,
      rater_role: role,
      ratee_name: rateeName,
      can_rate: trip.status === 'completed' && rateeId != null && !mine,
      my_rating: mine ? toTripRating(mine) : null,
    };
  }
}
