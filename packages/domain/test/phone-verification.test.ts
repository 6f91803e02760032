import { describe, expect, it } from 'vitest';

import {
  isPhoneCodeShape,
  PHONE_CODE_MAX_TRIES,
  PHONE_CODE_RESEND_SECONDS,
  phoneCodeSms,
  phoneCodeState,
  phoneCodeTriesLeft,
  resendWaitMessage,
  resendWaitSeconds,
  triesLeftText,
} from '../src/people/phone-verification';

const at = (seconds: number) => new Date(Date.UTC(2026, 10, 27, 12, 0, seconds));

describe('phone verification codes', () => {
  it('accepts exactly six digits as a code', () => {
    expect(isPhoneCodeShape('012345')).toBe(true);
    for (const wrong of ['12345', '1234567', '12 345', 'abcdef', '', '١٢٣٤٥٦'])
      expect(isPhoneCodeShape(wrong)).toBe(false);
  });

  it('waits 60 s between codes, rounding the wait up to whole seconds', () => {
    expect(PHONE_CODE_RESEND_SECONDS).toBe(60);
    expect(resendWaitSeconds(null, at(0))).toBe(0);
    expect(resendWaitSeconds(at(0), at(0))).toBe(60);
    expect(resendWaitSeconds(at(0), new Date(at(18).getTime() + 500))).toBe(42);
    expect(resendWaitSeconds(at(0), at(60))).toBe(0);
    expect(resendWaitSeconds(at(0), at(3600))).toBe(0);
  });

  it('a code is usable until it expires or has had five wrong entries', () => {
    const code = { expiresAt: at(600), tries: 0 };
    expect(phoneCodeState(code, at(599))).toBe('usable');
    expect(phoneCodeState(code, at(600))).toBe('expired');
    expect(phoneCodeState({ ...code, tries: PHONE_CODE_MAX_TRIES - 1 }, at(1))).toBe('usable');
    expect(phoneCodeState({ ...code, tries: PHONE_CODE_MAX_TRIES }, at(1))).toBe('spent');
    // Spent wins over expired: the answer that tells the user to ask again either way.
    expect(phoneCodeState({ ...code, tries: PHONE_CODE_MAX_TRIES }, at(900))).toBe('spent');
  });

  it('counts the tries left and says them in Spanish', () => {
    expect(phoneCodeTriesLeft(0)).toBe(5);
    expect(phoneCodeTriesLeft(4)).toBe(1);
    expect(phoneCodeTriesLeft(9)).toBe(0);
    expect(triesLeftText(1)).toBe('1 intento');
    expect(triesLeftText(3)).toBe('3 intentos');
    expect(resendWaitMessage(42)).toBe('Espera 42 s para pedir otro código.');
  });

  it('writes the SMS in Spanish with the code and its lifetime', () => {
    expect(phoneCodeSms('123456')).toBe('Jala: tu código es 123456. Vence en 10 minutos.');
  });
});
