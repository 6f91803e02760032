/**
 * A signed-in passenger or driver changes their password knowing the current one, on both databases: a wrong
 * current password is a 400 under its field and changes nothing; success ends every other session of the
 * account on every connection (HTTP 401, MQTT closed and refused) while this one stays, and mails
 * "Tu contraseña cambió" through a real SMTP server.
 */
import { topics } from '@jala/contracts';
import { createDriver } from '@jala/test-factories/database';
import { afterAll, beforeAll, expect } from 'vitest';

import { login } from '../support/actors';
import { describeOnBackends } from '../support/backends';
import { api, registerUser } from '../support/http';
import { SmtpInbox } from '../support/mail';
import { connectMqtt, refused, subscribeQos } from '../support/mqtt';

let inbox: SmtpInbox;
beforeAll(async () => {
  inbox = await SmtpInbox.start();
});
afterAll(() => inbox?.close());

const change = (baseUrl: string, token: string, current: string, next: string, repeat = next) =>
  api(baseUrl, 'PUT', '/auth/password', {
    token,
    body: { current_password: current, password: next, password_confirmation: repeat },
  });

describeOnBackends(
  'password change on %s',
  ({ t, maybe }) => {
    maybe('refuses a wrong current password under its field and changes nothing', async () => {
      const user = await registerUser(t.baseUrl);
      const wrong = await change(t.baseUrl, user.token, 'no-es-esta', 'nueva-clave-1');
      expect(wrong.status).toBe(400);
      expect(wrong.body).toMatchObject({
        code: 'CURRENT_PASSWORD_WRONG',
        message: 'La contraseña actual no es correcta.',
        fields: { current_password: 'La contraseña actual no es correcta.' },
      });
      const login = await api(t.baseUrl, 'POST', '/auth/login', {
        body: { email: user.user.email, password: user.password },
      });
      expect(login.status).toBe(200);
      await t.app.services.mail.idle();
      expect(inbox.mailsTo(user.user.email)).toEqual([]);
    });

    maybe('checks the new password like sign-up, in Spanish', async () => {
      const user = await registerUser(t.baseUrl);
      const cases = [
        [
          change(t.baseUrl, user.token, user.password, 'corta'),
          'password',
          'La contraseña debe tener al menos 8 caracteres.',
        ],
        [
          change(t.baseUrl, user.token, user.password, 'nueva-clave-1', 'otra-clave-1'),
          'password_confirmation',
          'Las contraseñas no coinciden.',
        ],
        [
          change(t.baseUrl, user.token, user.password, user.password),
          'password',
          'La nueva contraseña debe ser distinta de la actual.',
        ],
        [change(t.baseUrl, user.token, '', 'nueva-clave-1'), 'current_password', 'Escribe tu contraseña actual.'],
      ] as const;
      for (const [answer, field, message] of cases) {
        const { status, body } = await answer;
        expect(status).toBe(400);
        expect(body.fields?.[field]).toBe(message);
      }
      const signedOut = await api(t.baseUrl, 'PUT', '/auth/password', {
        body: { current_password: user.password, password: 'nueva-clave-1', password_confirmation: 'nueva-clave-1' },
      });
      expect(signedOut.status).toBe(401);
    });

    maybe('ends every other session everywhere, keeps this one, and mails the account', async () => {
      const user = await registerUser(t.baseUrl);
      const email = user.user.email;
      const others = await Promise.all(
        [1, 2].map(async () => {
          const res = await api<{ token: string }>(t.baseUrl, 'POST', '/auth/login', {
            body: { email, password: user.password },
          });
          return res.body.data.token;
        }),
      );
      const mine = await connectMqtt(t.wsUrl, { userId: user.user.id, token: user.token });
      const theirs = await connectMqtt(t.wsUrl, { userId: user.user.id, token: others[0] });
      const theirsClosed = refused(theirs);
      try {
        const done = await change(t.baseUrl, user.token, user.password, 'nueva-clave-2026');
        expect(done.status).toBe(200);
        expect(done.body.message).toBe('Tu contraseña cambió. Cerramos tus otras sesiones.');
        await theirsClosed;
        for (const token of others) expect((await api(t.baseUrl, 'GET', '/auth/profile', { token })).status).toBe(401);
        await expect(connectMqtt(t.wsUrl, { userId: user.user.id, token: others[0] })).rejects.toThrow();
        // This session goes on, over HTTP and over its MQTT connection.
        expect((await api(t.baseUrl, 'GET', '/auth/profile', { token: user.token })).status).toBe(200);
        expect(await subscribeQos(mine, topics.notifications(user.user.id))).toBe(0);
        expect(mine.connected).toBe(true);
      } finally {
        mine.end(true);
        theirs.end(true);
      }
      const login = (password: string) =>
        api(t.baseUrl, 'POST', '/auth/login', { body: { email, password } }).then((res) => res.status);
      expect(await login(user.password)).toBe(401);
      expect(await login('nueva-clave-2026')).toBe(200);
      const mail = await inbox.mailTo(email, (m) => m.subject === 'Tu contraseña cambió');
      expect(mail.text).toContain('Cerramos tus otras sesiones abiertas');
      expect(mail.text).not.toContain('nueva-clave-2026');
    });

    maybe('a driver changes theirs from the same place', async () => {
      const { user } = await createDriver(t.app.database.db);
      const { token } = await login(t.baseUrl, user.email);
      expect((await change(t.baseUrl, token, 'secreto123', 'conductor-2026')).status).toBe(200);
      expect((await api(t.baseUrl, 'GET', '/driver/profile', { token })).status).toBe(200);
      await inbox.mailTo(user.email, (m) => m.subject === 'Tu contraseña cambió');
    });
  },
  {
    start: () => ({
      config: {
        mail: { smtpUrl: inbox.url, from: 'Jala <no-reply@jala.pe>', outboxDir: '' },
      },
    }),
  },
);
