/** A phone already signed in, for walks whose subject is not signing in (the form is walked by foundation.test.ts). */
import { TOKEN_STORAGE_KEY } from '@jala/domain';
import type { Browser, BrowserContext, Page } from 'playwright-core';

import { apiAt, loginToken } from './api';
import { phoneContext, type PhoneOptions } from './browser';

/**
 * A phone signed in as the factory account `email`: its token from POST /auth/login is put where the app
 * keeps it before the context's first document loads, so the first `goto` opens that page signed in, with
 * no login form and no dashboard on the way. The page is left blank, so the caller can watch it (a
 * WebSocket, a request) before opening its first page. With `options.baseURL` the account is one of that
 * product's (a product the test file started itself), signed in there.
 */
export async function signedInPhone(
  browser: Browser,
  email: string,
  options: PhoneOptions = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const { baseURL } = options;
  const token = await (baseURL ? apiAt(() => baseURL).loginToken(email) : loginToken(email));
  const context = await phoneContext(browser, options);
  await context.addInitScript(
    ([key, value]) => {
      try {
        if (localStorage.getItem(key) === null) localStorage.setItem(key, value);
      } catch {
        // A document without storage (about:blank): the app never runs there.
      }
    },
    [TOKEN_STORAGE_KEY, token] as const,
  );
  return { context, page: await context.newPage() };
}
