import { maskPhone } from '@jala/domain';
import type { FastifyBaseLogger } from 'fastify';

import { type SmsMessage, SmsNotSentError, type SmsSender } from './sms-sender';

export interface TwilioConfig {
  accountSid: string;
  authToken: string;
  /** A sender number (+E.164) or alphanumeric id is sent as `From`; a Messaging Service SID (MG…) as `MessagingServiceSid`. */
  from: string;
  /** https://api.twilio.com, or a local server in tests. */
  apiUrl: string;
}

/** Twilio answers within a second or two; past this the code is not worth waiting for. */
const TIMEOUT_MS = 10_000;
const MESSAGING_SERVICE_SID = /^MG[0-9a-fA-F]{32}$/;

/**
 * SMS_PROVIDER=twilio: one POST to the Messages API per text, form-encoded, with the account's basic auth
 * (https://www.twilio.com/docs/messaging/api/message-resource#create-a-message-resource). A non-2xx answer,
 * a timeout or a network error is an SmsNotSentError; the log names the masked recipient and Twilio's error
 * code, never the text.
 */
export class TwilioSmsSender implements SmsSender {
  readonly name = 'twilio';

  constructor(
    private readonly config: TwilioConfig,
    private readonly log: Pick<FastifyBaseLogger, 'info' | 'warn'>,
  ) {}

  async send(message: SmsMessage): Promise<void> {
    const { accountSid, authToken, from, apiUrl } = this.config;
    const url = `${apiUrl}/2010-04-01/Accounts/${encodeURIComponent(accountSid)}/Messages.json`;
    const form = new URLSearchParams({ To: message.to, Body: message.body });
    form.set(MESSAGING_SERVICE_SID.test(from) ? 'MessagingServiceSid' : 'From', from);
    const to = maskPhone(message.to);
    let response: Response;
    try {
      response = await fetch(url, {
        method: 'POST',
        headers: {
          authorization: `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString('base64')}`,
          'content-type': 'application/x-www-form-urlencoded',
          accept: 'application/json',
        },
        body: form.toString(),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (error) {
      this.log.warn({ err: error, to }, 'Twilio did not answer');
      throw new SmsNotSentError('twilio unreachable');
    }
    const answer = (await response.json().catch(() => null)) as { sid?: string; code?: number } | null;
    if (!response.ok) {
      this.log.warn({ to, status: response.status, twilioCode: answer?.code }, 'Twilio refused the SMS');
      throw new SmsNotSentError(`twilio answered ${response.status}`);
    }
    this.log.info({ to, sid: answer?.sid }, 'SMS handed to Twilio');
  }
}
