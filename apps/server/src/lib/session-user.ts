import type { UserType } from '@jala/contracts';

/**
 * The user a valid session token names, as HTTP routes (`request.user`) and the MQTT broker see them.
 * Defined here rather than in the auth module so plugins and realtime depend on a type, not on a module.
 */
export interface AuthenticatedUser {
  id: number;
  sessionId: string;
  userType: UserType;
  isAdmin: boolean;
}

/** Resolves a session token to its user, or null for a missing, forged, expired or revoked one. */
export type TokenAuthenticator = (token: string) => Promise<AuthenticatedUser | null>;
