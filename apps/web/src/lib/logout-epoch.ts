/**
 * Counts the logouts on this browser (localStorage, so it outlives a reload). A post-login destination kept
 * for whoever signs in next carries the count of when it was recorded: after a logout it belongs to a
 * previous person of a shared phone, and nobody else is sent there (app/route-guards.tsx).
 */
const LOGOUT_EPOCH_KEY = 'jala_logout_epoch';

export function logoutEpoch(): number {
  try {
    return Number(localStorage.getItem(LOGOUT_EPOCH_KEY)) || 0;
  } catch {
    return 0;
  }
}

export function noteLogout(): void {
  try {
    localStorage.setItem(LOGOUT_EPOCH_KEY, String(logoutEpoch() + 1));
  } catch {
    // Storage blocked (a private window's quota): the in-memory `ended` still covers this tab.
  }
}
