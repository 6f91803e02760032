import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

import { PHONE_CODE_LENGTH } from '@jala/domain';

/**
 * How a code is kept: HMAC-SHA256 under a key derived from the server's token secret, over the code's own
 * random salt, the account and the number. A copy of the database alone cannot test the million possible
 * codes (the key is not in it), and a hash is good for one account, one number and one code only.
 */
export class PhoneCodeHasher {
  private readonly key: Buffer;

  constructor(serverSecret: string) {
    // Its own key, so a code hash can never be confused with a token signature made with the same secret.
    this.key = createHmac('sha256', serverSecret).update('jala/phone-verification-code').digest();
  }

  /** A uniformly random code of PHONE_CODE_LENGTH digits, leading zeros kept. */
  newCode(): string {
    return String(randomInt(0, 10 ** PHONE_CODE_LENGTH)).padStart(PHONE_CODE_LENGTH, '0');
  }

  newSalt(): string {
    return randomBytes(16).toString('hex');
  }

  hash(code: string, salt: string, userId: number, phone: string): string {
    return createHmac('sha256', this.key).update(`${salt}:${userId}:${phone}:${code}`).digest('hex');
  }

  /** Constant-time comparison of a typed code against a stored hash. */
  matches(code: string, stored: { salt: string; codeHash: string }, userId: number, phone: string): boolean {
    const typed = Buffer.from(this.hash(code, stored.salt, userId, phone), 'hex');
    const kept = Buffer.from(stored.codeHash, 'hex');
    return typed.length === kept.length && timingSafeEqual(typed, kept);
  }
}
