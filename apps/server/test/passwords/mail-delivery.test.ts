/**
 * How mail leaves: through SMTP_URL (its credentials used, the server really receiving the message), or, with
 * none set, as an .eml file in DATA_DIR/outbox with one log line naming recipient and subject only. The reset
 * flow runs on both databases; the transport's logs are read from a real Fastify logger.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { Writable } from 'node:stream';

import Fastify from 'fastify';
import { simpleParser } from 'mailparser';
import { describe, expect, it } from 'vitest';

import { createMail, renderMail } from '../../src/modules/mail';
import { describeOnBackends } from '../support/backends';
import { api, registerUser } from '../support/http';
import { resetLinkIn, SmtpInbox } from '../support/mail';
import { scratchDir } from '../support/scratch-dir';

/** A Fastify logger whose lines are kept, parsed. */
function keptLog() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  return { log: Fastify({ logger: { level: 'info', stream } }).log, lines };
}

const SECRET_LINK = 'https://jala.example/restablecer-contrasena?token=ESTE-ENLACE-NO-VA-AL-LOG';
const message = (to: string) =>
  renderMail({
    to,
    subject: 'Restablece tu contraseña de Jala',
    greeting: 'Hola, <b>Ana</b>:',
    paragraphs: ['Un párrafo.'],
    action: { label: 'Elegir una nueva contraseña', url: SECRET_LINK },
  });

describe('mail transports', () => {
  const outboxDir = join(scratchDir('jala-outbox-'), 'outbox');

  it('writes an .eml per mail to the outbox and logs recipient and subject only', async () => {
    const { log, lines } = keptLog();
    const mail = createMail({ smtpUrl: undefined, from: 'Jala <no-reply@jala.pe>', outboxDir }, log);
    expect(mail.kind).toBe('outbox');
    mail.later('prueba', (send) => send(message('ana@prueba.pe')));
    await mail.idle();
    const files = readdirSync(outboxDir);
    expect(files).toEqual([expect.stringMatching(/^\d{4}-\d{2}-\d{2}T[\d-]+\.\d{3}Z-[0-9a-f]{8}\.eml$/)]);
    const file = join(outboxDir, files[0] ?? '');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const parsed = await simpleParser(readFileSync(file));
    expect(parsed.subject).toBe('Restablece tu contraseña de Jala');
    expect(parsed.from?.value).toEqual([{ name: 'Jala', address: 'no-reply@jala.pe' }]);
    expect(parsed.text).toContain(SECRET_LINK);
    // Escaped in HTML: a name is shown as typed, never as markup.
    expect(parsed.html).toContain('Hola, &lt;b&gt;Ana&lt;/b&gt;:');
    const written = lines.filter((line) => line.msg === 'e-mail written to the outbox folder (no SMTP_URL set)');
    expect(written).toEqual([
      expect.objectContaining({ to: 'ana@prueba.pe', subject: 'Restablece tu contraseña de Jala', outbox: outboxDir }),
    ]);
    expect(JSON.stringify(lines)).not.toContain('ESTE-ENLACE');
    await mail.close();
  });

  it('sends with the credentials of SMTP_URL, and logs a refused mail without its body', async () => {
    const inbox = await SmtpInbox.start({ auth: { user: 'jala', pass: 'c1@ve:segura/' } });
    try {
      const { log, lines } = keptLog();
      const mail = createMail({ smtpUrl: inbox.url, from: 'Jala <no-reply@jala.pe>', outboxDir }, log);
      expect(mail.kind).toBe('smtp');
      mail.later('prueba', (send) => send(message('beto@prueba.pe')));
      const received = await inbox.mailTo('beto@prueba.pe');
      expect(received.from).toBe('no-reply@jala.pe');
      expect(received.text).toContain(SECRET_LINK);
      await mail.idle();
      await mail.close();

      const wrongUrl = inbox.url.replace('c1%40ve', 'otra');
      const refused = createMail({ smtpUrl: wrongUrl, from: 'Jala <no-reply@jala.pe>', outboxDir }, log);
      refused.later('prueba', (send) => send(message('carla@prueba.pe')));
      await refused.idle();
      await refused.close();
      expect(inbox.mailsTo('carla@prueba.pe')).toEqual([]);
      expect(lines.filter((line) => line.msg === 'e-mail not sent')).toEqual([
        expect.objectContaining({ to: 'carla@prueba.pe', subject: 'Restablece tu contraseña de Jala' }),
      ]);
      expect(JSON.stringify(lines)).not.toContain('ESTE-ENLACE');
    } finally {
      await inbox.close();
    }
  });
});

describe('the reset mail without SMTP_URL', () => {
  const dataDir = scratchDir('jala-data-');
  describeOnBackends(
    'lands in DATA_DIR/outbox on %s',
    ({ t, maybe }) => {
      maybe('writes the reset mail where the README says, with a link that works', async () => {
        const user = await registerUser(t.baseUrl);
        const asked = await api(t.baseUrl, 'POST', '/auth/password-reset', { body: { email: user.user.email } });
        expect(asked.status).toBe(200);
        await t.app.services.mail.idle();
        const outbox = join(dataDir, 'outbox');
        const mails = await Promise.all(
          readdirSync(outbox).map(async (name) => simpleParser(readFileSync(join(outbox, name)))),
        );
        const mine = mails.filter((mail) => mail.to && !Array.isArray(mail.to) && mail.to.text === user.user.email);
        expect(mine).toHaveLength(1);
        const { token } = resetLinkIn({ subject: mine[0]?.subject ?? '', text: mine[0]?.text ?? '' });
        const reset = await api(t.baseUrl, 'POST', '/auth/password-reset/confirm', {
          body: { token, password: 'desde-el-outbox', password_confirmation: 'desde-el-outbox' },
        });
        expect(reset.status).toBe(200);
      });
    },
    {
      // Both databases write here; each test finds its own mail by recipient.
      start: () => ({
        config: { mail: { smtpUrl: undefined, from: 'Jala <no-reply@jala.pe>', outboxDir: join(dataDir, 'outbox') } },
      }),
    },
  );
});
