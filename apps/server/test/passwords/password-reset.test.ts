/**
 * The password reset by e-mail, on both databases, with a real SMTP server in the test process receiving what
 * the product sends: the link's life (single use, 30 minutes, replaced by a newer one, killed by a password
 * change), the sign-out of every session on every connection, the same answer for an e-mail with or without an
 * account (its look-up and mail off the answer's path), and nobody resetting a password without the link.
 */
import { createHash } from 'node:crypto';

import { eq, schema, sql } from '@jala/db';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, expect } from 'vitest';

import { describeOnBackends } from '../support/backends';
import { api, registerUser } from '../support/http';
import { resetLinkIn, SmtpInbox } from '../support/mail';
import { connectMqtt, refused } from '../support/mqtt';
import type { TestApp } from '../support/test-app';

let inbox: SmtpInbox;
beforeAll(async () => {
  inbox = await SmtpInbox.start();
});
afterAll(() => inbox?.close());

/** The server's clock, moved by the expiry test. */
let clockOffsetMs = 0;
const now = () => new Date(Date.now() + clockOffsetMs);

const RESET_SUBJECT = 'Restablece tu contraseña de Jala';
const CHANGED_SUBJECT = 'Tu contraseña cambió';

/** Asks for a link for `email` and returns the token of the mail that brings it (the `nth` such mail). */
async function askForLink(t: TestApp, email: string, nth = 1): Promise<string> {
  const asked = await api(t.baseUrl, 'POST', '/auth/password-reset', { body: { email } });
  expect(asked.status).toBe(200);
  await expect
    .poll(() => inbox.mailsTo(email).filter((mail) => mail.subject === RESET_SUBJECT).length)
    .toBeGreaterThanOrEqual(nth);
  const mail = inbox.mailsTo(email).filter((m) => m.subject === RESET_SUBJECT)[nth - 1];
  if (!mail) throw new Error('no reset mail');
  return resetLinkIn(mail).token;
}

const confirm = (t: TestApp, token: string, password = 'nueva-clave-2026') =>
  api(t.baseUrl, 'POST', '/auth/password-reset/confirm', {
    body: { token, password, password_confirmation: password },
  });

const loginStatus = async (t: TestApp, email: string, password: string) =>
  (await api(t.baseUrl, 'POST', '/auth/login', { body: { email, password } })).status;

describeOnBackends(
  'password reset by e-mail on %s',
  ({ t, maybe }) => {
    maybe('mails a single-use link whose new password ends every session, MQTT connections included', async () => {
      const user = await registerUser(t.baseUrl);
      const email = user.user.email;
      const second = await api<{ token: string }>(t.baseUrl, 'POST', '/auth/login', {
        body: { email, password: user.password },
      });
      const sessions = [user.token, second.body.data.token];
      const clients: MqttClient[] = await Promise.all(
        sessions.map((token) => connectMqtt(t.wsUrl, { userId: user.user.id, token })),
      );
      const closed = clients.map((client) => refused(client));

      const asked = await api(t.baseUrl, 'POST', '/auth/password-reset', { body: { email: email.toUpperCase() } });
      expect(asked).toEqual({
        status: 200,
        body: {
          success: true,
          data: null,
          message: 'Si hay una cuenta de Jala con ese correo, te enviamos un enlace para elegir una nueva contraseña.',
        },
      });
      const mail = await inbox.mailTo(email, (m) => m.subject === RESET_SUBJECT);
      expect(mail.parsed.from?.value).toEqual([{ name: 'Jala', address: 'no-reply@jala.pe' }]);
      expect(mail.text).toContain('Hola, Ana:');
      expect(mail.text).toContain('Vale 30 minutos y sirve una sola vez');
      const { url, token } = resetLinkIn(mail);
      expect(url.startsWith('https://jala.example/restablecer-contrasena?token=')).toBe(true);
      expect(mail.html).toContain(`href="${url}"`);
      // 256 random bits, and only their SHA-256 is stored.
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      const rows = await t.app.database.db
        .select()
        .from(schema.passwordResets)
        .where(eq(schema.passwordResets.userId, user.user.id));
      expect(rows).toHaveLength(1);
      expect(rows[0]?.tokenHash).toBe(createHash('sha256').update(token).digest('base64url'));
      expect(JSON.stringify(rows)).not.toContain(token);

      const checked = await api<{ email: string; expires_at: string }>(
        t.baseUrl,
        'POST',
        '/auth/password-reset/check',
        {
          body: { token },
        },
      );
      expect(checked.status).toBe(200);
      expect(checked.body.data.email).toBe(email);
      const minutesLeft = (Date.parse(checked.body.data.expires_at) - Date.now()) / 60_000;
      expect(minutesLeft).toBeGreaterThan(29);
      expect(minutesLeft).toBeLessThanOrEqual(30);

      const mismatch = await api(t.baseUrl, 'POST', '/auth/password-reset/confirm', {
        body: { token, password: 'nueva-clave-2026', password_confirmation: 'otra-clave-2026' },
      });
      expect(mismatch.status).toBe(400);
      expect(mismatch.body.fields).toEqual({ password_confirmation: 'Las contraseñas no coinciden.' });
      const short = await confirm(t, token, 'corta');
      expect(short.status).toBe(400);
      expect(short.body.fields?.password).toBe('La contraseña debe tener al menos 8 caracteres.');
      // Refused input changed nothing: the old password still works and the link is still good.
      expect(await loginStatus(t, email, user.password)).toBe(200);

      const done = await confirm(t, token);
      expect(done.status).toBe(200);
      expect(done.body.message).toBe('Listo: tu contraseña cambió. Inicia sesión con la nueva.');
      await Promise.all(closed);
      for (const session of sessions)
        expect((await api(t.baseUrl, 'GET', '/auth/profile', { token: session })).status).toBe(401);
      await expect(connectMqtt(t.wsUrl, { userId: user.user.id, token: user.token })).rejects.toThrow();
      expect(await loginStatus(t, email, user.password)).toBe(401);
      expect(await loginStatus(t, email, 'nueva-clave-2026')).toBe(200);

      const changed = await inbox.mailTo(email, (m) => m.subject === CHANGED_SUBJECT);
      expect(changed.text).toContain('Cerramos todas las sesiones abiertas de tu cuenta');
      expect(changed.text).toContain('https://jala.example/recuperar-contrasena');

      // Once only.
      for (const path of ['/auth/password-reset/check', '/auth/password-reset/confirm']) {
        const again = await api(t.baseUrl, 'POST', path, {
          body: { token, password: 'tercera-clave-1', password_confirmation: 'tercera-clave-1' },
        });
        expect(again.status).toBe(410);
        expect(again.body.code).toBe('RESET_LINK_USED');
      }
      expect(await loginStatus(t, email, 'nueva-clave-2026')).toBe(200);
    });

    maybe('refuses a link older than 30 minutes', async () => {
      const user = await registerUser(t.baseUrl);
      const token = await askForLink(t, user.user.email);
      clockOffsetMs = 31 * 60_000;
      try {
        const checked = await api(t.baseUrl, 'POST', '/auth/password-reset/check', { body: { token } });
        expect(checked.status).toBe(410);
        expect(checked.body).toMatchObject({
          code: 'RESET_LINK_EXPIRED',
          message: 'Este enlace venció: dura 30 minutos desde que lo pediste. Pide uno nuevo.',
        });
        expect((await confirm(t, token)).body.code).toBe('RESET_LINK_EXPIRED');
      } finally {
        clockOffsetMs = 0;
      }
      expect(await loginStatus(t, user.user.email, user.password)).toBe(200);
    });

    maybe('a newer link replaces the one before', async () => {
      const user = await registerUser(t.baseUrl);
      const first = await askForLink(t, user.user.email, 1);
      const second = await askForLink(t, user.user.email, 2);
      expect(second).not.toBe(first);
      const stale = await confirm(t, first);
      expect(stale.status).toBe(410);
      expect(stale.body).toMatchObject({
        code: 'RESET_LINK_REPLACED',
        message: 'Pediste un enlace más reciente: usa el del último correo que te enviamos o pide uno nuevo.',
      });
      expect(await loginStatus(t, user.user.email, user.password)).toBe(200);
      expect((await confirm(t, second)).status).toBe(200);
    });

    maybe('a password changed another way kills the live link', async () => {
      const user = await registerUser(t.baseUrl);
      const token = await askForLink(t, user.user.email);
      const changed = await api(t.baseUrl, 'PUT', '/auth/password', {
        token: user.token,
        body: { current_password: user.password, password: 'cambiada-123', password_confirmation: 'cambiada-123' },
      });
      expect(changed.status).toBe(200);
      const dead = await api(t.baseUrl, 'POST', '/auth/password-reset/check', { body: { token } });
      expect(dead.status).toBe(410);
      expect(dead.body.code).toBe('RESET_LINK_REPLACED');
      expect(dead.body.message).toMatch(/^Tu contraseña cambió después de que pediste este enlace/);
      expect((await confirm(t, token)).status).toBe(410);
      expect(await loginStatus(t, user.user.email, 'cambiada-123')).toBe(200);
    });

    maybe('nobody resets a password without the link itself', async () => {
      const victim = await registerUser(t.baseUrl);
      const stranger = await registerUser(t.baseUrl);
      // Anyone may ask for the victim's e-mail: the link goes to the victim's mailbox only.
      await askForLink(t, victim.user.email);
      expect(inbox.mailsTo(stranger.user.email)).toEqual([]);
      expect(inbox.mails.filter((m) => m.to.includes(victim.user.email)).every((m) => m.to.length === 1)).toBe(true);

      const guessed = await confirm(t, 'A'.repeat(43));
      expect(guessed.status).toBe(400);
      expect(guessed.body.code).toBe('RESET_LINK_INVALID');
      const cut = await api(t.baseUrl, 'POST', '/auth/password-reset/check', { body: { token: 'abc' } });
      expect(cut.status).toBe(400);
      expect(cut.body.fields?.token).toBe(
        'Este enlace para restablecer la contraseña no es válido. Revisa que esté completo o pide uno nuevo.',
      );
      // The link the victim holds still works for the victim alone; the guesses changed nothing.
      expect(await loginStatus(t, victim.user.email, victim.password)).toBe(200);
    });

    maybe(
      "answers an e-mail without an account exactly as one with, the look-up and the mail off the answer's path",
      async () => {
        const known = (await registerUser(t.baseUrl)).user.email;
        const unknown = `nadie.${Date.now()}@prueba.pe`;
        const raw = async (email: string) => {
          const response = await fetch(`${t.baseUrl}/auth/password-reset`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ email }),
          });
          return {
            status: response.status,
            type: response.headers.get('content-type'),
            length: response.headers.get('content-length'),
            body: await response.text(),
          };
        };
        const sentBefore = inbox.mailFromCount;
        const releaseSmtp = inbox.hold();
        // The users table is locked for the whole exchange: an answer that looked the e-mail up could not come.
        let unlock = () => undefined as void;
        const unlocked = new Promise<void>((resolve) => (unlock = resolve));
        let locked = () => undefined as void;
        const isLocked = new Promise<void>((resolve) => (locked = resolve));
        const holding = t.app.database.db.transaction(async (tx) => {
          await tx.execute(sql`lock table users in access exclusive mode`);
          locked();
          await unlocked;
        });
        let mailDone = false;
        try {
          await isLocked;
          const forKnown = await raw(known);
          const forUnknown = await raw(unknown);
          expect(forKnown).toEqual(forUnknown);
          expect(forKnown.status).toBe(200);
          const idle = t.app.services.mail.idle().then(() => {
            mailDone = true;
          });
          // The known e-mail's job is still waiting for the table: nothing has reached the SMTP server.
          expect(inbox.mailFromCount).toBe(sentBefore);
          expect(mailDone).toBe(false);
          unlock();
          await holding;
          // Now it looks the account up and talks to the (held) SMTP server, long after the answer.
          await expect.poll(() => inbox.mailFromCount).toBe(sentBefore + 1);
          expect(mailDone).toBe(false);
          releaseSmtp();
          await idle;
        } finally {
          unlock();
          releaseSmtp();
          await holding.catch(() => undefined);
        }
        expect(inbox.mailsTo(known)).toHaveLength(1);
        expect(inbox.mailsTo(unknown)).toEqual([]);
      },
    );
  },
  {
    start: () => ({
      config: {
        mail: { smtpUrl: inbox.url, from: 'Jala <no-reply@jala.pe>', outboxDir: '' },
      },
      app: { now },
    }),
  },
);
