import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

import { maskPhone } from '@jala/domain';
import type { FastifyBaseLogger } from 'fastify';

import { type SmsMessage, SmsNotSentError, type SmsSender } from './sms-sender';

/**
 * The embedded default (SMS_PROVIDER=outbox): each message is one text file in DATA_DIR/outbox/, named by when
 * it was written ('sms-20261127T180512345Z-1a2b3c4d.txt', so a listing is in sending order), for whoever runs
 * the server to read or forward. The log line names the masked recipient only: the code stays in the file.
 */
export class OutboxSmsSender implements SmsSender {
  readonly name = 'outbox';

  constructor(
    private readonly outboxDir: string,
    private readonly log: Pick<FastifyBaseLogger, 'info' | 'error'>,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async send(message: SmsMessage): Promise<void> {
    const sentAt = this.now();
    const stamp = sentAt.toISOString().replace(/[-:.]/g, '');
    const file = join(this.outboxDir, `sms-${stamp}-${randomBytes(4).toString('hex')}.txt`);
    const text = `To: ${message.to}\nDate: ${sentAt.toISOString()}\n\n${message.body}\n`;
    try {
      await mkdir(this.outboxDir, { recursive: true, mode: 0o700 });
      // Owner-only: the file holds a live code.
      await writeFile(file, text, { mode: 0o600, flag: 'wx' });
    } catch (error) {
      this.log.error({ err: error, to: maskPhone(message.to) }, 'SMS outbox: could not write the message');
      throw new SmsNotSentError('outbox not writable');
    }
    this.log.info({ to: maskPhone(message.to), file }, 'SMS written to the outbox');
  }
}
