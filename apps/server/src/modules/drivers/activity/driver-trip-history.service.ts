import type { DriverTripHistoryItem, DriverTripHistoryPage, DriverTripHistoryQuery } from '@jala/contracts';
import {
  fromCentimos,
  HISTORY_STATUSES,
  type HistoryStatus,
  isAwaitingDriverPaymentAnswer,
  limaDateKey,
  limaDayStart,
  serviceTypeName,
} from '@jala/domain';

import type {
  DriverHistoryFilter,
  DriverHistoryRow,
  DriverTripHistoryRepository,
} from './driver-trip-history.repository';

/** Well past the end of any Lima day (23 to 25 hours long), and before the end of the next one. */
const INTO_NEXT_DAY_MS = 36 * 3_600_000;

/** The instant after the Lima day `dateKey` ('YYYY-MM-DD'): the open end of a range that includes that day. */
function endOfLimaDay(dateKey: string): Date {
  return limaDayStart(limaDateKey(new Date(limaDayStart(dateKey).getTime() + INTO_NEXT_DAY_MS)));
}

/** 'Mis viajes' of a driver: their finished trips, paged by the server like the passenger's history. */
export class DriverTripHistoryService {
  constructor(private readonly history: DriverTripHistoryRepository) {}

  /** A page past the end is an empty page, never an error. */
  async getTripHistory(driverId: number, query: DriverTripHistoryQuery): Promise<DriverTripHistoryPage> {
    const filter: DriverHistoryFilter = {
      statuses: query.status ? [query.status] : HISTORY_STATUSES,
      from: query.from ? limaDayStart(query.from) : undefined,
      to: query.to ? endOfLimaDay(query.to) : undefined,
    };
    const { total, awaiting } = await this.history.counts(driverId, filter, HISTORY_STATUSES);
    const offset = (query.page - 1) * query.per_page;
    const rows = offset < total ? await this.history.findPage(driverId, filter, query.per_page, offset) : [];
    return {
      trips: rows.map(toHistoryItem),
      page: query.page,
      per_page: query.per_page,
      total,
      total_pages: Math.max(1, Math.ceil(total / query.per_page)),
      awaiting_payment_answers: awaiting,
    };
  }
}

function toHistoryItem(row: DriverHistoryRow): DriverTripHistoryItem {
  const status: HistoryStatus = row.status;
  const completed = status === 'completed';
  return {
    id: row.id,
    trip_code: row.tripCode,
    status,
    trip_date: row.endedAt.toISOString(),
    pickup_address: row.pickupAddress,
    destination_address: row.destinationAddress,
    service_type: serviceTypeName(row.serviceTypeId) ?? 'Otro',
    service_type_id: row.serviceTypeId,
    agreed_fare: row.agreedFareCents == null ? null : fromCentimos(row.agreedFareCents),
    final_fare: completed && row.finalFareCents != null ? fromCentimos(row.finalFareCents) : null,
    estimated_fare: fromCentimos(row.estimatedFareCents),
    distance_km: Number(row.distanceKm),
    duration_minutes: row.durationMinutes,
    payment_method: row.paymentMethod,
    payment_status: completed ? row.paymentStatus : null,
    awaiting_payment_answer: isAwaitingDriverPaymentAnswer(status, row.paymentMethod, row.paymentStatus),
    passenger_first_name: row.passengerFirstName ?? '',
    my_rating: row.myScore,
    rating_received: row.receivedScore,
  };
}
