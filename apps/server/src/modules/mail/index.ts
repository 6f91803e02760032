/**
 * E-mail: what the product sends (password reset links, "Tu contraseña cambió") leaves through SMTP_URL or, with
 * none set (the embedded default), lands in DATA_DIR/outbox/ as .eml files. No routes: other modules queue mail
 * jobs here (`mail.later`), which run off their request path.
 */
import type { FastifyBaseLogger } from 'fastify';

import type { MailConfig } from '../../config';
import { MailQueue, type SendMail } from './mail-queue';
import { createMailTransport } from './mail-transport';

export type { MailMessage } from './mail-message';
export { renderMail } from './mail-layout';
export type { SendMail } from './mail-queue';

export interface Mail {
  /** Where mail goes: an SMTP server or the outbox folder. */
  readonly kind: 'smtp' | 'outbox';
  /**
   * Runs `job` later, off the caller's path: it looks up what it needs and sends its mail with `send`. Its
   * failures are logged, never thrown. False when the queue was full.
   */
  later(name: string, job: (send: SendMail) => Promise<void>): boolean;
  /** Resolves once every queued mail job has finished. */
  idle(): Promise<void>;
  /** Lets the queued mail leave (for at most `graceMs`), then closes the transport. */
  close(graceMs?: number): Promise<void>;
}

export function createMail(config: MailConfig, log: FastifyBaseLogger): Mail {
  const transport = createMailTransport(config, log);
  const queue = new MailQueue(transport, log);
  return {
    kind: transport.kind,
    later: (name, job) => queue.later(name, job),
    idle: () => queue.idle(),
    async close(graceMs = 10_000) {
      let timer: NodeJS.Timeout | undefined;
      const waited = await Promise.race([
        queue.idle().then(() => true),
        new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), graceMs))),
      ]);
      clearTimeout(timer);
      if (!waited) log.warn('mail still queued at shutdown: not sent');
      transport.close();
    },
  };
}
