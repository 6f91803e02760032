import { createHash } from 'node:crypto';

import type { PhoneVerification } from '@jala/contracts';
import type { PhoneVerificationCodeRow } from '@jala/db';
import {
  PHONE_CODE_RESEND_SECONDS,
  PHONE_CODE_TTL_SECONDS,
  phoneCodeSms,
  phoneCodeState,
  phoneCodeTriesLeft,
  resendWaitMessage,
  resendWaitSeconds,
  toE164PeruvianMobile,
  triesLeftText,
} from '@jala/domain';

import type { BudgetGate } from '../../budgets/budget-gate';
import { SMS_BUDGETS } from '../../budgets/budget-table';
import { AppError } from '../../lib/app-error';
import { RateLimitedError } from '../../lib/rate-limited-error';
import type { PhoneCodeHasher } from './phone-code-hash';
import type { PhoneVerificationRepository } from './phone-verification.repository';
import { SmsNotSentError, type SmsSender } from './sms';

/** The number as a counter key: hashed, so Redis keys name no phone number. */
const numberKey = (phone: string) => createHash('sha256').update(phone).digest('base64url').slice(0, 22);

export interface PhoneVerificationDeps {
  codes: PhoneVerificationRepository;
  hasher: PhoneCodeHasher;
  sms: SmsSender;
  budgets: Pick<BudgetGate, 'spendOrRefuse'>;
  now: () => Date;
  /** The user's trip answers show the new state (offer cards, trip cards): LiveTrips.touchUser. */
  touchUser: (userId: number) => Promise<void>;
}

type Account = { phone: string | null; phoneVerifiedAt: Date | null };

/**
 * "Verifica tu celular": a signed-in user asks for a 6-digit code by SMS to their own number and types it
 * back. Codes are stored only as a hash, live 10 minutes, survive 4 wrong tries (the 5th kills them), come
 * one a minute per account and at most SMS_BUDGETS.perNumber an hour per number. Every call acts on the
 * caller's own account: there is no way to name another one.
 */
export class PhoneVerificationService {
  constructor(private readonly d: PhoneVerificationDeps) {}

  async status(userId: number): Promise<PhoneVerification> {
    const account = await this.account(userId);
    return this.describe(account, await this.d.codes.findCode(userId));
  }

  async sendCode(userId: number): Promise<PhoneVerification> {
    const account = await this.account(userId);
    const phone = account.phone;
    if (!phone) throw new AppError('PHONE_MISSING');
    const to = toE164PeruvianMobile(phone);
    if (!to) throw new AppError('PHONE_MISSING');
    if (account.phoneVerifiedAt) throw new AppError('PHONE_ALREADY_VERIFIED');
    const now = this.d.now();
    const last = await this.d.codes.findCode(userId);
    this.refuseEarlyResend(last?.phone === phone ? last.sentAt : null, now);
    await this.d.budgets.spendOrRefuse('sms:number', SMS_BUDGETS.perNumber, `phone:${numberKey(phone)}`);

    const code = this.d.hasher.newCode();
    const salt = this.d.hasher.newSalt();
    const stored = {
      userId,
      phone,
      salt,
      codeHash: this.d.hasher.hash(code, salt, userId, phone),
      sentAt: now,
      expiresAt: new Date(now.getTime() + PHONE_CODE_TTL_SECONDS * 1000),
    };
    if (!(await this.d.codes.replaceCode(stored, new Date(now.getTime() - PHONE_CODE_RESEND_SECONDS * 1000)))) {
      // Another request for this account stored its code in the same minute: this one sends nothing.
      const wait = Math.max(1, resendWaitSeconds((await this.d.codes.findCode(userId))?.sentAt ?? now, now));
      throw new RateLimitedError(wait, resendWaitMessage(wait));
    }
    try {
      await this.d.sms.send({ to, body: phoneCodeSms(code) });
    } catch (error) {
      // Nothing reached the phone: forget the code, so asking again is allowed at once.
      await this.d.codes.deleteCode(userId, stored.codeHash);
      if (error instanceof SmsNotSentError) throw new AppError('SMS_NOT_SENT');
      throw error;
    }
    return this.describe(account, { ...stored, tries: 0 });
  }

  async confirm(userId: number, typed: string): Promise<PhoneVerification> {
    const account = await this.account(userId);
    if (account.phoneVerifiedAt) return this.describe(account, undefined);
    const phone = account.phone;
    const code = await this.d.codes.findCode(userId);
    if (!phone || !code || code.phone !== phone) throw new AppError('PHONE_CODE_NOT_REQUESTED');
    const now = this.d.now();
    const state = phoneCodeState(code, now);
    if (state === 'spent') throw new AppError('PHONE_CODE_LOCKED');
    if (state === 'expired') throw new AppError('PHONE_CODE_EXPIRED');

    const spent = await this.d.codes.spendTry(userId, code.codeHash, now);
    if (spent === undefined) {
      // It died between the read and the try: out of tries by a concurrent guess, expired, or replaced.
      const current = await this.d.codes.findCode(userId);
      if (!current || current.codeHash !== code.codeHash) throw new AppError('PHONE_CODE_NOT_REQUESTED');
      throw new AppError(phoneCodeState(current, now) === 'expired' ? 'PHONE_CODE_EXPIRED' : 'PHONE_CODE_LOCKED');
    }
    if (!this.d.hasher.matches(typed, code, userId, phone)) {
      const left = phoneCodeTriesLeft(spent);
      if (left === 0) throw new AppError('PHONE_CODE_LOCKED');
      throw new AppError('PHONE_CODE_WRONG', `El código no es correcto. Te quedan ${triesLeftText(left)}.`);
    }
    if (!(await this.d.codes.confirm(userId, phone, now))) throw new AppError('PHONE_CODE_NOT_REQUESTED');
    await this.d.touchUser(userId);
    return this.describe({ phone, phoneVerifiedAt: now }, undefined);
  }

  private async account(userId: number): Promise<Account> {
    const account = await this.d.codes.findAccount(userId);
    if (!account) throw new AppError('UNAUTHORIZED');
    return account;
  }

  private refuseEarlyResend(lastSentAt: Date | null, now: Date): void {
    const wait = resendWaitSeconds(lastSentAt, now);
    if (wait > 0) throw new RateLimitedError(wait, resendWaitMessage(wait));
  }

  /** The answer: never the code, only whether one can still be typed, until when, and how many tries are left. */
  private describe(account: Account, code: PhoneVerificationCodeRow | undefined): PhoneVerification {
    const now = this.d.now();
    const forThisNumber = code && code.phone === account.phone ? code : undefined;
    const verifiedAt = account.phone !== null ? account.phoneVerifiedAt : null;
    const verified = verifiedAt !== null;
    return {
      phone: account.phone,
      verified,
      verified_at: verifiedAt?.toISOString() ?? null,
      pending:
        !verified && forThisNumber && phoneCodeState(forThisNumber, now) === 'usable'
          ? {
              expires_at: forThisNumber.expiresAt.toISOString(),
              tries_left: phoneCodeTriesLeft(forThisNumber.tries),
            }
          : null,
      resend_in_seconds: verified ? 0 : resendWaitSeconds(forThisNumber?.sentAt ?? null, now),
    };
  }
}
