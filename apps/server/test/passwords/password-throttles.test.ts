/**
 * The reset request's budgets, on both databases: per e-mail (whatever address asks, an e-mail with or without
 * an account alike, so a 429 tells nothing either) and per client address; the change of a known password per
 * user. Each refusal is the usual 429 with Retry-After and a Spanish message.
 */
import { createUser } from '@jala/test-factories/database';
import { expect } from 'vitest';

import { HTTP_BUDGETS } from '../../src/budgets/budget-table';
import { parseTrustProxy } from '../../src/lib/trust-proxy';
import { login } from '../support/actors';
import { describeOnBackends } from '../support/backends';
import { api, registerUser, statusesInTurn } from '../support/http';

/** The address budget here: a few reset requests per minute per client address. */
const PER_ADDRESS = 4;
const PER_EMAIL = Number(HTTP_BUDGETS['POST /api/auth/password-reset']?.also?.limit);
const CHANGES_PER_HOUR = Number(HTTP_BUDGETS['PUT /api/auth/password']?.limit);

/** A reset request from `address` (the proxy in front, 127.0.0.1, is trusted to say it). */
const ask = (baseUrl: string, email: string, address: string) =>
  fetch(`${baseUrl}/auth/password-reset`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
    body: JSON.stringify({ email }),
  });

let addresses = 0;
const freshAddress = () => `203.0.113.${(addresses += 1)}`;

describeOnBackends(
  'password throttles on %s',
  ({ t, maybe }) => {
    maybe('limits reset links per e-mail, from any address, for an e-mail with or without an account', async () => {
      expect(PER_EMAIL).toBe(5);
      const known = (await registerUser(t.baseUrl)).user.email;
      const unknown = `nadie.${Date.now()}@prueba.pe`;
      for (const email of [known, unknown]) {
        // A new address each time: the e-mail's own budget is what refuses the last one.
        const statuses = await statusesInTurn(PER_EMAIL + 1, () => ask(t.baseUrl, email, freshAddress()));
        expect(statuses).toEqual([...Array<number>(PER_EMAIL).fill(200), 429]);
      }
      const refusedKnown = await ask(t.baseUrl, known, freshAddress());
      const refusedUnknown = await ask(t.baseUrl, unknown, freshAddress());
      expect(refusedKnown.headers.get('retry-after')).toMatch(/^\d+$/);
      const [forKnown, forUnknown] = [await refusedKnown.text(), await refusedUnknown.text()];
      expect(forKnown).toBe(forUnknown);
      const body = JSON.parse(forKnown) as { success: boolean; code: string; message: string };
      expect(body).toMatchObject({ success: false, code: 'RATE_LIMITED' });
      expect(body.message).toMatch(/^Demasiados intentos seguidos\. Inténtalo de nuevo en \d+ minutos?\.$/);
      await t.app.services.mail.idle();
    });

    maybe('limits reset requests per client address, whatever e-mails it names', async () => {
      const address = freshAddress();
      const statuses = await statusesInTurn(PER_ADDRESS + 1, (i) =>
        ask(t.baseUrl, `persona${i}.${Date.now()}@prueba.pe`, address),
      );
      expect(statuses).toEqual([...Array<number>(PER_ADDRESS).fill(200), 429]);
      // Another address is not held back by that one.
      expect((await ask(t.baseUrl, `otra.${Date.now()}@prueba.pe`, freshAddress())).status).toBe(200);
    });

    maybe('limits password changes per user, wrong guesses of the current one included', async () => {
      const user = await createUser(t.app.database.db);
      const { token } = await login(t.baseUrl, user.email);
      const guess = (i: number) =>
        api(t.baseUrl, 'PUT', '/auth/password', {
          token,
          body: { current_password: `adivina-${i}`, password: 'nueva-clave-1', password_confirmation: 'nueva-clave-1' },
        });
      const statuses = await statusesInTurn(CHANGES_PER_HOUR + 1, guess);
      expect(statuses).toEqual([...Array<number>(CHANGES_PER_HOUR).fill(400), 429]);
      const refused = await guess(99);
      expect(refused.body).toMatchObject({ code: 'RATE_LIMITED' });
    });
  },
  {
    start: () => ({
      config: {
        authRateLimitPerMinute: PER_ADDRESS,
        trustProxy: (parseTrustProxy('127.0.0.1') as { value: string[] }).value,
      },
    }),
  },
);
