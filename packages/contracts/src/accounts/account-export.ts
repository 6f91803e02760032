/**
 * 'Descargar mis datos' (GET /account/export, Ley 29733 right of access): one JSON document of everything the
 * service keeps about the account. Only the account's own data: another person in it (a trip's other party, a
 * chat's other side) is their first name as the app shows it, never their e-mail, phone or id. Money in soles,
 * times in ISO 8601 (UTC). The schema is closed like every answer: a key not listed here is never written.
 */
import { z } from 'zod';

const zTime = z.string();
const zMaybeTime = z.string().nullable();
const zContact = z.object({ name: z.string(), phone: z.string() });

export const zExportProfile = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  avatar_url: z.string().nullable(),
  user_type: z.string(),
  is_operator: z.boolean(),
  emergency_contact: zContact.nullable(),
  rating_count: z.number().int(),
  rating_average: z.number().nullable(),
  created_at: zTime,
  updated_at: zTime,
  suspended_at: zMaybeTime,
  suspension_reason: z.string().nullable(),
});

export const zExportChatMessage = z.object({
  /** Whether the account wrote it; the other side is `with_first_name` of its conversation. */
  from_me: z.boolean(),
  message: z.string(),
  sent_at: zTime,
});

export const zExportConversation = z.object({
  with_first_name: z.string(),
  messages: z.array(zExportChatMessage),
});

export const zExportFareAdjustment = z.object({
  amount: z.number(),
  reason: z.string(),
  note: z.string().nullable(),
  status: z.string(),
  created_at: zTime,
  answered_at: zMaybeTime,
});

export const zExportTrip = z.object({
  id: z.number().int(),
  trip_code: z.string(),
  /** The account's part in the trip. */
  role: z.enum(['passenger', 'driver']),
  status: z.string(),
  service_type_id: z.number().int(),
  pickup_address: z.string(),
  pickup_latitude: z.number(),
  pickup_longitude: z.number(),
  destination_address: z.string(),
  destination_latitude: z.number(),
  destination_longitude: z.number(),
  passenger_notes: z.string().nullable(),
  distance_km: z.number(),
  duration_minutes: z.number().int(),
  estimated_fare: z.number(),
  offer_price: z.number().nullable(),
  agreed_fare: z.number().nullable(),
  final_fare: z.number().nullable(),
  /** The other party as the app shows them (first name), null while nobody took the trip. */
  counterpart_first_name: z.string().nullable(),
  vehicle: z.object({ brand: z.string(), model: z.string(), color: z.string(), license_plate: z.string() }).nullable(),
  payment: z.object({
    method: z.string(),
    cash_note: z.number().int().nullable(),
    /** Yape/Plin: pending, reported, confirmed, disputed, resolved_paid, resolved_unpaid; null for cash. */
    status: z.string().nullable(),
    reported_at: zMaybeTime,
    answered_at: zMaybeTime,
  }),
  created_at: zTime,
  scheduled_for: zMaybeTime,
  accepted_at: zMaybeTime,
  started_at: zMaybeTime,
  completed_at: zMaybeTime,
  cancelled_at: zMaybeTime,
  cancel_reason: z.string().nullable(),
  fare_adjustments: z.array(zExportFareAdjustment),
  conversations: z.array(zExportConversation),
});

export const zExportRating = z.object({
  trip_id: z.number().int(),
  /** The side of the one who rated. */
  rater_role: z.enum(['passenger', 'driver']),
  score: z.number().int(),
  comment: z.string().nullable(),
  created_at: zTime,
});

export const zExportDriver = z.object({
  license_number: z.string(),
  license_expiry_date: z.string(),
  soat_expiry_date: z.string().nullable(),
  verification_status: z.string(),
  rejection_reason: z.string().nullable(),
  driver_status: z.string(),
  search_radius_km: z.number(),
  accepts_cash: z.boolean(),
  accepts_yape: z.boolean(),
  accepts_plin: z.boolean(),
  wallet_phone: z.string().nullable(),
  emergency_contact: zContact.nullable(),
  has_photo: z.boolean(),
  created_at: zTime,
  documents_submitted_at: zMaybeTime,
  vehicles: z.array(
    z.object({
      id: z.number().int(),
      vehicle_type: z.string(),
      brand: z.string(),
      model: z.string(),
      license_plate: z.string(),
      color: z.string(),
      year: z.number().int(),
      passenger_capacity: z.number().int(),
      vehicle_status: z.string(),
      created_at: zTime,
    }),
  ),
  /** What was uploaded, not the images themselves (those are downloaded one by one from the profile). */
  documents: z.array(
    z.object({
      kind: z.string(),
      content_type: z.string(),
      byte_size: z.number().int(),
      width: z.number().int(),
      height: z.number().int(),
      uploaded_at: zTime,
    }),
  ),
});

export const zAccountExport = z.object({
  format: z.literal('jala-account-export'),
  format_version: z.literal(1),
  generated_at: zTime,
  profile: zExportProfile,
  /** Null for an account that never registered as a driver. */
  driver: zExportDriver.nullable(),
  trips: z.array(zExportTrip),
  ratings_given: z.array(zExportRating),
  ratings_received: z.array(zExportRating),
  saved_places: z.array(
    z.object({
      name: z.string(),
      address: z.string(),
      latitude: z.number(),
      longitude: z.number(),
      created_at: zTime,
    }),
  ),
  /** The emergency contact first, then the others (safety). */
  trusted_contacts: z.array(zContact),
  sessions: z.array(
    z.object({
      device: z.string(),
      user_agent: z.string().nullable(),
      created_at: zTime,
      last_seen_at: zTime,
      expires_at: zTime,
      ended_at: zMaybeTime,
    }),
  ),
  consents: z.array(z.object({ document: z.string(), version: z.string(), source: z.string(), accepted_at: zTime })),
  /** Browsers receiving notifications: the push service's host only (the address and keys are secrets). */
  push_devices: z.array(z.object({ push_service: z.string(), created_at: zTime, last_used_at: zMaybeTime })),
  notification_preferences: z.record(z.string(), z.boolean()),
  sos_alerts: z.array(
    z.object({
      trip_id: z.number().int(),
      role: z.string(),
      latitude: z.number().nullable(),
      longitude: z.number().nullable(),
      created_at: zTime,
      resolved_at: zMaybeTime,
    }),
  ),
  booking_cancellations: z.array(
    z.object({
      trip_id: z.number().int(),
      role: z.string(),
      late: z.boolean(),
      scheduled_for: zTime,
      cancelled_at: zTime,
    }),
  ),
});
export type AccountExport = z.infer<typeof zAccountExport>;
