import { z } from 'zod';

import { personNameAndContact } from './shapes';

export const USER_TYPES = ['passenger', 'driver', 'both'] as const;
export const zUserType = z.enum(USER_TYPES);
export type UserType = z.infer<typeof zUserType>;

/** The session user as the client reads it (spec §3 'User'). */
export const zUser = z.object({
  id: z.number().int(),
  name: z.string(),
  ...personNameAndContact,
  avatar_url: z.string().nullable(),
  user_type: zUserType,
  roles: z.array(z.string()),
  permissions: z.array(z.string()),
  driver: z.object({ can_drive: z.boolean(), is_online: z.boolean() }),
  rating_average: z.number().nullable(),
  created_at: z.string(),
  /**
   * The account has not accepted the current version of the legal documents (domain LEGAL_VERSION): the app
   * asks before anything else and records the answer with POST /account/consent.
   */
  consent_required: z.boolean(),
});
export type User = z.infer<typeof zUser>;

/**
 * notifications/{userId} (only that user subscribes; only the server publishes): the account changed — profile,
 * user type, operator role, reactivation, a rating received. The open app reads its profile again (so a new
 * operator sees 'Consola de operadores' without a reload); the message carries no details, the profile is the truth.
 */
export const zAccountNotification = z.object({ type: z.literal('account_changed') });
export type AccountNotification = z.infer<typeof zAccountNotification>;
