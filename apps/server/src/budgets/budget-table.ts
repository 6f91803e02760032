/**
 * Every write a client can make, and the few reads that cost real work, with how often one person may make
 * it. One table so the whole policy reads at a glance (docs/SECURITY.md "Budgets" explains the sizes); the
 * server refuses to start when a write route has no row here (http-budgets.ts), so a new route cannot ship
 * unbudgeted.
 *
 * Sizes are for a real phone: several times what the busiest honest use of the screen makes in the window,
 * never so low that a well-behaved app (retries included) meets them. Counted per signed-in user unless said:
 * `session` for what each phone does on its own (presence heartbeats), `address` where nobody is signed in yet,
 * `email` per e-mail address the body names (a digest of it: the same for an address with or without an account).
 * A row may add a second budget on another key (`also`): a request must fit both.
 * Requests refused before the budget (bad input: 400, no session: 401) do not spend it.
 */
import type { AppConfig } from '../config';

export type BudgetKey = 'user' | 'session' | 'address' | 'phone' | 'email';

export interface Budget {
  /** Requests allowed per window; a function of the configuration where an environment variable sets it. */
  limit: number | ((config: Pick<AppConfig, 'authRateLimitPerMinute'>) => number);
  windowSeconds: number;
  per: BudgetKey;
  /** A second budget the same request spends, counted on another key. */
  also?: Budget;
}

const MINUTE = 60;
const TEN_MINUTES = 10 * MINUTE;
const HOUR = 60 * MINUTE;

const budget = (limit: Budget['limit'], windowSeconds: number, per: BudgetKey = 'user'): Budget => ({
  limit,
  windowSeconds,
  per,
});
const authAttempts = budget((config) => config.authRateLimitPerMinute, MINUTE, 'address');

/** `METHOD /api/path` as Fastify registers the route → its budget. */
export const HTTP_BUDGETS: Readonly<Record<string, Budget>> = {
  // Account
  'POST /api/auth/login': authAttempts,
  'POST /api/auth/register': authAttempts,
  'POST /api/auth/register-driver': budget(10, HOUR),
  'POST /api/auth/logout': budget(30, MINUTE),
  // Password reset by e-mail: per address like sign-in, and per e-mail so nobody's inbox is flooded
  'POST /api/auth/password-reset': { ...authAttempts, also: budget(5, HOUR, 'email') },
  'POST /api/auth/password-reset/check': budget(60, TEN_MINUTES, 'address'),
  'POST /api/auth/password-reset/confirm': authAttempts,
  // Also what a stolen session could spend guessing the current password
  'PUT /api/auth/password': budget(10, HOUR),
  'PUT /api/auth/profile': budget(20, TEN_MINUTES),
  'POST /api/passenger/profile/update': budget(20, TEN_MINUTES),
  'POST /api/passenger/saved-locations': budget(30, HOUR),
  'DELETE /api/passenger/saved-locations/:id': budget(60, HOUR),

  // The account's lifecycle: ending sessions, accepting new terms; deletion is confirmed with the password, so
  // its budget is also how many wrong passwords a stolen unlocked session may try
  'DELETE /api/account/sessions/:id': budget(30, HOUR),
  'POST /api/account/sessions/end-others': budget(10, HOUR),
  'POST /api/account/consent': budget(10, HOUR),
  'DELETE /api/account': budget(5, HOUR),

  // A passenger's trips (bookings are trips with a time: created and cancelled by the same routes)
  'POST /api/trips': budget(15, HOUR),
  'PUT /api/trips/:id/cancel': budget(15, HOUR),
  'POST /api/trips/:id/publish': budget(30, HOUR),
  'POST /api/trips/:id/raise-price': budget(30, HOUR),
  'POST /api/drivers/trips/accept': budget(30, HOUR),
  'PUT /api/trips/:id/fare-adjustment': budget(30, HOUR),
  'POST /api/trips/:id/payment/paid': budget(20, HOUR),
  'POST /api/trips/:id/rating': budget(20, HOUR),

  // A driver's work: offers and rejections come in bursts while requests arrive
  'POST /api/driver/trips/accept': budget(60, TEN_MINUTES),
  'POST /api/driver/trip-requests/reject': budget(120, TEN_MINUTES),
  'PUT /api/driver/trips/:id/status': budget(60, TEN_MINUTES),
  'POST /api/driver/trips/complete': budget(20, TEN_MINUTES),
  'POST /api/driver/trips/:id/fare-adjustments': budget(20, TEN_MINUTES),
  'POST /api/driver/trips/:id/payment/received': budget(20, TEN_MINUTES),
  'POST /api/driver/trips/:id/payment/not-received': budget(20, TEN_MINUTES),
  'POST /api/driver/scheduled-trips/:id/cancel': budget(10, HOUR),
  'POST /api/driver/status': budget(30, TEN_MINUTES),

  // A driver's account, vehicles and documents
  'POST /api/driver/register': budget(10, HOUR),
  'POST /api/driver/profile/update': budget(20, TEN_MINUTES),
  'PUT /api/driver/payment-methods': budget(20, TEN_MINUTES),
  'POST /api/driver/vehicles/add': budget(20, HOUR),
  'PUT /api/driver/vehicles/:id': budget(30, HOUR),
  'PUT /api/driver/documents/:kind': budget(30, HOUR),
  'POST /api/driver/documents/submit': budget(10, HOUR),
  'PUT /api/driver/photo': budget(10, HOUR),
  'DELETE /api/driver/photo': budget(10, HOUR),

  // "Verifica tu celular": one code a minute per account is the service's own rule (60 s between codes, which
  // says how long to wait); these cap a client address that cycles accounts (mobile carriers put many phones
  // behind one address, hence room for a few dozen people), and guesses, which 5 per code already bound.
  'POST /api/phone-verification/code': budget(30, HOUR, 'address'),
  'POST /api/phone-verification/confirm': budget(30, TEN_MINUTES),

  // Safety: an SOS repeated while one is open returns that alert (safety.service.ts); this caps the rest
  'PUT /api/safety/contacts': budget(20, HOUR),
  'POST /api/safety/share': budget(10, HOUR),
  'POST /api/safety/sos': budget(5, HOUR),

  // Notifications: the app reports presence every 30 s and on each visibility change, per phone
  'POST /api/notifications/subscription': budget(10, HOUR),
  'DELETE /api/notifications/subscription': budget(20, HOUR),
  'PUT /api/notifications/presence': budget(30, MINUTE, 'session'),
  'PUT /api/notifications/preferences': budget(30, TEN_MINUTES),
  'POST /api/notifications/test': budget(3, TEN_MINUTES),

  // Operators' console (every write is also audited)
  'POST /api/admin/drivers/:id/verify': budget(60, MINUTE),
  'POST /api/admin/drivers/:id/reject': budget(60, MINUTE),
  'POST /api/admin/users/:id/suspend': budget(60, MINUTE),
  'POST /api/admin/users/:id/reactivate': budget(60, MINUTE),
  'POST /api/admin/trips/:id/cancel': budget(60, MINUTE),
  'POST /api/admin/alerts/:id/resolve': budget(60, MINUTE),
  'POST /api/admin/payment-cases/:id/resolve': budget(60, MINUTE),
  // 'Saldo con Jala': an operator types each top-up or adjustment by hand from a Yape screen
  'POST /api/admin/drivers/:id/ledger/top-ups': budget(60, MINUTE),
  'POST /api/admin/drivers/:id/ledger/adjustments': budget(60, MINUTE),
  'POST /api/admin/operators': budget(20, MINUTE),
  'DELETE /api/admin/operators/:id': budget(20, MINUTE),

  // Reads that cost real work: a provider or gazetteer search, a route and an aggregate, a rendered PDF
  'GET /api/geo/search': budget(60, MINUTE),
  'GET /api/geo/reverse': budget(60, MINUTE),
  'GET /api/geo/route': budget(60, MINUTE),
  'GET /api/trips/fare-hint': budget(30, MINUTE),
  // 'Indicadores' aggregates every trip of up to a year: a filter change is a request, a loop is not.
  'GET /api/admin/kpis': budget(30, MINUTE),
  'GET /api/trips/:id/receipt.pdf': budget(20, MINUTE),
  // Every table of the account read in one answer ('Descargar mis datos')
  'GET /api/account/export': budget(5, HOUR),
};

/**
 * Texts the server sends, counted per destination number whichever account asks (SMS_BUDGETS.perNumber is
 * spent by modules/phone-verification before each send): a number someone keeps typing into new accounts
 * receives at most this many codes, so nobody can use Jala to flood a stranger's phone or run up the bill.
 */
export const SMS_BUDGETS = {
  perNumber: budget(5, HOUR, 'phone'),
} as const satisfies Record<string, Budget>;

/**
 * What clients publish over MQTT (everything else is the server's, or refused by the topic ACL). Counted per
 * sender, and for chat per sender and conversation. Over the budget a message is dropped (neither delivered
 * nor stored); past `disconnectAfter` times the budget within one window the connection is closed.
 */
export const MQTT_BUDGETS = {
  /** A person typing fast sends a message every 2 s. */
  chat: budget(30, MINUTE),
  /** The driver's app publishes every 4 s (use-location-publisher.ts). */
  driverLocation: budget(60, MINUTE),
  /** A passenger's publication of their own request (once per trip, plus retries). */
  tripRequests: budget(20, TEN_MINUTES),
} as const satisfies Record<string, Budget>;

export type PublishTopicKind = keyof typeof MQTT_BUDGETS;

/** Messages beyond this many times the budget, within its window, close the connection. */
export const MQTT_DISCONNECT_FACTOR = 2;
