import { HISTORY_MESSAGE_COUNT, HISTORY_MESSAGE_ROTATION_MS } from '@jala/domain';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { HISTORY_MESSAGES } from '@/features/passenger/components/history-messages';
import { HistoryPagination } from '@/features/passenger/components/history-pagination';
import { facebookShareUrl, whatsappShareUrl } from '@/features/passenger/components/history-share-banner';
import { PatrioticMessage } from '@/features/passenger/components/patriotic-message';
import { formatTripDate } from '@/features/passenger/model/format';

describe('history widgets', () => {
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('rotates through the 12 different patriotic messages every 20 s, then starts over', () => {
    vi.useFakeTimers();
    expect(new Set(HISTORY_MESSAGES).size).toBe(HISTORY_MESSAGE_COUNT);
    render(<PatrioticMessage />);
    const text = () => screen.getByTestId('patriotic-message').textContent;
    expect(text()).toBe(HISTORY_MESSAGES[0]);
    act(() => {
      vi.advanceTimersByTime(HISTORY_MESSAGE_ROTATION_MS - 1);
    });
    expect(text()).toBe(HISTORY_MESSAGES[0]);
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(text()).toBe(HISTORY_MESSAGES[1]);
    act(() => {
      vi.advanceTimersByTime(HISTORY_MESSAGE_ROTATION_MS * (HISTORY_MESSAGE_COUNT - 1));
    });
    expect(text()).toBe(HISTORY_MESSAGES[0]);
  });

  it('builds the real Facebook and WhatsApp share addresses', () => {
    const page = 'https://jala.pe/passenger/trip-history?x=1&y=2';
    expect(facebookShareUrl(page)).toBe(
      'https://www.facebook.com/sharer/sharer.php?u=https%3A%2F%2Fjala.pe%2Fpassenger%2Ftrip-history%3Fx%3D1%26y%3D2',
    );
    expect(whatsappShareUrl(page, 'Hola Perú')).toBe(
      'https://wa.me/?text=Hola%20Per%C3%BA%20https%3A%2F%2Fjala.pe%2Fpassenger%2Ftrip-history%3Fx%3D1%26y%3D2',
    );
  });

  it('shows the pager only with more than one page', () => {
    const { rerender } = render(<HistoryPagination page={1} totalPages={1} onPage={() => {}} />);
    expect(screen.queryByText(/Página/)).toBeNull();
    rerender(<HistoryPagination page={2} totalPages={3} onPage={() => {}} />);
    expect(screen.getByText('Página 2 de 3')).toBeTruthy();
  });

  it('formats trip dates the one way the app writes them (Peruvian short month, Lima time)', () => {
    expect(formatTripDate('2025-03-14T23:05:00.000Z')).toBe('14 mar 2025, 18:05');
    expect(formatTripDate('no es fecha')).toBe('—');
  });
});
