import { z } from 'zod';

// Zod's own messages (wrong type, missing field) in Spanish, for client and server alike.
z.config(z.locales.es());

export * from './http/envelope';
export * from './http/error-codes';
export * from './core/user';
export * from './core/text';
export * from './core/fields';
export * from './core/auth';
export * from './core/password';
export * from './mqtt/topics';
export * from './trips/trip';
export * from './trips/trip-views';
export * from './core/geo';
export * from './core/system';
export * from './accounts/driver';
export * from './accounts/passenger';
export * from './trips/safety';
export * from './accounts/operators';
export * from './trips/fare-hint';
export * from './accounts/notifications';
export * from './trips/booking';
export * from './trips/payment';
export * from './accounts/driver-history';
export * from './accounts/account';
export * from './accounts/account-export';
export * from './accounts/phone-verification';
export * from './admin/kpis';
export * from './ledger/driver-ledger';
