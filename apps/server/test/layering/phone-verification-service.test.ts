/**
 * The races of "Verifica tu celular" that HTTP cannot time on demand, with a hand-written repository: a send
 * that loses the minute to a concurrent one sends nothing, and a code whose SMS could not go out is forgotten.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

import type { PhoneVerificationCodeRow } from '@jala/db';
import { describe, expect, it } from 'vitest';

import { PhoneCodeHasher } from '../../src/modules/phone-verification/phone-code-hash';
import type { PhoneVerificationRepository } from '../../src/modules/phone-verification/phone-verification.repository';
import { PhoneVerificationService } from '../../src/modules/phone-verification/phone-verification.service';
import { OutboxSmsSender, SmsNotSentError, type SmsSender } from '../../src/modules/phone-verification/sms';
import { scratchDir } from '../support/scratch-dir';
import { fake, recorder } from './fakes';

const NOW = new Date('2026-11-27T20:00:00.000Z');
const silent = { info: () => undefined, error: () => undefined };
const outbox = scratchDir('jala-sms-layering-');

/** `stored`: the code another request stored in the meantime (the first read still finds none). */
function setup(options: { stored?: PhoneVerificationCodeRow; sms?: SmsSender }) {
  const deleteCode = recorder(async (_userId: number, _hash: string) => undefined);
  let reads = 0;
  const codes = fake<PhoneVerificationRepository>({
    findAccount: async () => ({ phone: '987654321', phoneVerifiedAt: null }),
    findCode: async () => (reads++ === 0 ? undefined : options.stored),
    replaceCode: async () => options.stored === undefined,
    deleteCode,
  });
  const service = new PhoneVerificationService({
    codes,
    hasher: new PhoneCodeHasher('x'.repeat(40)),
    sms: options.sms ?? new OutboxSmsSender(outbox, silent, () => NOW),
    budgets: { spendOrRefuse: async () => undefined },
    now: () => NOW,
    touchUser: async () => undefined,
  });
  return { service, deleteCode };
}

const files = () => readdirSync(outbox).filter((name) => name.endsWith('.txt'));

describe('PhoneVerificationService (fake repository)', () => {
  it('sends nothing when a concurrent request stored its code first, and says how long to wait', async () => {
    const before = files().length;
    const other = {
      userId: 1,
      phone: '987654321',
      codeHash: 'a'.repeat(64),
      salt: 'b'.repeat(32),
      sentAt: new Date(NOW.getTime() - 2_000),
      expiresAt: new Date(NOW.getTime() + 598_000),
      tries: 0,
    };
    const { service } = setup({ stored: other });
    await expect(service.sendCode(1)).rejects.toMatchObject({
      code: 'RATE_LIMITED',
      retryAfterSeconds: 58,
      message: 'Espera 58 s para pedir otro código.',
    });
    expect(files().length).toBe(before);
  });

  it('forgets a code whose SMS the provider refused, so asking again is allowed at once', async () => {
    const refusing: SmsSender = {
      name: 'refusing',
      send: async () => {
        throw new SmsNotSentError('down');
      },
    };
    const { service, deleteCode } = setup({ sms: refusing });
    await expect(service.sendCode(1)).rejects.toMatchObject({ code: 'SMS_NOT_SENT', status: 502 });
    expect(deleteCode.calls).toEqual([[1, expect.stringMatching(/^[0-9a-f]{64}$/)]]);
  });

  it('writes the outbox file with the E.164 recipient and the Spanish text, owner-only', async () => {
    const before = new Set(files());
    const { service } = setup({});
    const answer = await service.sendCode(1);
    expect(answer).toMatchObject({ phone: '987654321', verified: false, pending: { tries_left: 5 } });
    const [written] = files().filter((name) => !before.has(name));
    expect(written).toMatch(/^sms-20261127T200000000Z-[0-9a-f]{8}\.txt$/);
    const text = readFileSync(join(outbox, written!), 'utf8');
    expect(text).toMatch(
      /^To: \+51987654321\nDate: 2026-11-27T20:00:00\.000Z\n\nJala: tu código es \d{6}\. Vence en 10 minutos\.\n$/,
    );
    expect(statSync(join(outbox, written!)).mode & 0o777).toBe(0o600);
  });
});
