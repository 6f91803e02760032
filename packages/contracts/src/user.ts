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
});
export type User = z.infer<typeof zUser>;
