import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { makeChatMessage } from '@jala/test-factories';
import { OfferChat } from '../../src/features/live-trip/shared/chat/offer-chat';
import { fakeRealtime, jsonResponse, renderAt, stubFetch } from '../support';

const fromDriver = makeChatMessage({ sender: 5, role: 'driver', message: 'Llego en 5 minutos', timestamp: '2026-03-01T15:01:00.000Z' });

/** The passenger's chat with driver 5 on trip 7, once the stored conversation is on screen; returns the fake link. */
async function openChat(connected = true) {
  const live = fakeRealtime(connected);
  renderAt('/', <OfferChat tripId={7} driverId={5} role="passenger" userId={42} peerName="Carlos Mamani" peerLabel="Conductor" />);
  await screen.findByText('Llego en 5 minutos');
  return live;
}

const input = () => screen.getByPlaceholderText('Escribe un mensaje') as HTMLInputElement;
const send = () => fireEvent.click(screen.getByRole('button', { name: 'Enviar' }));
const log = () => screen.getByRole('list', { name: 'Chat con Carlos Mamani' });

describe('per-offer chat', () => {
  beforeEach(() => {
    stubFetch({ 'GET /trips/7/chat/5': jsonResponse(200, { success: true, data: [fromDriver], message: 'OK' }) });
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
    expect([...log().querySelectorAll('li')].map((li) => li.textContent)).toEqual(['ConductorLlego en 5 minutos', expect.stringContaining('Estoy en la puerta'), 'ConductorPerfecto']);
  });

  it('keeps the text and says so when the realtime link is down', async () => {
    await openChat(false);
    fireEvent.change(input(), { target: { value: 'Hola' } });
    send();
    expect((await screen.findByRole('alert')).textContent).toBe('Sin conexión en tiempo real: el mensaje no se envió.');
    expect(input().value).toBe('Hola');
  });
});
