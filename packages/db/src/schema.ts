/**
 * The whole Jala domain as one drizzle pg-core schema, valid on PGlite (PG 18) and PostgreSQL 15.
 * Money is integer céntimos; coordinates are numeric(9,6) (returned as decimal strings, as the spec reads them).
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const coordinate = (name: string) => numeric(name, { precision: 9, scale: 6 });

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    /** A Peruvian mobile as its 9 national digits ('987654321'; domain `normalizePeruvianMobile`). */
    phone: text('phone'),
    /**
     * When the user confirmed `phone` with an SMS code; null while they have not. A trigger (migration
     * 0015_phone_verification) clears it, and drops any code in flight, whenever the phone changes.
     */
    phoneVerifiedAt: timestamp('phone_verified_at', { withTimezone: true }),
    avatarUrl: text('avatar_url'),
    userType: text('user_type', { enum: ['passenger', 'driver', 'both'] }).notNull(),
    emergencyContactName: text('emergency_contact_name'),
    emergencyContactPhone: text('emergency_contact_phone'),
    /** Operators (verify drivers); not exposed to sign-up. */
    isAdmin: boolean('is_admin').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** Operators' console: a suspended user cannot log in or connect (the reason is shown at login). */
    suspendedAt: timestamp('suspended_at', { withTimezone: true }),
    suspensionReason: text('suspension_reason'),
    /**
     * The ratings this user received, kept by a trigger on `ratings` (migration 0007_stored_ratings) in the
     * rating's own transaction, whoever writes it, so every read (profile, offers, requests, history) reads
     * a column instead of aggregating `ratings`. The sum is exact; the average (null before the first
     * rating) is derived from it by PostgreSQL.
     */
    ratingCount: integer('rating_count').notNull().default(0),
    ratingSum: integer('rating_sum').notNull().default(0),
    ratingAverage: numeric('rating_average', { precision: 3, scale: 2 }).generatedAlwaysAs(
      sql`case when rating_count > 0 then round(rating_sum::numeric / rating_count, 2) end`,
    ),
    /**
     * 'Eliminar mi cuenta': when the person deleted the account. The row stays, anonymised ('Usuario eliminado',
     * a placeholder e-mail, no phone), so the trips, receipts, earnings and ratings others keep still point at it
     * (docs/DATA-RETENTION.md).
     */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    /**
     * The version of the legal documents (domain LEGAL_VERSION) the account last accepted, null before the
     * first acceptance: kept here so the session answer says whether to ask again without a query. The
     * `consents` table holds every acceptance.
     */
    consentVersion: text('consent_version'),
  },
  (t) => [
    uniqueIndex('users_email_unique').on(sql`lower(${t.email})`),
    check('users_user_type_check', sql`${t.userType} in ('passenger','driver','both')`),
  ],
);

/** One row per login; the token carries the session id so logout revokes exactly that session. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** The browser's User-Agent at sign-in, for 'Sesiones abiertas' ('Chrome en Android'). */
    userAgent: text('user_agent'),
    /**
     * The last authenticated request or MQTT connection of the session, written at most once every few minutes
     * per session and node, off the request (modules/account/sessions/session-activity.ts).
     */
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/**
 * Password reset links sent by e-mail. Only the SHA-256 of a link's random token is kept, so a read of this
 * table cannot be turned into a working link. A link dies when it is used, when its owner asks for a newer
 * one, when the password changes another way, or at `expires_at`; `end_reason` says which of the first three,
 * so the page can tell the person why. At most one live link per user (the partial unique index).
 */
export const passwordResets = pgTable(
  'password_resets',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** base64url SHA-256 of the token in the link. */
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    endReason: text('end_reason', { enum: ['used', 'replaced', 'password_changed'] }),
  },
  (t) => [
    uniqueIndex('password_resets_token_hash_unique').on(t.tokenHash),
    uniqueIndex('password_resets_live_user_unique')
      .on(t.userId)
      .where(sql`${t.endedAt} is null`),
    check(
      'password_resets_end_check',
      sql`(${t.endedAt} is null) = (${t.endReason} is null) and (${t.endReason} is null or ${t.endReason} in ('used', 'replaced', 'password_changed'))`,
    ),
  ],
);

/**
 * Every acceptance of the legal documents (Ley 29733: consent that can be shown): which document, which
 * version, when, and whether at sign-up or asked again after a new version. Kept after the account is deleted,
 * as the proof that what was done with the data while it existed was consented to.
 */
export const consents = pgTable(
  'consents',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    document: text('document', { enum: ['terms', 'privacy'] }).notNull(),
    version: text('version').notNull(),
    source: text('source', { enum: ['sign_up', 'renewal'] }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('consents_user_idx').on(t.userId, t.acceptedAt),
    check('consents_document_check', sql`${t.document} in ('terms','privacy')`),
    check('consents_source_check', sql`${t.source} in ('sign_up','renewal')`),
  ],
);

export const driverProfiles = pgTable(
  'driver_profiles',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    licenseNumber: text('license_number').notNull(),
    licenseExpiryDate: date('license_expiry_date', { mode: 'string' }).notNull(),
    emergencyContactName: text('emergency_contact_name'),
    emergencyContactPhone: text('emergency_contact_phone'),
    searchRadiusKm: numeric('search_radius_km', { precision: 5, scale: 1 }).notNull().default('5'),
    verificationStatus: text('verification_status', { enum: ['pending_verification', 'verified', 'rejected'] })
      .notNull()
      .default('pending_verification'),
    driverStatus: text('driver_status', { enum: ['online', 'offline'] })
      .notNull()
      .default('offline'),
    activeVehicleId: integer('active_vehicle_id'),
    lastStatusChange: timestamp('last_status_change', { withTimezone: true }),
    currentLatitude: coordinate('current_latitude'),
    currentLongitude: coordinate('current_longitude'),
    locationUpdatedAt: timestamp('location_updated_at', { withTimezone: true }),
    createdAt: createdAt(),
    /** Operators' console: the SOAT's expiry (the licence's is above); either past stops matching. */
    soatExpiryDate: date('soat_expiry_date', { mode: 'string' }),
    /** When the driver last sent documents for review: the verification queue is oldest first. */
    documentsSubmittedAt: timestamp('documents_submitted_at', { withTimezone: true }),
    /** Why an operator rejected the documents; the driver reads it and answers by uploading again. */
    rejectionReason: text('rejection_reason'),
    /** Payment methods the driver takes; cash by default, Yape and Plin need `wallet_phone`. */
    acceptsCash: boolean('accepts_cash').notNull().default(true),
    acceptsYape: boolean('accepts_yape').notNull().default(false),
    acceptsPlin: boolean('accepts_plin').notNull().default(false),
    /** The Peruvian mobile the driver's Yape/Plin is on; shown only to the passenger of an accepted trip. */
    walletPhone: text('wallet_phone'),
  },
  (t) => [
    uniqueIndex('driver_profiles_license_unique').on(sql`upper(${t.licenseNumber})`),
    check('driver_profiles_radius_check', sql`${t.searchRadiusKm} >= 1 and ${t.searchRadiusKm} <= 100`),
  ],
);

export const vehicles = pgTable(
  'vehicles',
  {
    id: serial('id').primaryKey(),
    driverId: integer('driver_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    vehicleType: text('vehicle_type', { enum: ['mototaxi', 'auto'] }).notNull(),
    brand: text('brand').notNull(),
    model: text('model').notNull(),
    licensePlate: text('license_plate').notNull(),
    color: text('color').notNull(),
    year: integer('year').notNull(),
    passengerCapacity: integer('passenger_capacity').notNull().default(2),
    vehicleStatus: text('vehicle_status', { enum: ['active', 'maintenance', 'inactive'] })
      .notNull()
      .default('active'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('vehicles_plate_unique').on(sql`upper(${t.licensePlate})`),
    index('vehicles_driver_idx').on(t.driverId),
  ],
);

export const trips = pgTable(
  'trips',
  {
    id: serial('id').primaryKey(),
    tripCode: text('trip_code').notNull(),
    passengerId: integer('passenger_id')
      .notNull()
      .references(() => users.id),
    driverId: integer('driver_id').references(() => users.id),
    vehicleId: integer('vehicle_id').references(() => vehicles.id),
    serviceTypeId: smallint('service_type_id').notNull(),
    status: text('status', {
      enum: [
        'pending',
        'accepted',
        'en_route',
        'arrived',
        'in_progress',
        'completed',
        'cancelled_by_passenger',
        'cancelled_by_driver',
        'cancelled_by_system',
      ],
    })
      .notNull()
      .default('pending'),
    pickupLatitude: coordinate('pickup_latitude').notNull(),
    pickupLongitude: coordinate('pickup_longitude').notNull(),
    pickupAddress: text('pickup_address').notNull(),
    destinationLatitude: coordinate('destination_latitude').notNull(),
    destinationLongitude: coordinate('destination_longitude').notNull(),
    destinationAddress: text('destination_address').notNull(),
    passengerNotes: text('passenger_notes'),
    offerPriceCents: integer('offer_price_cents'),
    estimatedFareCents: integer('estimated_fare_cents').notNull(),
    /** The price of the accepted offer: binding; only adjustments the passenger accepted add to it. */
    agreedFareCents: integer('agreed_fare_cents'),
    finalFareCents: integer('final_fare_cents'),
    /**
     * The platform fee charged on the final fare at completion (PLATFORM_FEE_PERCENT for the trip's service
     * type, in hundredths of a percent: 1000 = 10 %) and its amount; stored with the trip so a later change of
     * configuration never rewrites history. Null on trips completed before the fee existed or not completed.
     */
    platformFeeBasisPoints: integer('platform_fee_basis_points'),
    platformFeeCents: integer('platform_fee_cents'),
    distanceKm: numeric('distance_km', { precision: 7, scale: 2 }).notNull(),
    durationMinutes: integer('duration_minutes').notNull(),
    routePolyline: text('route_polyline'),
    finalLatitude: coordinate('final_latitude'),
    finalLongitude: coordinate('final_longitude'),
    /** Metres from the driver's final position to the destination, set at completion (FAR_FROM_DESTINATION_METERS). */
    endDistanceToDestinationM: integer('end_distance_to_destination_m'),
    driverNotes: text('driver_notes'),
    cancelReason: text('cancel_reason'),
    createdAt: createdAt(),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    enRouteAt: timestamp('en_route_at', { withTimezone: true }),
    arrivedAt: timestamp('arrived_at', { withTimezone: true }),
    startedAt: timestamp('started_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /** Safety: the 4-digit code the passenger tells the driver to start the trip (set at accept; never sent to the driver). */
    startCode: text('start_code'),
    /** Wrong start codes the driver typed; at START_CODE_MAX_ATTEMPTS the trip can no longer start. */
    startCodeAttempts: smallint('start_code_attempts').notNull().default(0),
    /**
     * The route's usual price when the trip was requested, stored once so a driver's feed shows it
     * without a query per read: how many similar completed trips, and the 25th/75th percentiles of their agreed
     * fares (null below FARE_HINT_MIN_TRIPS). All null for trips requested before the hint existed.
     */
    fareHintTrips: integer('fare_hint_trips'),
    fareHintLowCents: integer('fare_hint_low_cents'),
    fareHintHighCents: integer('fare_hint_high_cents'),
    /**
     * Scheduled rides (packages/domain/src/trip/booking.ts): the pickup time of a booking; null for a live
     * trip. Until `activated_at` a booking is nobody's active trip; until `live_at` it is not a live request.
     */
    scheduledFor: timestamp('scheduled_for', { withTimezone: true }),
    /** When a booking with no confirmed driver joined the live requests (30 minutes before pickup). */
    liveAt: timestamp('live_at', { withTimezone: true }),
    /** When a booking became the active trip of passenger and driver (20 minutes before pickup). */
    activatedAt: timestamp('activated_at', { withTimezone: true }),
    /** The last reminder sent (minutes before pickup: 60, then 15); null before the first. */
    remindedMinutes: smallint('reminded_minutes'),
    /**
     * How the passenger pays (packages/domain/src/money/payment.ts). Trips from before it are cash, exact.
     * `cash_note`: the note (whole soles) the passenger will hand over, null for the exact amount.
     */
    paymentMethod: text('payment_method', { enum: ['cash', 'yape', 'plin'] })
      .notNull()
      .default('cash'),
    cashNote: smallint('cash_note'),
    /** The driver's Yape/Plin number when the trip was accepted: what the passenger pays to. */
    payeePhone: text('payee_phone'),
    /** A Yape/Plin payment after the ride (WALLET_PAYMENT_STATUSES); null for cash. */
    paymentStatus: text('payment_status', {
      enum: ['pending', 'reported', 'confirmed', 'disputed', 'resolved_paid', 'resolved_unpaid'],
    }),
    paymentReportedAt: timestamp('payment_reported_at', { withTimezone: true }),
    paymentAnsweredAt: timestamp('payment_answered_at', { withTimezone: true }),
    /** Reminders pushed to the driver while a 'Ya pagué' waits for their answer (PAYMENT_REMINDER_MINUTES). */
    paymentRemindersSent: smallint('payment_reminders_sent').notNull().default(0),
    /**
     * 'Indicadores' (admin/kpis): the district of the pickup when the trip was requested (the nearest curated
     * place within DISTRICT_ANCHOR_KM; null elsewhere), and when the first offer arrived. Both are written once
     * so the figures read one row per trip instead of placing every pickup and joining every offer.
     */
    pickupDistrict: text('pickup_district'),
    firstOfferAt: timestamp('first_offer_at', { withTimezone: true }),
  },
  (t) => [
    // One active trip per passenger and per driver, enforced by the database (GUIDE §3 'Accepting'); a booking
    // counts only once activated.
    uniqueIndex('trips_one_active_per_passenger')
      .on(t.passengerId)
      .where(
        sql`status in ('pending','accepted','en_route','arrived','in_progress') and (scheduled_for is null or activated_at is not null)`,
      ),
    uniqueIndex('trips_one_active_per_driver')
      .on(t.driverId)
      .where(
        sql`status in ('accepted','en_route','arrived','in_progress') and (scheduled_for is null or activated_at is not null)`,
      ),
    // The clock's work list: bookings not yet activated, by pickup time.
    index('trips_dormant_bookings_idx')
      .on(t.scheduledFor)
      .where(sql`scheduled_for is not null and activated_at is null and status in ('pending','accepted')`),
    index('trips_passenger_created_idx').on(t.passengerId, t.createdAt),
    // 'Indicadores' (admin/kpis): the trips requested in a period, in the city or one district.
    index('trips_created_idx').on(t.createdAt),
    index('trips_district_created_idx').on(t.pickupDistrict, t.createdAt),
    index('trips_driver_completed_idx').on(t.driverId, t.completedAt),
    index('trips_pending_expiry_idx')
      .on(t.expiresAt)
      .where(sql`status = 'pending'`),
    // 'Ya pagué' waiting for the driver: the banner of every driver screen and the clock's reminders (few rows).
    index('trips_payment_reported_idx')
      .on(t.driverId, t.paymentReportedAt)
      .where(sql`payment_status = 'reported'`),
    // Matching: nearest pending pickups, via cube/earthdistance (PostGIS does not load in PGlite).
    index('trips_pending_pickup_earth_idx')
      .using('gist', sql`ll_to_earth(${t.pickupLatitude}::float8, ${t.pickupLongitude}::float8)`)
      .where(sql`status = 'pending'`),
    // The usual price: completed trips by pickup and destination, both boxes searched at once.
    index('trips_completed_route_earth_idx')
      .using(
        'gist',
        sql`ll_to_earth(${t.pickupLatitude}::float8, ${t.pickupLongitude}::float8)`,
        sql`ll_to_earth(${t.destinationLatitude}::float8, ${t.destinationLongitude}::float8)`,
      )
      .where(sql`status = 'completed'`),
    check('trips_service_type_check', sql`${t.serviceTypeId} in (1, 2)`),
    check(
      'trips_money_check',
      sql`${t.estimatedFareCents} >= 0 and coalesce(${t.offerPriceCents}, 0) >= 0 and coalesce(${t.finalFareCents}, 0) >= 0`,
    ),
    check(
      'trips_platform_fee_check',
      sql`coalesce(${t.platformFeeBasisPoints}, 0) between 0 and 10000 and coalesce(${t.platformFeeCents}, 0) >= 0`,
    ),
  ],
);

/**
 * 'Saldo con Jala': a driver's prepaid balance with the platform, as append-only entries whose sum is the
 * balance (céntimos, signed). A completed trip's fee is a debit (one per trip), an operator's top-up after
 * the driver paid by Yape a credit (one per operation reference), an adjustment either sign with a reason.
 * Writers only insert, so concurrent completions and top-ups can never lose one another's entry.
 */
/**
 * 'Indicadores' per Lima day that is over (admin/kpis/kpi-days.ts): the day's figures by pickup district and
 * the drivers online by hour, computed once on first read. Triggers (migration 0019) delete a day's row when
 * anything it counts changes — a trip, a booking given back, a payment case, an SOS, a driver going online —
 * so the next read computes it again.
 */
export const kpiDayRollups = pgTable('kpi_day_rollups', {
  day: date('day', { mode: 'string' }).primaryKey(),
  figures: jsonb('figures').notNull(),
  computedAt: timestamp('computed_at', { withTimezone: true }).notNull().defaultNow(),
});

export const driverLedgerEntries = pgTable(
  'driver_ledger_entries',
  {
    id: serial('id').primaryKey(),
    driverId: integer('driver_id')
      .notNull()
      .references(() => users.id),
    kind: text('kind', { enum: ['trip_fee', 'top_up', 'adjustment'] }).notNull(),
    amountCents: integer('amount_cents').notNull(),
    tripId: integer('trip_id').references(() => trips.id),
    /** A top-up's Yape operation number. */
    reference: text('reference'),
    /** An adjustment's reason. */
    reason: text('reason'),
    /** The operator who recorded a top-up or adjustment. */
    createdBy: integer('created_by').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    index('driver_ledger_driver_idx').on(t.driverId, t.id),
    uniqueIndex('driver_ledger_one_fee_per_trip')
      .on(t.tripId)
      .where(sql`kind = 'trip_fee'`),
    uniqueIndex('driver_ledger_top_up_reference')
      .on(t.reference)
      .where(sql`kind = 'top_up'`),
    check(
      'driver_ledger_kind_check',
      sql`(${t.kind} = 'trip_fee' and ${t.tripId} is not null and ${t.amountCents} < 0) or (${t.kind} = 'top_up' and ${t.reference} is not null and ${t.amountCents} > 0) or (${t.kind} = 'adjustment' and ${t.reason} is not null and ${t.amountCents} <> 0)`,
    ),
  ],
);

export const tripOffers = pgTable(
  'trip_offers',
  {
    id: serial('id').primaryKey(),
    tripId: integer('trip_id')
      .notNull()
      .references(() => trips.id, { onDelete: 'cascade' }),
    driverId: integer('driver_id')
      .notNull()
      .references(() => users.id),
    vehicleId: integer('vehicle_id')
      .notNull()
      .references(() => vehicles.id),
    priceCents: integer('price_cents').notNull(),
    driverLatitude: coordinate('driver_latitude'),
    driverLongitude: coordinate('driver_longitude'),
    status: text('status', { enum: ['pending', 'accepted', 'rejected', 'withdrawn'] })
      .notNull()
      .default('pending'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('trip_offers_one_per_driver').on(t.tripId, t.driverId),
    index('trip_offers_driver_idx').on(t.driverId, t.createdAt),
    // A trip's first offer ('Indicadores': time to the first offer).
    index('trip_offers_trip_created_idx').on(t.tripId, t.createdAt),
    check('trip_offers_price_check', sql`${t.priceCents} > 0`),
  ],
);

/**
 * Every cancellation of a booking, by either side, with whether it came less than 60 minutes
 * before pickup: a late one counts against the passenger (recorded only) or the driver (completion rate).
 * A driver's cancellation puts the booking back in the market, so the trip row alone cannot tell it.
 */
export const bookingCancellations = pgTable(
  'booking_cancellations',
  {
    id: serial('id').primaryKey(),
    tripId: integer('trip_id')
      .notNull()
      .references(() => trips.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    role: text('role', { enum: ['passenger', 'driver'] }).notNull(),
    late: boolean('late').notNull(),
    scheduledFor: timestamp('scheduled_for', { withTimezone: true }).notNull(),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('booking_cancellations_user_idx').on(t.userId, t.cancelledAt),
    index('booking_cancellations_trip_idx').on(t.tripId),
  ],
);

/**
 * 'No recibí el pago': a driver says a Yape/Plin payment never arrived. One case per trip;
 * operators resolve it in the console (paid or not), audited like their other actions.
 */
export const paymentCases = pgTable(
  'payment_cases',
  {
    id: serial('id').primaryKey(),
    tripId: integer('trip_id')
      .notNull()
      .references(() => trips.id, { onDelete: 'cascade' }),
    driverId: integer('driver_id')
      .notNull()
      .references(() => users.id),
    passengerId: integer('passenger_id')
      .notNull()
      .references(() => users.id),
    method: text('method', { enum: ['yape', 'plin'] }).notNull(),
    amountCents: integer('amount_cents').notNull(),
    status: text('status', { enum: ['open', 'resolved'] })
      .notNull()
      .default('open'),
    outcome: text('outcome', { enum: ['paid', 'unpaid'] }),
    resolutionNote: text('resolution_note'),
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    resolvedBy: integer('resolved_by').references(() => users.id),
  },
  (t) => [
    uniqueIndex('payment_cases_one_per_trip').on(t.tripId),
    index('payment_cases_open_idx')
      .on(t.openedAt)
      .where(sql`status = 'open'`),
  ],
);

/** Requests a driver hid with 'Rechazar': excluded from that driver's list only. */
export const tripRejections = pgTable(
  'trip_rejections',
  {
    tripId: integer('trip_id')
      .notNull()
      .references(() => trips.id, { onDelete: 'cascade' }),
    driverId: integer('driver_id')
      .notNull()
      .references(() => users.id),
    reason: text('reason'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.tripId, t.driverId] })],
);

/** Per-offer chat: the conversation between a trip's passenger and one driver. */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: serial('id').primaryKey(),
    tripId: integer('trip_id')
      .notNull()
      .references(() => trips.id, { onDelete: 'cascade' }),
    driverId: integer('driver_id')
      .notNull()
      .references(() => users.id),
    senderId: integer('sender_id')
      .notNull()
      .references(() => users.id),
    senderRole: text('sender_role', { enum: ['passenger', 'driver'] }).notNull(),
    message: text('message').notNull(),
    /** The sender's own id for the message: a copy MQTT delivers again (QoS 1 resend) is stored once. */
    clientMessageId: text('client_message_id'),
    createdAt: createdAt(),
  },
  (t) => [
    index('chat_messages_conversation_idx').on(t.tripId, t.driverId, t.createdAt),
    uniqueIndex('chat_messages_once_per_client_id').on(t.tripId, t.driverId, t.senderId, t.clientMessageId),
  ],
);

/**
 * A change of the agreed price the driver asks for before finishing (extra stop, waiting time, tolls):
 * it counts only once the passenger accepts it. One pending per trip; a pending one lapses at completion.
 */
export const fareAdjustments = pgTable(
  'fare_adjustments',
  {
    id: serial('id').primaryKey(),
    tripId: integer('trip_id')
      .notNull()
      .references(() => trips.id, { onDelete: 'cascade' }),
    driverId: integer('driver_id')
      .notNull()
      .references(() => users.id),
    /** Added to the agreed price when accepted. */
    amountCents: integer('amount_cents').notNull(),
    reason: text('reason', { enum: ['extra_stop', 'waiting_time', 'tolls', 'other'] }).notNull(),
    note: text('note'),
    status: text('status', { enum: ['pending', 'accepted', 'refused', 'lapsed'] })
      .notNull()
      .default('pending'),
    createdAt: createdAt(),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('fare_adjustments_one_pending_per_trip')
      .on(t.tripId)
      .where(sql`status = 'pending'`),
    index('fare_adjustments_trip_idx').on(t.tripId, t.createdAt),
    check('fare_adjustments_amount_check', sql`${t.amountCents} > 0`),
  ],
);

export const savedLocations = pgTable(
  'saved_locations',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    address: text('address').notNull(),
    latitude: coordinate('latitude').notNull(),
    longitude: coordinate('longitude').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('saved_locations_user_idx').on(t.userId)],
);

/** Every online/offline change, the source of online-hours statistics. */
export const driverStatusLog = pgTable(
  'driver_status_log',
  {
    id: serial('id').primaryKey(),
    driverId: integer('driver_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['online', 'offline'] }).notNull(),
    vehicleId: integer('vehicle_id'),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('driver_status_log_driver_idx').on(t.driverId, t.changedAt),
    // 'Indicadores': drivers online by hour reads the history by time.
    index('driver_status_log_changed_idx').on(t.changedAt),
  ],
);

export const ratings = pgTable(
  'ratings',
  {
    id: serial('id').primaryKey(),
    tripId: integer('trip_id')
      .notNull()
      .references(() => trips.id, { onDelete: 'cascade' }),
    raterId: integer('rater_id')
      .notNull()
      .references(() => users.id),
    rateeId: integer('ratee_id')
      .notNull()
      .references(() => users.id),
    raterRole: text('rater_role', { enum: ['passenger', 'driver'] }).notNull(),
    score: smallint('score').notNull(),
    comment: text('comment'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('ratings_one_per_rater_trip').on(t.tripId, t.raterId),
    index('ratings_ratee_idx').on(t.rateeId),
    check('ratings_score_check', sql`${t.score} between 1 and 5`),
  ],
);

/**
 * Small named values every node of a deployment must agree on (the generated token secret when
 * JWT_SECRET is unset, when a cluster-wide job last ran). One row per name, written insert-if-absent
 * or by a conditional update, so concurrent nodes converge on the same row.
 */
export const clusterState = pgTable('cluster_state', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Raw bytes (bytea), read as a Buffer from either driver (PGlite hands back a plain Uint8Array). */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/** Safety: the driver's photo as the passenger sees it on the car card (normalised by the server, EXIF stripped). */
export const driverPhotos = pgTable('driver_photos', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  contentType: text('content_type').notNull(),
  bytes: bytea('bytes').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Safety: trusted contacts after the first. The first trusted contact is the account's emergency contact
 * (users.emergency_contact_*, spec), so the profile form and this list never disagree.
 */
export const trustedContacts = pgTable(
  'trusted_contacts',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    name: text('name').notNull(),
    phone: text('phone').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('trusted_contacts_user_position').on(t.userId, t.position)],
);

/** Safety: read-only live links to a trip ("Compartir viaje"); only the SHA-256 of the token is stored. */
export const tripShareLinks = pgTable(
  'trip_share_links',
  {
    tokenHash: text('token_hash').primaryKey(),
    tripId: integer('trip_id')
      .notNull()
      .references(() => trips.id, { onDelete: 'cascade' }),
    createdBy: integer('created_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('trip_share_links_trip_idx').on(t.tripId)],
);

/** A driver's verification document (one current file per kind); its bytes sit in the configured storage. */
export const driverDocuments = pgTable(
  'driver_documents',
  {
    id: serial('id').primaryKey(),
    driverId: integer('driver_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['license_front', 'license_back', 'soat', 'property_card', 'vehicle_photo'] }).notNull(),
    /** Opaque, unguessable key in the storage (`database` → driver_document_blobs, `s3` → the bucket). */
    storageKey: text('storage_key').notNull(),
    storage: text('storage', { enum: ['database', 's3'] }).notNull(),
    contentType: text('content_type').notNull(),
    byteSize: integer('byte_size').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('driver_documents_one_per_kind').on(t.driverId, t.kind)],
);

/** The default document storage: bytes in the database, so every node of a cluster reads them. */
export const driverDocumentBlobs = pgTable('driver_document_blobs', {
  storageKey: text('storage_key').primaryKey(),
  bytes: bytea('bytes').notNull(),
  createdAt: createdAt(),
});

/** Every operator action (and the bootstrap of operators): append-only, a trigger refuses update/delete. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    /** The operator; null for the command line / OPERATOR_EMAILS at boot. */
    actorId: integer('actor_id').references(() => users.id),
    actorLabel: text('actor_label').notNull(),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: integer('target_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    createdAt: createdAt(),
  },
  (t) => [index('audit_log_created_idx').on(t.createdAt)],
);

/** An SOS pressed during a trip (safety): who, where and when; operators resolve it in the console. */
export const safetyAlerts = pgTable(
  'safety_alerts',
  {
    id: serial('id').primaryKey(),
    tripId: integer('trip_id')
      .notNull()
      .references(() => trips.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ['passenger', 'driver'] }).notNull(),
    latitude: coordinate('latitude'),
    longitude: coordinate('longitude'),
    createdAt: createdAt(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    resolvedBy: integer('resolved_by').references(() => users.id),
    resolutionNote: text('resolution_note'),
  },
  (t) => [
    index('safety_alerts_open_idx')
      .on(t.createdAt)
      .where(sql`${t.resolvedAt} is null`),
    index('safety_alerts_trip_idx').on(t.tripId),
  ],
);

/**
 * Web Push subscriptions: one row per browser (the push service's endpoint is unique), owned by
 * the user who subscribed it from a session; removed on that session's logout, when the push service
 * answers 404/410, and when the user turns notifications off on that device.
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The session that subscribed it: its logout removes the device's subscription. */
    sessionId: uuid('session_id').references(() => sessions.id, { onDelete: 'set null' }),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('push_subscriptions_endpoint_unique').on(t.endpoint),
    index('push_subscriptions_user_idx').on(t.userId),
    index('push_subscriptions_session_idx').on(t.sessionId),
  ],
);

/** A user's choice per notification kind; no row means on. */
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    enabled: boolean('enabled').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind] })],
);

/**
 * The one SMS code in flight per account ("Verifica tu celular"): only an HMAC of it is stored, with its own
 * salt, the number it was sent to (a code is good for that number only), when it was sent (60 s before the
 * next), when it dies (10 minutes) and its wrong tries (5 kill it). Deleted once the number is confirmed.
 */
export const phoneVerificationCodes = pgTable('phone_verification_codes', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  phone: text('phone').notNull(),
  codeHash: text('code_hash').notNull(),
  salt: text('salt').notNull(),
  sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  tries: smallint('tries').notNull().default(0),
});
