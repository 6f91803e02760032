import type { PassengerStats } from '@jala/contracts';
import { fromCentimos } from '@jala/domain';

import { ReadCache } from '../../lib/read-cache';
import { readKeys, type ReadVersions } from '../../lib/read-versions';
import type { UsersRepository } from '../auth/users.repository';
import type { PassengerStatsRepository } from './passenger-stats.repository';
import type { SavedLocationsRepository } from './saved-locations.repository';

export class PassengerStatsService {
  constructor(
    private readonly stats: PassengerStatsRepository,
    private readonly users: UsersRepository,
    private readonly places: SavedLocationsRepository,
    versions: ReadVersions,
  ) {
    this.kept = new ReadCache({ versions });
  }

  /** Kept in memory under `stats(passenger)`: completions, cancellations, ratings and saved places bump it. */
  private readonly kept: ReadCache<PassengerStats>;

  getStats(passengerId: number): Promise<PassengerStats> {
    return this.kept.read(String(passengerId), [readKeys.stats(passengerId)], () => this.loadStats(passengerId));
  }

  private async loadStats(passengerId: number): Promise<PassengerStats> {
    const [totals, averageRating, savedLocations] = await Promise.all([
      this.stats.tripTotals(passengerId),
      this.users.ratingAverage(passengerId),
      this.places.countForUser(passengerId),
    ]);
    return {
      total_trips: totals.completedTrips,
      total_spent: fromCentimos(totals.spentCentimos),
      averageRating,
      savedLocations,
    };
  }
}
