/** What the phone verification needs of an SMS provider: one text to one Peruvian mobile, or an error. */
export interface SmsMessage {
  /** The recipient in E.164 ('+51987654321'). */
  to: string;
  body: string;
}

export interface SmsSender {
  /** 'outbox' or 'twilio', for logs and health. */
  readonly name: string;
  /** Resolves once the provider took the message; rejects with SmsNotSentError when it did not. */
  send(message: SmsMessage): Promise<void>;
}

/** The provider refused or could not be reached; the caller answers SMS_NOT_SENT (502). */
export class SmsNotSentError extends Error {}
