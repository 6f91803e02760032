import type { TripHistoryItem, TripHistoryPage, TripHistoryQuery } from '@jala/contracts';
import { fromCentimos, HISTORY_STATUSES, type HistoryStatus, serviceTypeName, tripDurationMinutes } from '@jala/domain';

import type { HistoryRow, TripHistoryRepository } from './trip-history.repository';

export class TripHistoryService {
  constructor(private readonly history: TripHistoryRepository) {}

  /** The server paginates: a page past the end is an empty page, never an error. */
  async getTripHistory(passengerId: number, query: TripHistoryQuery): Promise<TripHistoryPage> {
    const statuses: readonly HistoryStatus[] = query.status ? [query.status] : HISTORY_STATUSES;
    const total = await this.history.countHistory(passengerId, statuses);
    const offset = (query.page - 1) * query.per_page;
    const rows =
      offset < total ? await this.history.findHistoryPage(passengerId, statuses, query.per_page, offset) : [];
    const driverIds = [...new Set(rows.flatMap((row) => (row.trip.driverId == null ? [] : [row.trip.driverId])))];
    const averages = await this.history.ratingAverages(driverIds);
    return {
      trips: rows.map((row) => toHistoryItem(row, averages)),
      page: query.page,
      per_page: query.per_page,
      total,
      total_pages: Math.max(1, Math.ceil(total / query.per_page)),
    };
  }
}

function toHistoryItem(
  { trip, driverFirstName, driverLastName, myScore }: HistoryRow,
  averages: Map<number, number>,
): TripHistoryItem {
  return {
    id: trip.id,
    trip_code: trip.tripCode,
    status: trip.status as HistoryStatus,
    trip_date: trip.createdAt.toISOString(),
    pickup_address: trip.pickupAddress,
    destination_address: trip.destinationAddress,
    service_type: serviceTypeName(trip.serviceTypeId) ?? 'Otro',
    service_type_id: trip.serviceTypeId,
    final_fare: trip.finalFareCents == null ? null : fromCentimos(trip.finalFareCents),
    estimated_fare: fromCentimos(trip.estimatedFareCents),
    distance_km: Number(trip.distanceKm),
    // What the ride really took (start to arrival); the route's estimate is no trip's duration, and a trip
    // that never ran has none.
    duration_minutes: trip.status === 'completed' ? tripDurationMinutes(trip.startedAt, trip.completedAt) : null,
    driver:
      trip.driverId == null || driverFirstName == null
        ? null
        : {
            id: trip.driverId,
            name: `${driverFirstName} ${driverLastName ?? ''}`.trim(),
            rating_average: averages.get(trip.driverId) ?? null,
          },
    my_rating: myScore,
  };
}
