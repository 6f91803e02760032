import type { User } from '@jala/contracts';
import { isDriverType, isPassengerType, needsConsent } from '@jala/domain';

import { fullName } from '../../lib/person-name';
import type { CachedUser } from './session-cache';
import type { DriverProfileRow } from './users.repository';

/**
 * What each role may do. The client checks membership in this list (spec §6); the server enforces the same
 * rules on every route, so the list is informative, never the authority.
 */
const PASSENGER_PERMISSIONS = [
  'trip:request',
  'trip:cancel',
  'offer:accept',
  'chat:write',
  'places:manage',
  'history:read',
];
const DRIVER_PERMISSIONS = [
  'requests:read',
  'offer:send',
  'trip:drive',
  'vehicles:manage',
  'status:manage',
  'earnings:read',
];

/**
 * Whether a driver may receive requests and send offers: a registered, verified profile.
 * A driver pending verification may complete the profile, add vehicles and go online, but is not matched.
 */
export function canDrive(profile: DriverProfileRow | undefined): boolean {
  return profile?.verificationStatus === 'verified';
}

export function toUserDto(user: CachedUser, profile: DriverProfileRow | undefined, ratingAverage: number | null): User {
  const roles: string[] = [];
  const permissions: string[] = [];
  if (isPassengerType(user.userType)) {
    roles.push('passenger');
    permissions.push(...PASSENGER_PERMISSIONS);
  }
  if (isDriverType(user.userType)) {
    roles.push('driver');
    permissions.push(...DRIVER_PERMISSIONS);
  }
  if (user.isAdmin) {
    roles.push('admin');
    permissions.push('drivers:verify');
  }
  return {
    id: user.id,
    name: fullName(user),
    first_name: user.firstName,
    last_name: user.lastName,
    email: user.email,
    phone: user.phone,
    avatar_url: user.avatarUrl,
    user_type: user.userType,
    roles,
    permissions,
    driver: {
      can_drive: isDriverType(user.userType) && canDrive(profile),
      is_online: profile?.driverStatus === 'online',
    },
    rating_average: ratingAverage,
    created_at: user.createdAt.toISOString(),
    consent_required: needsConsent(user.consentVersion),
  };
}
