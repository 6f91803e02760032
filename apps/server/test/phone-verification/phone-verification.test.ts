/**
 * "Verifica tu celular" on both databases, through the real HTTP API with the real outbox provider: the code
 * is read from the text file the server wrote, as whoever runs an embedded server would read it.
 */
import { eq, schema } from '@jala/db';
import { createDriver, createUser, FACTORY_PASSWORD } from '@jala/test-factories/database';
import { expect } from 'vitest';

import { buildApp } from '../../src/app';
import { describeOnBackends } from '../support/backends';
import { api, registerUser, statusesInTurn } from '../support/http';
import { scratchDir } from '../support/scratch-dir';
import { testConfig } from '../support/test-app';
import { codeSentTo, outboxMessages } from './outbox-reader';

interface Verification {
  phone: string | null;
  verified: boolean;
  verified_at: string | null;
  pending: { expires_at: string; tries_left: number } | null;
  resend_in_seconds: number;
}

const START = Date.UTC(2026, 10, 27, 15, 0, 0);
let clock = START;
const outbox = scratchDir('jala-sms-outbox-');

/** A number no other test of this file uses, so the per-number budget of one test never reaches another. */
let numberCounter = 0;
const freshNumber = () => `9${String(10_000_000 + (Date.now() % 1_000_000) * 10 + ++numberCounter).slice(-8)}`;

describeOnBackends(
  'phone verification by SMS code on %s',
  ({ t, maybe }) => {
    const send = (token: string) => api<Verification>(t.baseUrl, 'POST', '/phone-verification/code', { token });
    const confirm = (token: string, code: unknown) =>
      api<Verification>(t.baseUrl, 'POST', '/phone-verification/confirm', { token, body: { code } });
    const status = (token: string) => api<Verification>(t.baseUrl, 'GET', '/phone-verification', { token });
    const wrongCodeFor = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    /** A passenger signed up with a number of their own, written as people type it. */
    const signUp = async (phone = freshNumber()) => {
      const { token, user } = await registerUser(t.baseUrl, {
        phone: `+51 ${phone.slice(0, 3)} ${phone.slice(3, 6)} ${phone.slice(6)}`,
      });
      return { token, id: user.id, phone };
    };
    const storedCode = async (userId: number) => {
      const [row] = await t.app.database.db
        .select()
        .from(schema.phoneVerificationCodes)
        .where(eq(schema.phoneVerificationCodes.userId, userId));
      return row;
    };
    const verifiedAt = async (userId: number) => {
      const [row] = await t.app.database.db
        .select({ at: schema.users.phoneVerifiedAt })
        .from(schema.users)
        .where(eq(schema.users.id, userId));
      return row?.at ?? null;
    };

    maybe('sign-up stores the number in its one form, from +51 and spaced input', async () => {
      const { token, phone } = await signUp();
      const profile = await api<{ phone: string }>(t.baseUrl, 'GET', '/auth/profile', { token });
      expect(profile.body.data.phone).toBe(phone);
      expect(await status(token)).toMatchObject({
        status: 200,
        body: { data: { phone, verified: false, verified_at: null, pending: null, resend_in_seconds: 0 } },
      });
    });

    maybe('sends a 6-digit code by SMS, stores only its hash, and the right code verifies the number', async () => {
      const { token, id, phone } = await signUp();
      const sent = await send(token);
      expect(sent.status).toBe(201);
      expect(sent.body.message).toBe('Te enviamos un código por SMS.');
      expect(sent.body.data).toMatchObject({
        phone,
        verified: false,
        pending: { tries_left: 5 },
        resend_in_seconds: 60,
      });
      expect(new Date(sent.body.data.pending!.expires_at).getTime()).toBe(clock + 10 * 60_000);

      const code = codeSentTo(outbox, `+51${phone}`);
      expect(code).toMatch(/^\d{6}$/);
      const message = outboxMessages(outbox).find((m) => m.to === `+51${phone}`)!;
      expect(message.body).toBe(`Jala: tu código es ${code}. Vence en 10 minutos.`);
      // The answer and the database never hold the code itself.
      expect(JSON.stringify(sent.body)).not.toContain(code);
      const row = await storedCode(id);
      expect(row).toMatchObject({ phone, tries: 0 });
      expect(row!.codeHash).toMatch(/^[0-9a-f]{64}$/);
      expect(JSON.stringify(row)).not.toContain(code);

      const done = await confirm(token, `${code.slice(0, 3)} ${code.slice(3)}`);
      expect(done.status).toBe(200);
      expect(done.body.message).toBe('¡Listo! Tu celular está verificado.');
      expect(done.body.data).toMatchObject({ phone, verified: true, pending: null });
      expect(done.body.data.verified_at).toBe(new Date(clock).toISOString());
      expect(await verifiedAt(id)).toEqual(new Date(clock));
      expect(await storedCode(id)).toBeUndefined();
      // Asking again once verified is refused; confirming again is a no-op answer.
      expect((await send(token)).body).toMatchObject({ code: 'PHONE_ALREADY_VERIFIED' });
      expect((await confirm(token, code)).body.data.verified).toBe(true);
    });

    maybe(
      'a wrong code says how many tries are left; the fifth kills the code, even the right one after it',
      async () => {
        const { token, id, phone } = await signUp();
        await send(token);
        const right = codeSentTo(outbox, `+51${phone}`);
        const wrong = wrongCodeFor(right);
        const answers = [];
        for (let i = 0; i < 4; i++) answers.push((await confirm(token, wrong)).body);
        expect(answers.map((a) => a.message)).toEqual([
          'El código no es correcto. Te quedan 4 intentos.',
          'El código no es correcto. Te quedan 3 intentos.',
          'El código no es correcto. Te quedan 2 intentos.',
          'El código no es correcto. Te quedan 1 intento.',
        ]);
        expect(answers.every((a) => a.code === 'PHONE_CODE_WRONG')).toBe(true);
        expect((await status(token)).body.data.pending).toMatchObject({ tries_left: 1 });
        const fifth = await confirm(token, wrong);
        expect(fifth).toMatchObject({ status: 409, body: { code: 'PHONE_CODE_LOCKED' } });
        expect(fifth.body.message).toBe('Ingresaste un código incorrecto demasiadas veces. Pide un código nuevo.');
        const late = await confirm(token, right);
        expect(late.body.code).toBe('PHONE_CODE_LOCKED');
        expect(await verifiedAt(id)).toBeNull();
        expect((await status(token)).body.data.pending).toBeNull();
      },
    );

    maybe('a code dies after 10 minutes', async () => {
      const { token, id, phone } = await signUp();
      await send(token);
      const code = codeSentTo(outbox, `+51${phone}`);
      clock += 10 * 60_000;
      try {
        const expired = await confirm(token, code);
        expect(expired).toMatchObject({ status: 409, body: { code: 'PHONE_CODE_EXPIRED' } });
        expect(expired.body.message).toBe('El código venció. Pide uno nuevo.');
        expect(await verifiedAt(id)).toBeNull();
      } finally {
        clock += 60_000;
      }
    });

    maybe(
      'a new code only after 60 s, and the answer says how long to wait; the new code replaces the old',
      async () => {
        const { token, phone } = await signUp();
        await send(token);
        const first = codeSentTo(outbox, `+51${phone}`);
        clock += 18_000;
        const early = await send(token);
        expect(early.status).toBe(429);
        expect(early.body).toMatchObject({ code: 'RATE_LIMITED', message: 'Espera 42 s para pedir otro código.' });
        expect((await status(token)).body.data.resend_in_seconds).toBe(42);
        clock += 42_000;
        expect((await send(token)).status).toBe(201);
        const second = codeSentTo(outbox, `+51${phone}`);
        if (second !== first) expect((await confirm(token, first)).body.code).toBe('PHONE_CODE_WRONG');
        expect((await confirm(token, second)).body.data.verified).toBe(true);
        clock += 60_000;
      },
    );

    maybe('at most 5 codes an hour reach one number, whichever accounts ask for them', async () => {
      const phone = freshNumber();
      const accounts = [await signUp(phone), await signUp(phone), await signUp(phone)];
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) {
        statuses.push((await send(accounts[i % 3]!.token)).status);
        clock += 61_000;
      }
      expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
      const refused = await send(accounts[0]!.token);
      expect(refused.body.code).toBe('RATE_LIMITED');
      expect(refused.body.message).toMatch(/^Demasiados intentos seguidos\. Inténtalo de nuevo en \d+ minutos?\.$/);
    });

    maybe('one client address gets 30 codes an hour across accounts; one account 30 tries in 10 minutes', async () => {
      // A server of its own, so this test's address and accounts start from zero counts.
      const app = await buildApp(testConfig({ sms: { provider: 'outbox', outboxDir: outbox } }), {
        database: t.app.database,
        now: () => new Date(clock),
      });
      try {
        const base = `${await app.server.listen({ port: 0, host: '127.0.0.1' })}/api`;
        const accounts: string[] = [];
        for (let i = 0; i < 31; i++) accounts.push((await registerUser(base, { phone: freshNumber() })).token);
        const sends = await statusesInTurn(31, (i) =>
          api(base, 'POST', '/phone-verification/code', { token: accounts[i] }),
        );
        expect(sends.slice(0, 30).every((status) => status === 201)).toBe(true);
        expect(sends[30]).toBe(429);

        const guesses = await statusesInTurn(31, () =>
          api(base, 'POST', '/phone-verification/confirm', { token: accounts[0], body: { code: '000000' } }),
        );
        // Wrong (or, by chance, right) until the code dies; every guess spends the budget; the 31st and on are refused.
        expect(guesses.slice(0, 30).every((status) => [200, 400, 409].includes(status))).toBe(true);
        expect(guesses[30]).toBe(429);
        const refused = await api(base, 'POST', '/phone-verification/confirm', {
          token: accounts[0],
          body: { code: '000000' },
        });
        expect(refused.status).toBe(429);
        expect(refused.body.message).toMatch(/^Demasiados intentos seguidos\./);
      } finally {
        await app.close();
      }
      clock += 61_000;
    });

    maybe('changing the number clears its verification and the code in flight', async () => {
      const { token, id, phone } = await signUp();
      await send(token);
      await confirm(token, codeSentTo(outbox, `+51${phone}`));
      expect(await verifiedAt(id)).not.toBeNull();

      // Saving the same number (in another notation) keeps it verified.
      await api(t.baseUrl, 'PUT', '/auth/profile', { token, body: { phone: `51${phone}` } });
      expect((await status(token)).body.data.verified).toBe(true);

      const next = freshNumber();
      const changed = await api(t.baseUrl, 'PUT', '/auth/profile', {
        token,
        body: { phone: `${next.slice(0, 3)}-${next.slice(3, 6)}-${next.slice(6)}` },
      });
      expect(changed.status).toBe(200);
      expect((await status(token)).body.data).toMatchObject({ phone: next, verified: false, verified_at: null });
      expect(await verifiedAt(id)).toBeNull();

      // A code sent to the new number dies when the number changes again (the passenger profile route too).
      clock += 61_000;
      await send(token);
      const pendingCode = codeSentTo(outbox, `+51${next}`);
      const other = freshNumber();
      const profile = await api(t.baseUrl, 'GET', '/passenger/profile', { token });
      const update = await api(t.baseUrl, 'POST', '/passenger/profile/update', {
        token,
        body: {
          ...(profile.body.data as object),
          phone: other,
          emergency_contact_name: null,
          emergency_contact_phone: null,
        },
      });
      expect(update.status).toBe(200);
      expect(await storedCode(id)).toBeUndefined();
      expect((await confirm(token, pendingCode)).body.code).toBe('PHONE_CODE_NOT_REQUESTED');
      expect(await verifiedAt(id)).toBeNull();
      clock += 61_000;
    });

    maybe('bad input is a Spanish 400 that spends no try; no session is a 401', async () => {
      const { token, id } = await signUp();
      await send(token);
      for (const code of ['12345', '1234567', 'abcdef', '', 123456, null]) {
        const res = await confirm(token, code);
        expect(res.status).toBe(400);
        expect(res.body.code).toBe('VALIDATION');
        expect(res.body.fields?.code).toMatch(/código|texto|cadena|string/i);
      }
      expect((await storedCode(id))?.tries).toBe(0);
      expect((await api(t.baseUrl, 'POST', '/phone-verification/code', {})).status).toBe(401);
      expect((await api(t.baseUrl, 'POST', '/phone-verification/confirm', { body: { code: '123456' } })).status).toBe(
        401,
      );
      expect((await api(t.baseUrl, 'GET', '/phone-verification', {})).status).toBe(401);
      clock += 61_000;
    });

    maybe("nobody can read or use another user's code: every call acts on the caller's own account", async () => {
      const victim = await signUp();
      const intruder = await signUp();
      await send(victim.token);
      const code = codeSentTo(outbox, `+51${victim.phone}`);
      // The intruder's status says nothing about the victim; their own confirm has no code to match.
      const seen = await status(intruder.token);
      expect(seen.body.data).toMatchObject({ phone: intruder.phone, pending: null });
      expect(JSON.stringify(seen.body)).not.toContain(victim.phone);
      const tried = await api(t.baseUrl, 'POST', '/phone-verification/confirm', {
        token: intruder.token,
        body: { code, user_id: victim.id },
      });
      expect(tried.body.code).toBe('PHONE_CODE_NOT_REQUESTED');
      expect(await verifiedAt(victim.id)).toBeNull();
      expect(await verifiedAt(intruder.id)).toBeNull();
      expect((await storedCode(victim.id))?.tries).toBe(0);
      clock += 61_000;
    });

    maybe('an account without a phone is told to add one', async () => {
      const user = await createUser(t.app.database.db, { phone: null });
      const login = await api<{ token: string }>(t.baseUrl, 'POST', '/auth/login', {
        body: { email: user.email, password: FACTORY_PASSWORD },
      });
      const res = await send(login.body.data.token);
      expect(res).toMatchObject({ status: 409, body: { code: 'PHONE_MISSING' } });
      expect(res.body.message).toBe('Agrega tu número de celular en tu perfil para verificarlo.');
    });

    maybe('operators cannot approve a driver until the driver confirms their mobile', async () => {
      const db = t.app.database.db;
      const operator = await createUser(db, { isAdmin: true, firstName: 'Operadora' });
      const operatorToken = (
        await api<{ token: string }>(t.baseUrl, 'POST', '/auth/login', {
          body: { email: operator.email, password: FACTORY_PASSWORD },
        })
      ).body.data.token;
      const phone = freshNumber();
      const { user } = await createDriver(db, {
        user: { phone, phoneVerifiedAt: null },
        profile: { verificationStatus: 'pending_verification', documentsSubmittedAt: new Date() },
      });
      const queue = await api<Array<{ id: number; phone_verified: boolean }>>(
        t.baseUrl,
        'GET',
        '/admin/verification-queue',
        {
          token: operatorToken,
        },
      );
      expect(queue.body.data.find((d) => d.id === user.id)).toMatchObject({ phone_verified: false });

      const refused = await api(t.baseUrl, 'POST', `/admin/drivers/${user.id}/verify`, { token: operatorToken });
      expect(refused).toMatchObject({ status: 409, body: { code: 'DRIVER_PHONE_NOT_VERIFIED' } });
      expect(refused.body.message).toBe(
        'Este conductor aún no verificó su celular. Pídele que lo verifique desde su perfil antes de aprobarlo.',
      );
      const [profile] = await db
        .select({ status: schema.driverProfiles.verificationStatus })
        .from(schema.driverProfiles)
        .where(eq(schema.driverProfiles.userId, user.id));
      expect(profile?.status).toBe('pending_verification');
      const audit = await db.select().from(schema.auditLog).where(eq(schema.auditLog.targetId, user.id));
      expect(audit).toEqual([]);

      // The driver confirms their number by SMS code; then the same approval goes through.
      const driverToken = (
        await api<{ token: string }>(t.baseUrl, 'POST', '/auth/login', {
          body: { email: user.email, password: FACTORY_PASSWORD },
        })
      ).body.data.token;
      await send(driverToken);
      await confirm(driverToken, codeSentTo(outbox, `+51${phone}`));
      const queued = await api<Array<{ id: number; phone_verified: boolean }>>(
        t.baseUrl,
        'GET',
        '/admin/verification-queue',
        {
          token: operatorToken,
        },
      );
      expect(queued.body.data.find((d) => d.id === user.id)).toMatchObject({ phone_verified: true });
      const approved = await api(t.baseUrl, 'POST', `/admin/drivers/${user.id}/verify`, { token: operatorToken });
      expect(approved.status).toBe(200);
      clock += 61_000;
    });
  },
  {
    start: () => ({
      config: { sms: { provider: 'outbox', outboxDir: outbox } },
      app: { now: () => new Date(clock) },
    }),
  },
);
