import type { ChatMessage } from '@jala/contracts';
import { makeChatMessage } from '@jala/test-factories';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { OfferChat } from '@/features/live-trip/shared/chat/offer-chat';

import { fakeRealtime, jsonResponse, renderAt, stubFetch } from '../support';

const fromDriver = makeChatMessage({
  sender: 5,
  role: 'driver',
  message: 'Llego en 5 minutos',
  timestamp: '2026-03-01T15:01:00.000Z',
});

/** The passenger's chat with driver 5 on trip 7, once the stored conversation is on screen; returns the fake link. */
async function openChat(connected = true) {
  const live = fakeRealtime(connected);
  renderAt(
    '/',
    <OfferChat tripId={7} driverId={5} role="passenger" userId={42} peerName="Carlos Mamani" peerLabel="Conductor" />,
  );
  await screen.findByText('Llego en 5 minutos');
  return live;
}

const input = () => screen.getByPlaceholderText('Escribe un mensaje') as HTMLInputElement;
const send = () => fireEvent.click(screen.getByRole('button', { name: 'Enviar' }));
const log = () => screen.getByRole('list', { name: 'Chat con Carlos Mamani' });

describe('per-offer chat', () => {
  beforeEach(() => {
    stubFetch({
      'GET /trips/7/chat/5/messages': jsonResponse(200, {
        success: true,
        data: { messages: [fromDriver], next_before: null },
        message: 'OK',
      }),
    });
  });
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('loads the stored conversation with the sender role of each message', async () => {
    await openChat();
    expect(screen.getByText('Llego en 5 minutos')).toBeTruthy();
    expect(log().textContent).toContain('Conductor');
  });

  it('does not send a blank message', async () => {
    const live = await openChat();
    fireEvent.change(input(), { target: { value: '   ' } });
    send();
    fireEvent.submit(input().form as HTMLFormElement);
    expect(live.publish).not.toHaveBeenCalled();
    expect(input().value).toBe('   ');
  });

  it('publishes a trimmed message as the passenger on chat/{trip}/{driver} and shows it once, even when the broker echoes it', async () => {
    const live = await openChat();
    fireEvent.change(input(), { target: { value: '  Estoy en la puerta  ' } });
    send();
    await waitFor(() => expect(live.publish).toHaveBeenCalledTimes(1));
    const [topic, payload, options] = live.publish.mock.calls[0] ?? [];
    expect(topic).toBe('chat/7/5');
    expect(payload).toMatchObject({ sender: 42, role: 'passenger', message: 'Estoy en la puerta' });
    expect(options).toEqual({ qos: 1 });
    await screen.findByText('Estoy en la puerta');
    expect(input().value).toBe('');
    live.deliver('chat/7/5', payload);
    live.deliver('chat/7/5', { ...fromDriver, message: 'Perfecto', timestamp: '2099-01-01T00:00:00.000Z' });
    await screen.findByText('Perfecto');
    expect(screen.getAllByText('Estoy en la puerta')).toHaveLength(1);
    expect([...log().querySelectorAll('li')].map((li) => li.textContent)).toEqual([
      'ConductorLlego en 5 minutos',
      expect.stringContaining('Estoy en la puerta'),
      'ConductorPerfecto',
    ]);
  });

  it('keeps the text and says so when the realtime link is down', async () => {
    await openChat(false);
    fireEvent.change(input(), { target: { value: 'Hola' } });
    send();
    expect((await screen.findByRole('alert')).textContent).toBe('Sin conexión en tiempo real: el mensaje no se envió.');
    expect(input().value).toBe('Hola');
  });

  describe('a conversation longer than one page', () => {
    const at = (minute: number) => `2026-03-01T15:${String(minute).padStart(2, '0')}:00.000Z`;
    const line = (n: number, role: ChatMessage['role'] = 'driver'): ChatMessage =>
      makeChatMessage({
        id: `mensaje-numero-${String(n).padStart(4, '0')}`,
        sender: role === 'driver' ? 5 : 42,
        role,
        message: `Mensaje ${n}`,
        timestamp: at(n),
      });
    /** The newest page (messages 3 to 5) says older ones exist; the page before it (1 and 2) is the first. */
    const pages = (older = [line(1), line(2, 'passenger')]) =>
      stubFetch({
        'GET /trips/7/chat/5/messages': (_init, url) =>
          jsonResponse(200, {
            success: true,
            message: 'OK',
            data: url.includes('before=3')
              ? { messages: older, next_before: null }
              : { messages: [line(3), line(4, 'passenger'), line(5)], next_before: 3 },
          }),
      });
    const texts = () => [...log().querySelectorAll('.dt-chat__text')].map((li) => li.textContent);

    /** Gives the list a height of 50 px per message and a settable scroll position, which jsdom has not. */
    function measuredList() {
      const list = log();
      let top = 0;
      Object.defineProperty(list, 'scrollHeight', {
        configurable: true,
        get: () => list.querySelectorAll('li').length * 50,
      });
      Object.defineProperty(list, 'scrollTop', {
        configurable: true,
        get: () => top,
        set: (value: number) => {
          top = value;
        },
      });
      return list;
    }

    it("shows 'Ver mensajes anteriores' above the newest page, puts the page before it on top and keeps the reader's place", async () => {
      const fetched = pages();
      fakeRealtime(true);
      renderAt(
        '/',
        <OfferChat
          tripId={7}
          driverId={5}
          role="passenger"
          userId={42}
          peerName="Carlos Mamani"
          peerLabel="Conductor"
        />,
      );
      await screen.findByText('Mensaje 5');
      expect(texts()).toEqual(['Mensaje 3', 'Mensaje 4', 'Mensaje 5']);
      const list = measuredList();
      list.scrollTop = 20; // reading near the top: 130 px from the end of the list
      fireEvent.click(screen.getByRole('button', { name: 'Ver mensajes anteriores' }));
      await screen.findByText('Mensaje 1');
      expect(texts()).toEqual(['Mensaje 1', 'Mensaje 2', 'Mensaje 3', 'Mensaje 4', 'Mensaje 5']);
      // Two messages (100 px) went in above: the same messages stay in view.
      expect(list.scrollTop).toBe(120);
      expect(fetched.mock.calls.map(([url]) => String(url))).toEqual([
        '/api/trips/7/chat/5/messages',
        '/api/trips/7/chat/5/messages?before=3',
      ]);
      // The first message of the conversation is there: nothing older to ask for.
      expect(screen.queryByRole('button', { name: /mensajes anteriores/ })).toBeNull();
    });

    it('appends live messages after the pages, once each, and scrolls to a new last message', async () => {
      pages();
      const live = fakeRealtime(true);
      renderAt(
        '/',
        <OfferChat
          tripId={7}
          driverId={5}
          role="passenger"
          userId={42}
          peerName="Carlos Mamani"
          peerLabel="Conductor"
        />,
      );
      await screen.findByText('Mensaje 5');
      fireEvent.click(screen.getByRole('button', { name: 'Ver mensajes anteriores' }));
      await screen.findByText('Mensaje 1');
      const list = measuredList();
      list.scrollTop = 0;
      // A live copy of a stored message (same sender and id) and a new one.
      act(() => live.deliver('chat/7/5', line(5)));
      act(() => live.deliver('chat/7/5', line(6)));
      await screen.findByText('Mensaje 6');
      expect(texts()).toEqual(['Mensaje 1', 'Mensaje 2', 'Mensaje 3', 'Mensaje 4', 'Mensaje 5', 'Mensaje 6']);
      expect(list.scrollTop).toBe(300);
    });
  });
});
