/**
 * Consent to the 'Términos y condiciones' and the 'Política de privacidad' on both databases: sign-up needs it
 * (a Spanish 400 without it, and no account), records the current version per document, and an account that
 * accepted an older version (or none, from before consent was recorded) is asked again at sign-in until it
 * accepts through POST /account/consent.
 */
import type { AuthResult, User } from '@jala/contracts';
import { eq, schema } from '@jala/db';
import { LEGAL_VERSION } from '@jala/domain';
import { createUser, FACTORY_PASSWORD } from '@jala/test-factories/database';
import { expect } from 'vitest';

import { login } from '../support/actors';
import { describeOnBackends } from '../support/backends';
import { api, registerUser } from '../support/http';

describeOnBackends('consent to the legal documents on %s', ({ t, maybe }) => {
  const consentsOf = (userId: number) =>
    t.app.database.db
      .select({ document: schema.consents.document, version: schema.consents.version, source: schema.consents.source })
      .from(schema.consents)
      .where(eq(schema.consents.userId, userId));

  maybe.each([
    ['without the checkbox', {}],
    ['with it unticked', { accept_terms: false }],
  ])('sign-up %s is a Spanish 400 and creates no account', async (_case, consent) => {
    const email = `sinacuerdo${Math.random().toString(36).slice(2)}@correo.pe`;
    const res = await api(t.baseUrl, 'POST', '/auth/register', {
      body: {
        first_name: 'Ana',
        last_name: 'Paz',
        email,
        phone: '987654321',
        password: 'secreto123',
        user_type: 'passenger',
        ...consent,
      },
    });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION');
    expect(res.body.fields?.accept_terms).toBe('Debes aceptar los Términos y condiciones y la Política de privacidad.');
    expect((await api(t.baseUrl, 'POST', '/auth/login', { body: { email, password: 'secreto123' } })).status).toBe(401);
  });

  maybe('sign-up records the current version of both documents and asks nothing more', async () => {
    const registered = await registerUser(t.baseUrl);
    expect((registered.user as unknown as User).consent_required).toBe(false);
    expect(await consentsOf(registered.user.id)).toEqual(
      expect.arrayContaining([
        { document: 'terms', version: LEGAL_VERSION, source: 'sign_up' },
        { document: 'privacy', version: LEGAL_VERSION, source: 'sign_up' },
      ]),
    );
    const again = await api<AuthResult>(t.baseUrl, 'POST', '/auth/login', {
      body: { email: registered.user.email, password: registered.password },
    });
    expect(again.body.data.user.consent_required).toBe(false);
  });

  maybe.each([
    ['accepted an older version', '2025-01-15'],
    ['never accepted (an account from before consent was recorded)', null],
  ])('an account that %s is asked at sign-in until it accepts', async (_case, accepted) => {
    const user = await createUser(t.app.database.db, { consentVersion: accepted });
    const signedIn = await api<AuthResult>(t.baseUrl, 'POST', '/auth/login', {
      body: { email: user.email, password: FACTORY_PASSWORD },
    });
    expect(signedIn.body.data.user.consent_required).toBe(true);
    const { token } = signedIn.body.data;
    expect((await api<User>(t.baseUrl, 'GET', '/auth/profile', { token })).body.data.consent_required).toBe(true);

    const unticked = await api(t.baseUrl, 'POST', '/account/consent', { token, body: {} });
    expect(unticked.status).toBe(400);
    expect(unticked.body.fields?.accept_terms).toBe(
      'Debes aceptar los Términos y condiciones y la Política de privacidad.',
    );

    const accepted1 = await api<User>(t.baseUrl, 'POST', '/account/consent', { token, body: { accept_terms: true } });
    expect(accepted1.status).toBe(200);
    expect(accepted1.body.data.consent_required).toBe(false);
    expect((await api<User>(t.baseUrl, 'GET', '/auth/profile', { token })).body.data.consent_required).toBe(false);
    const [row] = await t.app.database.db.select().from(schema.users).where(eq(schema.users.id, user.id));
    expect(row?.consentVersion).toBe(LEGAL_VERSION);

    // A second tap records nothing more.
    expect((await api(t.baseUrl, 'POST', '/account/consent', { token, body: { accept_terms: true } })).status).toBe(
      200,
    );
    const renewals = (await consentsOf(user.id)).filter((c) => c.source === 'renewal');
    expect(renewals).toEqual(
      expect.arrayContaining([
        { document: 'terms', version: LEGAL_VERSION, source: 'renewal' },
        { document: 'privacy', version: LEGAL_VERSION, source: 'renewal' },
      ]),
    );
    expect(renewals).toHaveLength(2);
    expect((await login(t.baseUrl, user.email)).token).toBeTruthy();
  });
});
