import { z } from 'zod';

// Zod's own messages (wrong type, missing field) in Spanish, for client and server alike.
z.config(z.locales.es());

export * from './envelope';
export * from './user';
export * from './text';
export * from './fields';
export * from './auth';
export * from './topics';
export * from './trip';
export * from './trip-views';
export * from './geo';
export * from './system';
export * from './driver';
export * from './passenger';
export * from './safety';
export * from './operators';
export * from './fare-hint';
export * from './notifications';
export * from './booking';
export * from './payment';
export * from './driver-history';
