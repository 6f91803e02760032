import { describe, expect, it } from 'vitest';

import {
  DELETED_EMAIL_DOMAIN,
  deletedAccountEmail,
  deviceLabel,
  isDeletedAccountEmail,
  LEGAL_VERSION,
  needsConsent,
} from '../src';

describe('deviceLabel', () => {
  it.each([
    [
      'Mozilla/5.0 (Linux; Android 13; SM-A145M) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36',
      'Chrome en Android',
    ],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      'Safari en iPhone',
    ],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/130.0.6723.90 Mobile/15E148 Safari/604.1',
      'Chrome en iPhone',
    ],
    [
      'Mozilla/5.0 (Linux; Android 13; SAMSUNG SM-A536E) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/26.0 Chrome/122.0.0.0 Mobile Safari/537.36',
      'Samsung Internet en Android',
    ],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36 Edg/130.0.0.0',
      'Edge en Windows',
    ],
    ['Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:132.0) Gecko/20100101 Firefox/132.0', 'Firefox en Linux'],
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15',
      'Safari en Mac',
    ],
    [
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/130.0.0.0 Safari/537.36',
      'Chrome en Linux',
    ],
    ['Mozilla/5.0 (Linux; Android 12; moto g(30))', 'Navegador en Android'],
    ['curl/8.5.0', 'Dispositivo desconocido'],
    ['', 'Dispositivo desconocido'],
    [null, 'Dispositivo desconocido'],
  ])('%s → %s', (agent, label) => {
    expect(deviceLabel(agent)).toBe(label);
  });
});

describe('needsConsent', () => {
  it('asks an account that never accepted, or accepted an older version', () => {
    expect(needsConsent(null)).toBe(true);
    expect(needsConsent('2025-01-01')).toBe(true);
    expect(needsConsent('2026-11-28', '2027-03-01')).toBe(true);
  });

  it('does not ask again for the current version (or a newer one a newer app recorded)', () => {
    expect(needsConsent(LEGAL_VERSION)).toBe(false);
    expect(needsConsent('2099-01-01')).toBe(false);
  });
});

describe('deleted account e-mail', () => {
  it('is unique per account and undeliverable', () => {
    const email = deletedAccountEmail(42, 'ab12cd');
    expect(email).toBe(`cuenta-42-ab12cd@${DELETED_EMAIL_DOMAIN}`);
    expect(email.endsWith('.invalid')).toBe(true);
    expect(isDeletedAccountEmail(email.toUpperCase())).toBe(true);
    expect(isDeletedAccountEmail('ana@gmail.com')).toBe(false);
  });
});
