import { type AccountExport, NOTIFICATION_KIND_NAMES } from '@jala/contracts';
import type { TripRow } from '@jala/db';
import { deviceLabel, fromCentimos, ratingAverage } from '@jala/domain';

import { AppError } from '../../../lib/app-error';
import type { AccountExportRepository } from './account-export.repository';

type Exported = AccountExport;
type ChatRow = Awaited<ReturnType<AccountExportRepository['chatMessages']>>[number];

const iso = (date: Date): string => date.toISOString();
const isoOrNull = (date: Date | null): string | null => date?.toISOString() ?? null;
const soles = (cents: number | null): number | null => (cents === null ? null : fromCentimos(cents));
const contact = (name: string | null, phone: string | null) => (name && phone ? { name, phone } : null);

/** The host of a push service address ('fcm.googleapis.com'): which service, not the secret path. */
function pushService(endpoint: string): string {
  try {
    return new URL(endpoint).host;
  } catch {
    return 'desconocido';
  }
}

/**
 * 'Descargar mis datos' (Ley 29733, the right of access): everything kept about the account, read from its own
 * rows. Other people appear as the app shows them, by first name (a trip's other party, a chat's other side);
 * their e-mail, phone and ids never. Costly (a read per table, every trip and chat): budgeted per user.
 */
export class AccountExportService {
  constructor(
    private readonly rows: AccountExportRepository,
    private readonly now: () => Date,
  ) {}

  async export(userId: number): Promise<Exported> {
    const user = await this.rows.user(userId);
    if (!user || user.deletedAt) throw new AppError('UNAUTHORIZED');
    const trips = await this.rows.trips(userId);
    const [driver, tripViews, ratings, savedPlaces, contacts, sessions, consents, devices, choices, alerts, cancels] =
      await Promise.all([
        this.driver(userId),
        this.trips(userId, trips),
        this.rows.ratings(userId),
        this.rows.savedPlaces(userId),
        this.rows.trustedContacts(userId),
        this.rows.sessions(userId),
        this.rows.consents(userId),
        this.rows.pushDevices(userId),
        this.rows.notificationChoices(userId),
        this.rows.sosAlerts(userId),
        this.rows.bookingCancellations(userId),
      ]);
    const exportRating = (rating: (typeof ratings)[number]) => ({
      trip_id: rating.tripId,
      rater_role: rating.raterRole,
      score: rating.score,
      comment: rating.comment,
      created_at: iso(rating.createdAt),
    });
    const emergency = contact(user.emergencyContactName, user.emergencyContactPhone);
    const disabled = new Set(choices.filter((choice) => !choice.enabled).map((choice) => choice.kind));
    return {
      format: 'jala-account-export',
      format_version: 1,
      generated_at: iso(this.now()),
      profile: {
        id: user.id,
        first_name: user.firstName,
        last_name: user.lastName,
        email: user.email,
        phone: user.phone,
        avatar_url: user.avatarUrl,
        user_type: user.userType,
        is_operator: user.isAdmin,
        emergency_contact: emergency,
        rating_count: user.ratingCount,
        rating_average: ratingAverage(user.ratingAverage),
        created_at: iso(user.createdAt),
        updated_at: iso(user.updatedAt),
        suspended_at: isoOrNull(user.suspendedAt),
        suspension_reason: user.suspensionReason,
      },
      driver,
      trips: tripViews,
      ratings_given: ratings.filter((rating) => rating.raterId === userId).map(exportRating),
      ratings_received: ratings.filter((rating) => rating.rateeId === userId).map(exportRating),
      saved_places: savedPlaces.map((place) => ({
        name: place.name,
        address: place.address,
        latitude: Number(place.latitude),
        longitude: Number(place.longitude),
        created_at: iso(place.createdAt),
      })),
      trusted_contacts: [...(emergency ? [emergency] : []), ...contacts.map((c) => ({ name: c.name, phone: c.phone }))],
      sessions: sessions.map((session) => ({
        device: deviceLabel(session.userAgent),
        user_agent: session.userAgent,
        created_at: iso(session.createdAt),
        last_seen_at: iso(session.lastSeenAt),
        expires_at: iso(session.expiresAt),
        ended_at: isoOrNull(session.revokedAt),
      })),
      consents: consents.map((c) => ({
        document: c.document,
        version: c.version,
        source: c.source,
        accepted_at: iso(c.acceptedAt),
      })),
      push_devices: devices.map((device) => ({
        push_service: pushService(device.endpoint),
        created_at: iso(device.createdAt),
        last_used_at: isoOrNull(device.lastUsedAt),
      })),
      notification_preferences: Object.fromEntries(NOTIFICATION_KIND_NAMES.map((kind) => [kind, !disabled.has(kind)])),
      sos_alerts: alerts.map((alert) => ({
        trip_id: alert.tripId,
        role: alert.role,
        latitude: alert.latitude === null ? null : Number(alert.latitude),
        longitude: alert.longitude === null ? null : Number(alert.longitude),
        created_at: iso(alert.createdAt),
        resolved_at: isoOrNull(alert.resolvedAt),
      })),
      booking_cancellations: cancels.map((cancel) => ({
        trip_id: cancel.tripId,
        role: cancel.role,
        late: cancel.late,
        scheduled_for: iso(cancel.scheduledFor),
        cancelled_at: iso(cancel.cancelledAt),
      })),
    };
  }

  private async driver(userId: number): Promise<Exported['driver']> {
    const profile = await this.rows.driverProfile(userId);
    if (!profile) return null;
    const [vehicles, documents, hasPhoto] = await Promise.all([
      this.rows.vehicles(userId),
      this.rows.documents(userId),
      this.rows.hasPhoto(userId),
    ]);
    return {
      license_number: profile.licenseNumber,
      license_expiry_date: profile.licenseExpiryDate,
      soat_expiry_date: profile.soatExpiryDate,
      verification_status: profile.verificationStatus,
      rejection_reason: profile.rejectionReason,
      driver_status: profile.driverStatus,
      search_radius_km: Number(profile.searchRadiusKm),
      accepts_cash: profile.acceptsCash,
      accepts_yape: profile.acceptsYape,
      accepts_plin: profile.acceptsPlin,
      wallet_phone: profile.walletPhone,
      emergency_contact: contact(profile.emergencyContactName, profile.emergencyContactPhone),
      has_photo: hasPhoto,
      created_at: iso(profile.createdAt),
      documents_submitted_at: isoOrNull(profile.documentsSubmittedAt),
      vehicles: vehicles.map((vehicle) => ({
        id: vehicle.id,
        vehicle_type: vehicle.vehicleType,
        brand: vehicle.brand,
        model: vehicle.model,
        license_plate: vehicle.licensePlate,
        color: vehicle.color,
        year: vehicle.year,
        passenger_capacity: vehicle.passengerCapacity,
        vehicle_status: vehicle.vehicleStatus,
        created_at: iso(vehicle.createdAt),
      })),
      documents: documents.map((document) => ({
        kind: document.kind,
        content_type: document.contentType,
        byte_size: document.byteSize,
        width: document.width,
        height: document.height,
        uploaded_at: iso(document.createdAt),
      })),
    };
  }

  private async trips(userId: number, trips: TripRow[]): Promise<Exported['trips']> {
    const tripIds = trips.map((trip) => trip.id);
    const asPassenger = trips.filter((trip) => trip.passengerId === userId).map((trip) => trip.id);
    const [adjustments, chats, vehicles] = await Promise.all([
      this.rows.fareAdjustments(tripIds),
      this.rows.chatMessages(userId, asPassenger),
      this.rows.vehiclesById([...new Set(trips.flatMap((trip) => (trip.vehicleId === null ? [] : [trip.vehicleId])))]),
    ]);
    const others = new Set<number>();
    for (const trip of trips) {
      const other = trip.passengerId === userId ? trip.driverId : trip.passengerId;
      if (other !== null && other !== userId) others.add(other);
    }
    for (const chat of chats) if (chat.driverId !== userId) others.add(chat.driverId);
    const names = await this.rows.firstNames([...others]);
    const vehicleById = new Map(vehicles.map((vehicle) => [vehicle.id, vehicle]));
    const byTrip = <T extends { tripId: number }>(rows: T[]): Map<number, T[]> => {
      const map = new Map<number, T[]>();
      for (const row of rows) map.set(row.tripId, [...(map.get(row.tripId) ?? []), row]);
      return map;
    };
    const adjustmentsByTrip = byTrip(adjustments);
    const chatsByTrip = byTrip(chats);

    return trips.map((trip) => {
      const role = trip.passengerId === userId ? ('passenger' as const) : ('driver' as const);
      const other = role === 'passenger' ? trip.driverId : trip.passengerId;
      const vehicle = trip.vehicleId === null ? undefined : vehicleById.get(trip.vehicleId);
      return {
        id: trip.id,
        trip_code: trip.tripCode,
        role,
        status: trip.status,
        service_type_id: trip.serviceTypeId,
        pickup_address: trip.pickupAddress,
        pickup_latitude: Number(trip.pickupLatitude),
        pickup_longitude: Number(trip.pickupLongitude),
        destination_address: trip.destinationAddress,
        destination_latitude: Number(trip.destinationLatitude),
        destination_longitude: Number(trip.destinationLongitude),
        passenger_notes: trip.passengerNotes,
        distance_km: Number(trip.distanceKm),
        duration_minutes: trip.durationMinutes,
        estimated_fare: fromCentimos(trip.estimatedFareCents),
        offer_price: soles(trip.offerPriceCents),
        agreed_fare: soles(trip.agreedFareCents),
        final_fare: soles(trip.finalFareCents),
        counterpart_first_name: other === null ? null : (names.get(other) ?? null),
        vehicle: vehicle
          ? { brand: vehicle.brand, model: vehicle.model, color: vehicle.color, license_plate: vehicle.licensePlate }
          : null,
        payment: {
          method: trip.paymentMethod,
          cash_note: trip.cashNote,
          status: trip.paymentStatus,
          reported_at: isoOrNull(trip.paymentReportedAt),
          answered_at: isoOrNull(trip.paymentAnsweredAt),
        },
        created_at: iso(trip.createdAt),
        scheduled_for: isoOrNull(trip.scheduledFor),
        accepted_at: isoOrNull(trip.acceptedAt),
        started_at: isoOrNull(trip.startedAt),
        completed_at: isoOrNull(trip.completedAt),
        cancelled_at: isoOrNull(trip.cancelledAt),
        cancel_reason: trip.cancelReason,
        fare_adjustments: (adjustmentsByTrip.get(trip.id) ?? []).map((adjustment) => ({
          amount: fromCentimos(adjustment.amountCents),
          reason: adjustment.reason,
          note: adjustment.note,
          status: adjustment.status,
          created_at: iso(adjustment.createdAt),
          answered_at: isoOrNull(adjustment.answeredAt),
        })),
        conversations: conversations(chatsByTrip.get(trip.id) ?? [], userId, role, (driverId) =>
          role === 'passenger' ? names.get(driverId) : names.get(trip.passengerId),
        ),
      };
    });
  }
}

/** A trip's messages, one conversation per driver (a driver's own trip has only theirs). */
function conversations(
  messages: ChatRow[],
  userId: number,
  role: 'passenger' | 'driver',
  otherSide: (driverId: number) => string | undefined,
): Exported['trips'][number]['conversations'] {
  const byDriver = new Map<number, ChatRow[]>();
  for (const message of messages) {
    if (role === 'driver' && message.driverId !== userId) continue;
    byDriver.set(message.driverId, [...(byDriver.get(message.driverId) ?? []), message]);
  }
  return [...byDriver].map(([driverId, rows]) => ({
    with_first_name: otherSide(driverId) ?? '',
    messages: rows.map((row) => ({
      from_me: row.senderId === userId,
      message: row.message,
      sent_at: iso(row.createdAt),
    })),
  }));
}
