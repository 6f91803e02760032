import { topics } from '@jala/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { WalletPaymentPanel } from '@/features/payments/components/wallet-payment-panel';

import { fakeRealtime, renderAt, resetTestWorld } from '../support';

describe('the wallet payment panel', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    resetTestWorld();
  });

  it('reads the payment again each time it starts listening, so an answer given before that is not missed', async () => {
    const live = fakeRealtime(false);
    const onChanged = vi.fn();
    renderAt(
      '/',
      <WalletPaymentPanel
        tripId={40}
        total={38}
        payment={{ method: 'yape', status: 'pending', payee: null, cash_note: null, cash_change: null }}
        onChanged={onChanged}
      />,
    );
    expect(onChanged).not.toHaveBeenCalled();
    // The link comes up: the broker grants trip_status/40, and whatever changed meanwhile is read.
    live.setConnected(true);
    await vi.waitFor(() => expect(live.follows(topics.tripStatus(40))).toBe(true));
    expect(onChanged).toHaveBeenCalled();
  });
});
