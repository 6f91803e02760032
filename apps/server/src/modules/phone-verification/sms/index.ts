import type { FastifyBaseLogger } from 'fastify';

import type { SmsConfig } from '../../../config';
import { OutboxSmsSender } from './outbox-sms-sender';
import type { SmsSender } from './sms-sender';
import { TwilioSmsSender } from './twilio-sms-sender';

export { OutboxSmsSender } from './outbox-sms-sender';
export { type SmsMessage, type SmsSender, SmsNotSentError } from './sms-sender';
export { TwilioSmsSender } from './twilio-sms-sender';

/** The provider SMS_PROVIDER names (config.ts): the outbox folder by default, or Twilio. */
export function createSmsSender(config: SmsConfig, log: FastifyBaseLogger): SmsSender {
  return config.provider === 'twilio' ? new TwilioSmsSender(config, log) : new OutboxSmsSender(config.outboxDir, log);
}
