import { describe, expect, it } from 'vitest';

import { formatSoles } from '../src/money/money';
import { chargeLabel, PAYMENT_REMINDER_MINUTES, paymentClaimText } from '../src/money/payment';

describe("what the driver reads about the trip's payment", () => {
  it("names the trip's own method on the fare line, never cash for a wallet trip", () => {
    expect(chargeLabel('cash')).toBe('Cobrarás (efectivo)');
    expect(chargeLabel('yape')).toBe('Cobrarás (Yape)');
    expect(chargeLabel('plin')).toBe('Cobrarás (Plin)');
  });

  it('says who claims to have paid, how much (by the one money formatter) and how', () => {
    expect(paymentClaimText('Ana', 38, 'yape')).toBe(`Ana dice que ya te pagó ${formatSoles(38)} por Yape.`);
    expect(paymentClaimText('María Fernanda', 1234.5, 'plin')).toBe(
      `María Fernanda dice que ya te pagó ${formatSoles(1234.5)} por Plin.`,
    );
    expect(paymentClaimText('Ana', 38, 'yape').replace(/\s/g, ' ')).toBe('Ana dice que ya te pagó S/ 38.00 por Yape.');
  });

  it('reminds a few times at most, in growing intervals', () => {
    expect(PAYMENT_REMINDER_MINUTES[0]).toBe(10);
    expect(PAYMENT_REMINDER_MINUTES.length).toBeLessThanOrEqual(3);
    expect([...PAYMENT_REMINDER_MINUTES].sort((a, b) => a - b)).toEqual([...PAYMENT_REMINDER_MINUTES]);
  });
});
