/**
 * Where mail goes: an SMTP server when SMTP_URL is set (nodemailer, TLS as the URL says: `smtps://` from the
 * first byte, `smtp://` upgraded by STARTTLS when the server offers it; `?tls.rejectUnauthorized=false` and other
 * nodemailer URL options pass through), else the outbox folder, one .eml file per mail (what a newcomer opens to
 * follow a reset link on a machine with no mail server). Logs name the recipient and subject only: a body holds
 * links that are as good as a password.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';

import type { MailConfig } from '../../config';
import type { MailMessage } from './mail-message';

export interface MailTransport {
  /** 'smtp' or 'outbox', for the boot log. */
  readonly kind: 'smtp' | 'outbox';
  send(message: MailMessage): Promise<void>;
  close(): void;
}

/** How long an SMTP server may take to accept the connection, greet, and answer each command. */
const SMTP_TIMEOUTS = { connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 60_000 };

export function createMailTransport(config: MailConfig, log: FastifyBaseLogger): MailTransport {
  return config.smtpUrl ? smtpTransport(config.smtpUrl, config.from, log) : outboxTransport(config, log);
}

function smtpTransport(url: string, from: string, log: FastifyBaseLogger): MailTransport {
  // Options the URL itself sets (`?socketTimeout=…`) win over these defaults.
  const transporter = nodemailer.createTransport({ url, ...SMTP_TIMEOUTS }, { from });
  return {
    kind: 'smtp',
    async send(message) {
      await transporter.sendMail(message);
      log.info({ to: message.to, subject: message.subject }, 'e-mail sent');
    },
    close: () => transporter.close(),
  };
}

function outboxTransport(config: MailConfig, log: FastifyBaseLogger): MailTransport {
  // The stream transport composes the same raw message an SMTP server would receive.
  const composer = nodemailer.createTransport(
    { streamTransport: true, buffer: true, newline: 'unix' },
    {
      from: config.from,
    },
  );
  return {
    kind: 'outbox',
    async send(message) {
      const { message: raw } = await composer.sendMail(message);
      await mkdir(config.outboxDir, { recursive: true, mode: 0o700 });
      const name = `${new Date().toISOString().replaceAll(':', '-')}-${randomBytes(4).toString('hex')}.eml`;
      // Written aside, then renamed: whoever watches the folder never opens half a mail.
      const partial = join(config.outboxDir, `.${name}.partial`);
      await writeFile(partial, raw as Buffer, { mode: 0o600 });
      await rename(partial, join(config.outboxDir, name));
      log.info(
        { to: message.to, subject: message.subject, outbox: config.outboxDir },
        'e-mail written to the outbox folder (no SMTP_URL set)',
      );
    },
    close: () => composer.close(),
  };
}
