import { describe, expect, it } from 'vitest';

import { documentExpiryNotice, driverDocumentsExpired, EXPIRY_WARNING_DAYS } from '../src/people/document-expiry';

// 2026-11-23 12:00 in Lima (UTC-5).
const NOW = new Date('2026-11-23T17:00:00Z');

describe('driver document expiry (Lima calendar days)', () => {
  it('a document is valid through its expiry day and expired the day after', () => {
    expect(driverDocumentsExpired({ licenseExpiryDate: '2026-11-23', soatExpiryDate: null }, NOW)).toBe(false);
    expect(driverDocumentsExpired({ licenseExpiryDate: '2026-11-22', soatExpiryDate: null }, NOW)).toBe(true);
    expect(driverDocumentsExpired({ licenseExpiryDate: '2030-01-01', soatExpiryDate: '2026-11-22' }, NOW)).toBe(true);
    // 23:30 in Lima is already the 24th in UTC: still the 23rd for the rule.
    expect(
      driverDocumentsExpired(
        { licenseExpiryDate: '2026-11-23', soatExpiryDate: null },
        new Date('2026-11-24T04:30:00Z'),
      ),
    ).toBe(false);
  });

  it('warns from a week before, on the day, and after; nothing earlier', () => {
    expect(EXPIRY_WARNING_DAYS).toBe(7);
    const notice = (soat: string) =>
      documentExpiryNotice({ licenseExpiryDate: '2030-01-01', soatExpiryDate: soat }, NOW);
    expect(notice('2026-12-01')).toBeNull();
    expect(notice('2026-11-30')).toBe(
      'Tu SOAT vence el 30 nov 2026. Renuévalo y súbelo en "Documentos" de tu perfil para seguir recibiendo solicitudes.',
    );
    expect(notice('2026-11-23')).toBe(
      'Hoy vence tu SOAT. Desde mañana no recibirás solicitudes: sube el documento renovado en "Documentos" de tu perfil.',
    );
    expect(notice('2026-11-20')).toBe(
      'Tu SOAT venció el 20 nov 2026. No recibirás solicitudes hasta que subas el documento vigente en "Documentos" de tu perfil.',
    );
  });

  it('names both documents when both are due, expired first', () => {
    expect(documentExpiryNotice({ licenseExpiryDate: '2026-11-25', soatExpiryDate: '2026-11-26' }, NOW)).toBe(
      'Tu licencia vence el 25 nov 2026 y tu SOAT vence el 26 nov 2026. Renuévalos y súbelos en "Documentos" de tu perfil para seguir recibiendo solicitudes.',
    );
    expect(documentExpiryNotice({ licenseExpiryDate: '2026-11-01', soatExpiryDate: '2026-11-26' }, NOW)).toMatch(
      /^Tu licencia venció el 1 nov 2026\./,
    );
  });
});
