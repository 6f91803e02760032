import { isDriverBusyStatus } from '@jala/domain';

import type { TripAccessRepository } from './trip-access.repository';

/**
 * Who may see what of a trip. Used by HTTP routes and by the MQTT ACL alike, so both channels apply
 * exactly the same ownership rules (GUIDE §4).
 *
 * A trip's counterparts are its drivers of the moment: while the passenger has not chosen, each driver whose
 * offer is still live (trip_offers.status 'pending'); once they chose, only the assigned driver. A driver
 * who withdrew (offer 'withdrawn': 'Rechazar' or going offline) or was not chosen (offer 'rejected') is a
 * former counterpart and reaches nothing of the trip any more: not its status, chat or chat history.
 */
export class TripAccess {
  constructor(private readonly repository: Pick<TripAccessRepository, keyof TripAccessRepository>) {}

  isPassengerOf(userId: number, tripId: number): Promise<boolean> {
    return this.repository.isPassengerOf(userId, tripId);
  }

  /** Whether the driver is a counterpart of the trip now (see the class comment). */
  async isDriverOf(driverId: number, tripId: number): Promise<boolean> {
    const row = await this.repository.driverStanding(driverId, tripId);
    if (!row) return false;
    if (row.assigned !== null) return row.assigned === driverId;
    return row.offer === 'pending';
  }

  async isAssignedDriver(driverId: number, tripId: number, activeOnly = true): Promise<boolean> {
    const status = await this.repository.statusAssignedTo(driverId, tripId);
    if (status === undefined) return false;
    return !activeOnly || isDriverBusyStatus(status);
  }

  /**
   * The conversation chat/{trip}/{driver}: that trip's passenger and that driver, while the driver is a
   * counterpart; a former counterpart's conversation is closed to both sides.
   */
  async canUseChat(userId: number, tripId: number, driverId: number): Promise<'passenger' | 'driver' | null> {
    if (!(await this.isDriverOf(driverId, tripId))) return null;
    if (userId === driverId) return 'driver';
    if (await this.isPassengerOf(userId, tripId)) return 'passenger';
    return null;
  }

  /** trip_status/{trip}: the passenger and the trip's counterparts. */
  async canFollowStatus(userId: number, tripId: number): Promise<boolean> {
    return (await this.isPassengerOf(userId, tripId)) || this.isDriverOf(userId, tripId);
  }
}
