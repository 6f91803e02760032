import { describe, expect, it } from 'vitest';

import {
  canDriverAnswerPayment,
  canReportPaid,
  cashChange,
  cashChangeText,
  cashNoteTooSmallMessage,
  isCashNote,
  methodNotAcceptedMessage,
  paymentReceiptText,
} from '../src/money/payment';

describe('payment method', () => {
  it('computes the change from the note, and says so when the note no longer covers the fare', () => {
    expect(cashChangeText(cashChange(50, 1450))).toBe('Pagará con S/\u00a050 · lleva S/\u00a035.50 de vuelto');
    expect(cashChangeText(cashChange(20, 2000))).toBe('Pagará con S/\u00a020 · sin vuelto');
    expect(cashChange(20, 2350)).toEqual({ kind: 'short', noteCents: 2000, shortCents: 350 });
    expect(cashChangeText(cashChange(20, 2350))).toBe('Pagará con S/\u00a020 · no alcanza: faltan S/\u00a03.50');
    expect(cashChangeText(cashChange(null, 2350))).toBe('Pagará con el monto exacto');
  });

  it('takes only the listed notes and names the refusals in Spanish', () => {
    expect([10, 20, 50, 100, 200].every(isCashNote)).toBe(true);
    expect(isCashNote(30)).toBe(false);
    expect(cashNoteTooSmallMessage(10, 1450)).toBe(
      'Con S/\u00a010 no alcanza para S/\u00a014.50. Elige un billete mayor o monto exacto.',
    );
    expect(methodNotAcceptedMessage('yape')).toBe('No aceptas Yape');
    expect(methodNotAcceptedMessage('plin')).toBe('No aceptas Plin');
  });

  it('moves a wallet payment forward only: reported, then confirmed or disputed', () => {
    expect(canReportPaid('pending')).toBe(true);
    expect(canReportPaid('reported')).toBe(false);
    expect(canDriverAnswerPayment('reported')).toBe(true);
    expect(canDriverAnswerPayment('confirmed')).toBe(false);
    expect(canDriverAnswerPayment('disputed')).toBe(false);
    expect(paymentReceiptText('yape', 'confirmed')).toBe('Pagado con Yape · confirmado por el conductor');
    expect(paymentReceiptText('plin', 'reported')).toBe('Plin · pendiente de confirmación');
    expect(paymentReceiptText('cash', null)).toBe('Efectivo');
    expect(paymentReceiptText('cash', null, cashChange(50, 1450))).toBe(
      'Efectivo · pagó con S/\u00a050 · vuelto S/\u00a035.50',
    );
  });
});
