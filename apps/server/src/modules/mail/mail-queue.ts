/**
 * Mail leaves off the request path: a request queues a job (which may look up the recipient, write a token and
 * compose the mail) and answers at once, so neither a slow SMTP server nor the lookup shows in its answer or its
 * timing. A few jobs run at a time; failures are logged (recipient and subject only), never thrown at a caller.
 */
import type { FastifyBaseLogger } from 'fastify';

import type { MailMessage } from './mail-message';
import type { MailTransport } from './mail-transport';

/** Mails being sent at once: a slow SMTP server holds a few sockets, never the node. */
const MAX_RUNNING = 2;
/** Jobs waiting beyond this are dropped (and logged): the throttles keep honest traffic far below it. */
const MAX_QUEUED = 1_000;

/** What a job gets to send its mail with (after its own look-ups). */
export type SendMail = (message: MailMessage) => Promise<void>;

class MailNotSent extends Error {}

export class MailQueue {
  private readonly queue: (() => Promise<void>)[] = [];
  private running = 0;
  private idleWaiters: (() => void)[] = [];

  constructor(
    private readonly transport: MailTransport,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Runs `job` later, in the background. False when the queue was full (the job is dropped and logged). */
  later(name: string, job: (send: SendMail) => Promise<void>): boolean {
    if (this.queue.length >= MAX_QUEUED) {
      this.log.warn({ job: name }, 'mail queue full: mail dropped');
      return false;
    }
    this.queue.push(() =>
      job(this.send).catch((error: unknown) => {
        // A mail the transport refused was logged with its recipient already.
        if (!(error instanceof MailNotSent)) this.log.error({ err: error, job: name }, 'mail job failed');
      }),
    );
    // Never inside the caller's turn: the request answers before any of the job's work starts.
    setImmediate(() => this.pump());
    return true;
  }

  /** Resolves when no mail job is queued or running (tests wait on it instead of sleeping; shutdown drains it). */
  idle(): Promise<void> {
    if (this.running === 0 && this.queue.length === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  private readonly send: SendMail = async (message) => {
    try {
      await this.transport.send(message);
    } catch (error) {
      this.log.error({ err: error, to: message.to, subject: message.subject }, 'e-mail not sent');
      throw new MailNotSent();
    }
  };

  private pump(): void {
    while (this.running < MAX_RUNNING && this.queue.length > 0) {
      const job = this.queue.shift() as () => Promise<void>;
      this.running += 1;
      void job().finally(() => {
        this.running -= 1;
        this.pump();
        if (this.running === 0 && this.queue.length === 0) {
          const waiters = this.idleWaiters;
          this.idleWaiters = [];
          for (const resolve of waiters) resolve();
        }
      });
    }
  }
}
