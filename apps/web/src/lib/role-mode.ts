/**
 * The mode a `both` user last chose (passenger or driver), remembered on this device so '/dashboard'
 * and the next login land where they left off. Other users have one mode and ignore it.
 */
export type RoleMode = 'passenger' | 'driver';

export const ROLE_MODE_STORAGE_KEY = 'jala.role-mode';

export function readRoleMode(storage: Pick<Storage, 'getItem'> = localStorage): RoleMode | null {
  try {
    const value = storage.getItem(ROLE_MODE_STORAGE_KEY);
    return value === 'passenger' || value === 'driver' ? value : null;
  } catch {
    return null;
  }
}

export function writeRoleMode(mode: RoleMode, storage: Pick<Storage, 'setItem'> = localStorage): void {
  try {
    storage.setItem(ROLE_MODE_STORAGE_KEY, mode);
  } catch {
    // Private mode without storage: the switch still works for this visit.
  }
}

/** The mode a path belongs to ('/driver/…' is driver mode), else null. */
export function modeOfPath(pathname: string): RoleMode | null {
  if (pathname.startsWith('/driver')) return 'driver';
  if (pathname.startsWith('/passenger')) return 'passenger';
  return null;
}

export const dashboardOfMode = (mode: RoleMode): string => `/${mode}/dashboard`;
