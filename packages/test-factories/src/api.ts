/**
 * One realistic answer per API shape, typed by the contracts, so a test that fakes the server fakes exactly
 * what the server sends. Every factory takes overrides. The default trip goes from Parque Kennedy
 * (Miraflores) to Jockey Plaza (Santiago de Surco), by auto.
 */
import type {
  AccountSession,
  ChatMessage,
  CreatedTrip,
  DriverBooking,
  DriverOffer,
  DriverProfile,
  DriverTrip,
  DriverTripHistoryItem,
  DriverTripHistoryPage,
  DriverTripRequest,
  FareAdjustment,
  Health,
  PassengerBooking,
  PassengerTrip,
  PendingPayment,
  Place,
  RouteResult,
  TripDriver,
  TripHistoryItem,
  TripReceipt,
  User,
} from '@jala/contracts';
import { encodePolyline } from '@jala/domain';

export const PARQUE_KENNEDY = { latitude: -12.1211, longitude: -77.0297 } as const;
export const JOCKEY_PLAZA = { latitude: -12.0859, longitude: -76.9773 } as const;
const PICKUP_ADDRESS = 'Parque Kennedy, Miraflores';
const DESTINATION_ADDRESS = 'Jockey Plaza, Santiago de Surco';
const ROUTE_POLYLINE = encodePolyline([
  [-12.1211, -77.0297],
  [-12.1, -77.0],
  [-12.0859, -76.9773],
]);
const CREATED_AT = '2026-03-01T15:00:00.000Z';

export function makeUser(overrides: Partial<User> = {}): User {
  return {
    id: 1,
    name: 'Carla Ríos',
    first_name: 'Carla',
    last_name: 'Ríos',
    email: 'carla@correo.pe',
    phone: '987111222',
    avatar_url: null,
    user_type: 'passenger',
    roles: ['passenger'],
    permissions: [],
    driver: { can_drive: false, is_online: false },
    rating_average: null,
    created_at: CREATED_AT,
    consent_required: false,
    ...overrides,
  };
}

/** One of the account's open sessions ('Sesiones abiertas'): another phone unless overridden. */
export function makeAccountSession(overrides: Partial<AccountSession> = {}): AccountSession {
  return {
    id: '6f1c2b0e-4d5a-4f3b-9a8e-1c2d3e4f5a6b',
    device: 'Safari en iPhone',
    created_at: CREATED_AT,
    last_seen_at: '2026-03-01T18:05:00.000Z',
    is_current: false,
    ...overrides,
  };
}

/** A signed-in driver (id 7), for screens behind the driver session guard. */
export function makeDriverUser(overrides: Partial<User> = {}): User {
  return makeUser({ id: 7, user_type: 'driver', roles: ['driver'], ...overrides });
}

/** POST /trips answer. */
export function makeCreatedTrip(overrides: Partial<CreatedTrip> = {}): CreatedTrip {
  return {
    id: 7,
    trip_code: 'TRIP-7',
    status: 'pending',
    estimated_fare: 23.5,
    offer_price: null,
    distance_km: 7.8,
    duration_minutes: 22,
    route_polyline: ROUTE_POLYLINE,
    created_at: CREATED_AT,
    expires_at: '2026-03-01T15:15:00.000Z',
    published_at: null,
    ...overrides,
  };
}

/** The assigned driver as the passenger's active trip shows them. */
export function makeTripDriver(overrides: Partial<TripDriver> = {}): TripDriver {
  return {
    id: 5,
    name: 'Carlos Mamani',
    phone: '912345678',
    phone_verified: false,
    vehicle: 'Toyota Yaris · Blanco · ABC-123',
    rating_average: 4.8,
    location_latitude: -12.124,
    location_longitude: -77.0297,
    vehicle_details: {
      brand: 'Toyota',
      model: 'Yaris',
      color: 'Blanco',
      license_plate: 'ABC-123',
      vehicle_type: 'auto',
    },
    has_photo: false,
    ...overrides,
  };
}

/** GET /trips/active: a pending trip without a driver unless overridden. */
export function makePassengerTrip(overrides: Partial<PassengerTrip> = {}): PassengerTrip {
  return {
    id: 7,
    trip_code: 'TRIP-7',
    status: 'pending',
    pickup_address: PICKUP_ADDRESS,
    pickup_latitude: PARQUE_KENNEDY.latitude,
    pickup_longitude: PARQUE_KENNEDY.longitude,
    destination_address: DESTINATION_ADDRESS,
    destination_latitude: JOCKEY_PLAZA.latitude,
    destination_longitude: JOCKEY_PLAZA.longitude,
    service_type_id: 2,
    service_type: { id: 2, name: 'Auto' },
    passenger_notes: null,
    offer_price: 20,
    agreed_fare: null,
    estimated_fare: 23.5,
    final_fare: null,
    distance_km: 7.8,
    duration_minutes: 22,
    route_polyline: ROUTE_POLYLINE,
    created_at: CREATED_AT,
    published_at: '2026-03-01T15:00:01.000Z',
    expires_at: '2026-03-01T15:15:00.000Z',
    driver: null,
    fare_adjustments: [],
    start_code: null,
    start_code_locked: false,
    ...overrides,
  };
}

/** GET /driver/trips/current: an accepted trip unless overridden. */
export function makeDriverTrip(overrides: Partial<DriverTrip> = {}): DriverTrip {
  return {
    id: 777,
    trip_code: 'TRIP-777',
    trip_status: 'accepted',
    pickup_address: PICKUP_ADDRESS,
    pickup_latitude: PARQUE_KENNEDY.latitude,
    pickup_longitude: PARQUE_KENNEDY.longitude,
    destination_address: DESTINATION_ADDRESS,
    destination_latitude: JOCKEY_PLAZA.latitude,
    destination_longitude: JOCKEY_PLAZA.longitude,
    service_type_id: 2,
    passenger_id: 90,
    passenger_name: 'Rosa Huamán',
    passenger_phone: '987654321',
    passenger_phone_verified: false,
    passenger_rating: 4.8,
    passenger_notes: 'Voy con una maleta',
    estimated_fare: 23.5,
    actual_fare: 21.5,
    distance_km: 7.8,
    duration_minutes: 22,
    route_polyline: ROUTE_POLYLINE,
    accepted_at: CREATED_AT,
    agreed_fare: 21.5,
    fare_adjustments: [],
    ...overrides,
  };
}

/** A fare adjustment the driver asked for (pending unless overridden). */
export function makeFareAdjustment(overrides: Partial<FareAdjustment> = {}): FareAdjustment {
  return {
    id: 1,
    amount: 3.5,
    reason: 'tolls',
    note: null,
    status: 'pending',
    created_at: CREATED_AT,
    answered_at: null,
    ...overrides,
  };
}

/** GET /trips/{id}/receipt of a completed trip at its agreed price. */
export function makeTripReceipt(overrides: Partial<TripReceipt> = {}): TripReceipt {
  return {
    trip_id: 7,
    trip_code: 'TRIP-7',
    pickup_address: PICKUP_ADDRESS,
    destination_address: DESTINATION_ADDRESS,
    distance_km: 7.8,
    service_type: 'Auto',
    agreed_fare: 20,
    adjustments: [],
    total: 20,
    payment_method: 'Efectivo',
    passenger_name: 'Rosa Huamán',
    driver_name: 'Carlos Mamani',
    vehicle: 'Toyota Yaris · Blanco · ABC-123',
    requested_at: CREATED_AT,
    accepted_at: CREATED_AT,
    started_at: CREATED_AT,
    completed_at: '2026-03-01T15:40:00.000Z',
    ended_far_from_destination_m: null,
    ...overrides,
  };
}

/** A pending request as a driver's list shows it. */
export function makeDriverTripRequest(overrides: Partial<DriverTripRequest> = {}): DriverTripRequest {
  return {
    id: 501,
    passenger_name: 'Rosa Huamán',
    passenger_rating: 4.75,
    passenger_phone_verified: false,
    service_type: 'Auto',
    service_type_id: 2,
    pickup_address: PICKUP_ADDRESS,
    destination_address: DESTINATION_ADDRESS,
    pickup_latitude: PARQUE_KENNEDY.latitude,
    pickup_longitude: PARQUE_KENNEDY.longitude,
    estimated_fare: 23.5,
    offer_price: 20,
    estimated_distance: 7.8,
    estimated_duration: 22,
    distance_to_pickup_km: 0.35,
    passenger_notes: 'Estoy en la puerta de la iglesia',
    my_offer_price: null,
    created_at: CREATED_AT,
    fare_hint: { similar_trips: 12, low: 18.5, high: 24, estimate: 23.5 },
    ...overrides,
  };
}

/** A driver's offer on trip 7 (ids follow the driver: offer 10 × driver). */
export function makeDriverOffer(overrides: Partial<DriverOffer> = {}): DriverOffer {
  const driverId = overrides.driver_id ?? 5;
  return {
    offer_id: driverId * 10,
    trip_id: 7,
    driver_id: driverId,
    price: 20,
    driver: {
      name: `Conductor ${driverId}`,
      rating: 4.5,
      vehicle: 'Toyota Yaris · Blanco · ABC-123',
      phone_verified: false,
    },
    location: null,
    created_at: CREATED_AT,
    ...overrides,
  };
}

/** A booking on the passenger's "Próximos viajes": trip 40, confirmed with driver 5 for 29 November at 05:00 Lima. */
export function makePassengerBooking(overrides: Partial<PassengerBooking> = {}): PassengerBooking {
  return {
    id: 40,
    trip_code: 'TRIP-40',
    scheduled_for: '2026-11-29T10:00:00.000Z',
    pickup_address: PICKUP_ADDRESS,
    destination_address: DESTINATION_ADDRESS,
    service_type_id: 2,
    fare: 23.5,
    distance_km: 7.8,
    duration_minutes: 22,
    state: 'confirmed',
    offers_count: 0,
    driver: { id: 5, name: 'Rosa Quispe', vehicle: 'Toyota Yaris · Blanco · ABC-123' },
    late_cancel: false,
    ...overrides,
  };
}

/** The same booking on the driver's "Programados", confirmed with them. */
export function makeDriverBooking(overrides: Partial<DriverBooking> = {}): DriverBooking {
  return {
    id: 40,
    scheduled_for: '2026-11-29T10:00:00.000Z',
    passenger_name: 'Lucía Torres',
    service_type_id: 2,
    service_type: 'Auto',
    payment_method: 'cash',
    cash_note: null,
    pickup_address: PICKUP_ADDRESS,
    destination_address: DESTINATION_ADDRESS,
    pickup_latitude: PARQUE_KENNEDY.latitude,
    pickup_longitude: PARQUE_KENNEDY.longitude,
    fare: 23.5,
    distance_km: 7.8,
    duration_minutes: 22,
    distance_to_pickup_km: 1.2,
    my_offer_price: 23.5,
    confirmed: true,
    passenger_cancelled_at: null,
    ...overrides,
  };
}

export function makeChatMessage(overrides: Partial<ChatMessage> = {}): ChatMessage {
  return { sender: 1, role: 'passenger', message: 'Estoy en la puerta', timestamp: CREATED_AT, ...overrides };
}

/** One card of GET /passenger/trip-history: a completed, rated trip. */
export function makeTripHistoryItem(overrides: Partial<TripHistoryItem> = {}): TripHistoryItem {
  return {
    id: 7,
    trip_code: 'TRIP-7',
    status: 'completed',
    trip_date: CREATED_AT,
    pickup_address: PICKUP_ADDRESS,
    destination_address: DESTINATION_ADDRESS,
    service_type: 'Auto',
    service_type_id: 2,
    final_fare: 20,
    estimated_fare: 23.5,
    distance_km: 7.8,
    duration_minutes: 22,
    driver: { id: 5, name: 'Carlos Mamani', rating_average: 4.8 },
    my_rating: 5,
    ...overrides,
  };
}

/** One card of the driver's GET /driver/trip-history: a completed cash trip the passenger rated. */
export function makeDriverTripHistoryItem(overrides: Partial<DriverTripHistoryItem> = {}): DriverTripHistoryItem {
  return {
    id: 7,
    trip_code: 'TRIP-7',
    status: 'completed',
    trip_date: CREATED_AT,
    pickup_address: PICKUP_ADDRESS,
    destination_address: DESTINATION_ADDRESS,
    service_type: 'Auto',
    service_type_id: 2,
    agreed_fare: 20,
    final_fare: 20,
    estimated_fare: 23.5,
    distance_km: 7.8,
    duration_minutes: 22,
    payment_method: 'cash',
    payment_status: null,
    awaiting_payment_answer: false,
    passenger_first_name: 'Carla',
    my_rating: null,
    rating_received: 5,
    ...overrides,
  };
}

/** A page of GET /driver/trip-history holding `trips` (one page unless told otherwise). */
export function makeDriverTripHistoryPage(
  trips: DriverTripHistoryItem[],
  overrides: Partial<DriverTripHistoryPage> = {},
): DriverTripHistoryPage {
  return {
    trips,
    page: 1,
    per_page: 10,
    total: trips.length,
    total_pages: 1,
    awaiting_payment_answers: trips.filter((trip) => trip.awaiting_payment_answer).length,
    ...overrides,
  };
}

export function makePlace(overrides: Partial<Place> = {}): Place {
  return {
    placeId: 'geonames:parque-kennedy',
    name: 'Parque Kennedy',
    formattedAddress: PICKUP_ADDRESS,
    coordinates: { ...PARQUE_KENNEDY },
    types: ['park'],
    ...overrides,
  };
}

/** GET /geo/route answer. */
export function makeRouteResult(overrides: Partial<RouteResult> = {}): RouteResult {
  return {
    distance: { text: '7.8 km', value: 7800 },
    duration: { text: '22 min', value: 1320 },
    polyline: ROUTE_POLYLINE,
    steps: [],
    estimatedCost: 23.5,
    ...overrides,
  };
}

/** A 'Ya pagué' waiting for the driver's answer (GET /driver/pending-payments). */
export function makePendingPayment(overrides: Partial<PendingPayment> = {}): PendingPayment {
  return {
    trip_id: 40,
    method: 'yape',
    amount: 38,
    passenger_first_name: 'Ana',
    reported_at: '2026-03-01T15:45:00.000Z',
    ...overrides,
  };
}

/** GET /health of a node that is up, with the offline maps provider and a tile URL unless overridden. */
export function makeHealth(overrides: Partial<Health> = {}): Health {
  return {
    status: 'ok',
    node: 'test',
    database: 'pglite',
    database_status: 'ok',
    redis: 'not_configured',
    broker: 'ok',
    mqtt_clients: 0,
    geo: 'offline',
    tile_url: 'http://127.0.0.1:9/{z}/{x}/{y}.png',
    ...overrides,
  };
}

/** GET /driver/profile of a verified driver unless overridden. */
export function makeDriverProfile(overrides: Partial<DriverProfile> = {}): DriverProfile {
  return {
    license_number: 'Q12345678',
    license_expiry_date: '2030-01-01',
    emergency_contact_name: 'Ana Quispe',
    emergency_contact_phone: '912345678',
    search_radius_km: 5,
    verification_status: 'verified',
    ...overrides,
  };
}
