/**
 * Safety on every trip: the driver's photo for the car card, trusted contacts, the live share
 * link with its public read-only view, and SOS alerts for the operators' queue.
 */
import { createHash, randomBytes } from 'node:crypto';

import type { Photo, SharedTrip, ShareLink, SosAlert, TrustedContacts } from '@jala/contracts';
import { PHOTO_UPLOAD_MAX_BYTES } from '@jala/contracts';
import {
  etaMinutes,
  haversineKm,
  isDriverBusyStatus,
  isDriverType,
  isPassengerType,
  POLICE_PHONE,
  SHARE_LINK_TTL_HOURS,
  SHARED_TRIP_PATH_PREFIX,
  TRUSTED_CONTACTS_MAX,
} from '@jala/domain';

import { AppError } from '../../lib/app-error';
import { normalizeUploadedImage } from '../../lib/images';
import type { AuthenticatedUser } from '../../lib/session-user';
import type { PushNotifications } from '../notifications/push-notifications';
import type { TripRow, TripsRepository } from '../trips';
import type { Contact, SafetyRepository } from './safety.repository';

/** Longest edge of a stored driver photo: sharp on a phone's card, small in the database. */
const PHOTO_MAX_EDGE = 512;
/** 24 random bytes = 192 bits, as 32 URL-safe characters. */
const SHARE_TOKEN_BYTES = 24;
/** A new SOS within this long of the last one on the same trip returns that one, even once resolved. */
const SOS_REPEAT_MINUTES = 3;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export interface SafetyDeps {
  safety: SafetyRepository;
  trips: TripsRepository;
  now: () => Date;
  /** Operators are told of an SOS by push. */
  notifications: Pick<PushNotifications, 'sos'>;
}

export class SafetyService {
  constructor(private readonly d: SafetyDeps) {}

  // --- the driver's photo ---

  async uploadPhoto(driverId: number, base64: string): Promise<Photo> {
    const image = await normalizeUploadedImage(Buffer.from(base64, 'base64'), {
      maxEdge: PHOTO_MAX_EDGE,
      maxBytes: PHOTO_UPLOAD_MAX_BYTES,
    });
    await this.d.safety.savePhoto(driverId, image.contentType, image.bytes, this.d.now());
    return { content_type: image.contentType, image_base64: image.bytes.toString('base64') };
  }

  /** The driver's own photo, or null: no photo yet is an ordinary state of the profile, not an error. */
  async ownPhoto(driverId: number): Promise<Photo | null> {
    const row = await this.d.safety.findPhoto(driverId);
    return row ? { content_type: row.contentType, image_base64: row.bytes.toString('base64') } : null;
  }

  async deletePhoto(driverId: number): Promise<void> {
    await this.d.safety.deletePhoto(driverId);
  }

  /** The assigned driver's photo, for the passenger of that trip while it is going on. */
  async tripDriverPhoto(passengerId: number, tripId: number): Promise<Photo> {
    const trip = await this.d.trips.findById(tripId);
    if (!trip || trip.passengerId !== passengerId || trip.driverId == null || !isDriverBusyStatus(trip.status))
      throw new AppError('TRIP_NOT_FOUND');
    return this.photoOf(trip.driverId);
  }

  private async photoOf(userId: number): Promise<Photo> {
    const row = await this.d.safety.findPhoto(userId);
    if (!row) throw new AppError('PHOTO_NOT_FOUND');
    return { content_type: row.contentType, image_base64: row.bytes.toString('base64') };
  }

  // --- trusted contacts ---

  /** The emergency contact first (a driver's own profile one, else the account's), then the others. */
  async contacts(userId: number): Promise<TrustedContacts> {
    const { user, profile } = await this.d.safety.emergencyContacts(userId);
    const candidates = user?.userType === 'driver' ? [profile, user] : [user, profile];
    const first = candidates.find((c) => c?.name && c.phone);
    const list: Contact[] = first?.name && first.phone ? [{ name: first.name, phone: first.phone }] : [];
    return [...list, ...(await this.d.safety.extraContacts(userId))].slice(0, TRUSTED_CONTACTS_MAX);
  }

  async replaceContacts(userId: number, contacts: readonly Contact[]): Promise<TrustedContacts> {
    await this.d.safety.replaceContacts(userId, contacts);
    return this.contacts(userId);
  }

  // --- the live share link ---

  /** A new read-only link to the caller's trip with a driver assigned (passenger or driver side). */
  async createShareLink(user: AuthenticatedUser): Promise<ShareLink> {
    const { trip } = await this.assignedTripOf(user);
    return this.shareLinkFor(trip, user.id);
  }

  /** What the public page shows; 404 for an unknown or expired token, or once the trip has ended. */
  async sharedTrip(token: string): Promise<SharedTrip> {
    const link = await this.d.safety.findLiveShareLink(hashToken(token), this.d.now());
    const trip = link && (await this.d.trips.findById(link.tripId));
    if (!trip || trip.driverId == null || !isDriverBusyStatus(trip.status)) throw new AppError('SHARE_LINK_NOT_FOUND');
    const [driver, vehicle, stored] = await Promise.all([
      this.d.trips.findParty(trip.driverId),
      trip.vehicleId ? this.d.trips.findVehicle(trip.vehicleId) : Promise.resolve(undefined),
      this.d.safety.driverPosition(trip.driverId),
    ]);
    const position =
      stored?.latitude != null && stored.longitude != null
        ? {
            latitude: Number(stored.latitude),
            longitude: Number(stored.longitude),
            updated_at: stored.updatedAt?.toISOString() ?? null,
          }
        : null;
    const pickup = {
      latitude: Number(trip.pickupLatitude),
      longitude: Number(trip.pickupLongitude),
      address: trip.pickupAddress,
    };
    const destination = {
      latitude: Number(trip.destinationLatitude),
      longitude: Number(trip.destinationLongitude),
      address: trip.destinationAddress,
    };
    // Before boarding the car heads for the pickup; on board, for the destination.
    const heading = trip.status === 'in_progress' ? destination : pickup;
    return {
      status: trip.status,
      driver_first_name: driver?.firstName ?? '',
      vehicle: vehicle
        ? { brand: vehicle.brand, model: vehicle.model, color: vehicle.color, license_plate: vehicle.licensePlate }
        : null,
      pickup,
      destination,
      route_polyline: trip.routePolyline,
      position,
      eta_minutes: position ? etaMinutes(haversineKm(position, heading)) : null,
    };
  }

  // --- SOS ---

  /**
   * Records an alert with where and when (the position sent, else the driver's last reported one) and
   * returns a fresh share link for the emergency contact; operators read the alert in their queue. A repeat
   * while the person's alert is open, or within SOS_REPEAT_MINUTES of the last one, returns that alert and
   * pages nobody again: a panicked person taps many times, and operators need one alert, not a flood.
   */
  async sos(
    user: AuthenticatedUser,
    sent: { latitude: number; longitude: number } | null,
  ): Promise<{ alert: SosAlert; created: boolean }> {
    const { trip, role } = await this.assignedTripOf(user);
    const fallback = !sent && trip.driverId != null ? await this.d.safety.driverPosition(trip.driverId) : undefined;
    const now = this.d.now();
    const { alert, created } = await this.d.safety.raiseAlert(
      {
        tripId: trip.id,
        userId: user.id,
        role,
        latitude: sent ? sent.latitude.toFixed(6) : (fallback?.latitude ?? null),
        longitude: sent ? sent.longitude.toFixed(6) : (fallback?.longitude ?? null),
        createdAt: now,
      },
      new Date(now.getTime() - SOS_REPEAT_MINUTES * 60_000),
    );
    if (created) this.d.notifications.sos({ id: alert.id, role, latitude: alert.latitude, longitude: alert.longitude });
    const share = await this.shareLinkFor(trip, user.id);
    return {
      alert: { id: alert.id, created_at: alert.createdAt.toISOString(), police_phone: POLICE_PHONE, share },
      created,
    };
  }

  private async shareLinkFor(trip: TripRow, userId: number): Promise<ShareLink> {
    const token = randomBytes(SHARE_TOKEN_BYTES).toString('base64url');
    const now = this.d.now();
    const link = await this.d.safety.insertShareLink({
      tokenHash: hashToken(token),
      tripId: trip.id,
      createdBy: userId,
      createdAt: now,
      expiresAt: new Date(now.getTime() + SHARE_LINK_TTL_HOURS * 3_600_000),
    });
    const [contact] = await this.contacts(userId);
    return {
      path: `${SHARED_TRIP_PATH_PREFIX}/${token}`,
      expires_at: link.expiresAt.toISOString(),
      contact_name: contact?.name ?? null,
      contact_phone: contact?.phone ?? null,
    };
  }

  /** The caller's trip with a driver assigned, as its passenger or its driver (a 'both' account: either). */
  private async assignedTripOf(user: AuthenticatedUser): Promise<{ trip: TripRow; role: 'passenger' | 'driver' }> {
    if (isPassengerType(user.userType)) {
      const trip = await this.d.trips.findActiveForPassenger(user.id);
      if (trip && trip.driverId != null && isDriverBusyStatus(trip.status)) return { trip, role: 'passenger' };
    }
    if (isDriverType(user.userType)) {
      const trip = await this.d.trips.findCurrentForDriver(user.id);
      if (trip) return { trip, role: 'driver' };
    }
    throw new AppError('NO_ACTIVE_TRIP');
  }
}
