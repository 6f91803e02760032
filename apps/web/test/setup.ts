/**
 * Set-up of every web test file (vitest.config.ts `setupFiles`).
 *
 * Testing Library's findBy… queries and waitFor give up after 1 s by default: an idle machine renders a lazy page or
 * answers the fixture server well within that, a busy one (CI beside other work) does not. A wait ends at
 * the event it waits for, so a generous ceiling costs nothing when the test passes; it only bounds how long
 * a failing test takes to say what it missed. Tests use this default and never pass a shorter `timeout`.
 */
import { configure } from '@testing-library/react';

/** Within the web project's testTimeout (vitest.config.ts), so a missed wait reports itself, not the runner. */
export const ASYNC_UTIL_TIMEOUT_MS = 20_000;

configure({ asyncUtilTimeout: ASYNC_UTIL_TIMEOUT_MS });
