import type { ChatMessage, ChatPage } from '@jala/contracts';
import { makeChatMessage } from '@jala/test-factories';
import { act, cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { TripChatPanel } from '@/features/live-trip/shared/chat/trip-chat-panel';

import { fakeRealtime, jsonResponse, renderAt, stubFetch } from '../support';

const fromDriver = (n: number): ChatMessage =>
  makeChatMessage({
    id: `del-conductor-${String(n).padStart(4, '0')}`,
    sender: 5,
    role: 'driver',
    message: `Mensaje ${n}`,
    timestamp: `2026-03-01T15:0${n}:00.000Z`,
  });

describe('the folded chat of the agreed trip', () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('counts messages as unread by their id until opened, also when the newest page is read again without the oldest one', async () => {
    // The stored conversation as the server answers it: first two messages, then (after the link came
    // back) the newest page, where the live message is stored and the oldest one fell out of the page.
    let page: ChatPage = { messages: [fromDriver(1), fromDriver(2)], next_before: null };
    const fetched = stubFetch({
      'GET /trips/7/chat/5/messages': () => jsonResponse(200, { success: true, data: page, message: 'OK' }),
    });
    const live = fakeRealtime(true);
    renderAt('/', <TripChatPanel tripId={7} driverId={5} role="passenger" userId={42} peerName="Carlos Mamani" />);
    await vi.waitFor(() => expect(fetched).toHaveBeenCalledTimes(1));
    await act(async () => {
      await fetched.mock.results[0]?.value;
    }); // the stored history is in
    expect(screen.queryByTestId('chat-unread')).toBeNull();

    act(() => live.deliver('chat/7/5', fromDriver(3)));
    act(() => live.deliver('chat/7/5', fromDriver(3))); // a QoS 1 resend of the same message
    expect((await screen.findByTestId('chat-unread')).textContent).toBe('1');

    // Read again after a reconnection: one more message arrived meanwhile, and the oldest left the page.
    // Two are unread (a count of the page's messages would say one).
    page = { messages: [fromDriver(2), fromDriver(3), fromDriver(4)], next_before: 1 };
    act(() => {
      live.setConnected(false);
      live.setConnected(true);
    });
    await vi.waitFor(() => expect(screen.getByTestId('chat-unread').textContent).toBe('2'));

    act(() => screen.getByRole('button', { name: /Chat con Carlos Mamani/ }).click());
    expect(screen.queryByTestId('chat-unread')).toBeNull();
  });
});
