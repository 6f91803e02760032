import { topics } from '@jala/contracts';
import { makeDriverTripRequest } from '@jala/test-factories';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { TripRequestCard } from '@/features/live-trip/driver-view/components/trip-request-card';
import { ApiError } from '@/lib/api/api-client';

import { envelope, FakeRealtime, jsonResponse, renderAt, stubFetch } from '../../support';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

/** A promise the test settles by hand, to observe the busy labels. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const DRIVER_ID = 33;

function renderCard(props: Partial<Parameters<typeof TripRequestCard>[0]> = {}) {
  const onOffer = props.onOffer ?? vi.fn(async () => 20);
  const onReject = props.onReject ?? vi.fn(async () => {});
  const chatClient = props.chatClient ?? new FakeRealtime();
  renderAt('/driver/trip-request', {
    '/driver/trip-request': (
      <TripRequestCard
        request={props.request ?? makeDriverTripRequest()}
        driverId={DRIVER_ID}
        onOffer={onOffer}
        onReject={onReject}
        chatClient={chatClient}
      />
    ),
  });
  return { onOffer, onReject, chatClient };
}

describe('trip request card', () => {
  it('shows passenger, rating, service, pickup, destination, fares, distance, time and distance to pickup', () => {
    renderCard();
    const card = screen.getByRole('article', { name: 'Solicitud de Rosa Huamán' });
    const text = card.textContent ?? '';
    expect(within(card).getByText('Rosa Huamán')).toBeTruthy();
    expect(within(card).getByText('★ 4.8')).toBeTruthy();
    expect(within(card).getByText('Auto')).toBeTruthy();
    expect(within(card).getByText('Parque Kennedy, Miraflores')).toBeTruthy();
    expect(within(card).getByText('Jockey Plaza, Santiago de Surco')).toBeTruthy();
    expect(text).toContain('Tarifa estimadaS/\u00a023.50');
    expect(text).toContain('Precio ofrecidoS/\u00a020.00');
    expect(text).toContain('Distancia7.8 km');
    expect(text).toContain('Tiempo22 min');
    expect(text).toContain('Al recojo0.4 km');
    expect(text).toContain('Estoy en la puerta de la iglesia');
    expect(text).toContain('Aceptar envía tu oferta por S/\u00a020.00.');
  });

  it('leaves out the offered price when the passenger did not propose one, and reads "Nuevo" without rating', () => {
    renderCard({
      request: makeDriverTripRequest({ offer_price: null, passenger_rating: null, passenger_notes: null }),
    });
    const card = screen.getByRole('article');
    expect(card.textContent).not.toContain('Precio ofrecido');
    expect(within(card).getByText('Nuevo')).toBeTruthy();
    expect(card.textContent).toContain('Aceptar envía tu oferta por S/\u00a023.50.');
  });

  it.each([
    { action: 'Aceptar', busy: 'Aceptando...', other: 'Rechazar', handler: 'onOffer' },
    { action: 'Rechazar', busy: 'Rechazando...', other: 'Aceptar', handler: 'onReject' },
  ] as const)(
    '$action shows $busy and disables the actions until it is answered',
    async ({ action, busy, other, handler }) => {
      const pending = deferred<number>();
      const sent = vi.fn(() => pending.promise);
      renderCard({ [handler]: sent });
      fireEvent.click(screen.getByRole('button', { name: action }));
      expect(sent).toHaveBeenCalledWith(expect.objectContaining({ id: 501 }));
      expect(sent.mock.calls[0]).toHaveLength(1); // accepting takes the passenger's price: no counter-offer
      expect((screen.getByRole('button', { name: busy }) as HTMLButtonElement).disabled).toBe(true);
      expect((screen.getByRole('button', { name: other }) as HTMLButtonElement).disabled).toBe(true);
      await act(async () => pending.resolve(20));
      expect(screen.getByRole('button', { name: action })).toBeTruthy();
    },
  );

  it("shows the server's Spanish reason when the offer fails", async () => {
    const onOffer = vi.fn(async () => {
      throw new ApiError({ message: 'Ya enviaste una oferta para este viaje.', code: 'CONFLICT', status: 409 });
    });
    renderCard({ onOffer });
    fireEvent.click(screen.getByRole('button', { name: 'Aceptar' }));
    expect(await screen.findByText('Ya enviaste una oferta para este viaje.')).toBeTruthy();
  });

  it("falls back to 'Error al aceptar viaje' when the failure has no message of its own", async () => {
    renderCard({ onOffer: vi.fn(async () => Promise.reject(new TypeError('boom'))) });
    fireEvent.click(screen.getByRole('button', { name: 'Aceptar' }));
    expect(await screen.findByText('Error al aceptar viaje')).toBeTruthy();
  });

  it("'Proponer otro precio' refuses zero or three decimals and sends a valid counter-offer", async () => {
    const { onOffer } = renderCard();
    const input = screen.getByLabelText('Proponer otro precio') as HTMLInputElement;
    expect(input.step).toBe('0.5');
    expect(Number(input.min)).toBeGreaterThan(0);
    fireEvent.click(screen.getByRole('button', { name: 'Proponer' }));
    expect(screen.getByText('Ingresa un precio mayor que cero.')).toBeTruthy();
    fireEvent.change(input, { target: { value: '18.255' } });
    fireEvent.click(screen.getByRole('button', { name: 'Proponer' }));
    expect(screen.getByText('El precio admite como máximo dos decimales.')).toBeTruthy();
    expect(onOffer).not.toHaveBeenCalled();
    fireEvent.change(input, { target: { value: '18.5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Proponer' }));
    await waitFor(() => expect(onOffer).toHaveBeenCalledWith(expect.objectContaining({ id: 501 }), 18.5));
  });

  it("once offered shows 'Oferta enviada: S/ x.xx' and the chat with its stored history", async () => {
    stubFetch({
      [`GET /trips/501/chat/${DRIVER_ID}/messages`]: jsonResponse(
        200,
        envelope({
          messages: [
            {
              sender: 90,
              role: 'passenger',
              message: '¿Puede llegar en 5 minutos?',
              timestamp: '2025-06-01T15:00:00.000Z',
            },
          ],
          next_before: null,
        }),
      ),
    });
    const chatClient = new FakeRealtime();
    renderCard({ request: makeDriverTripRequest({ my_offer_price: 19.5 }), chatClient });
    expect(screen.getByText(/Oferta enviada: S\/ 19\.50/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Aceptar' })).toBeNull();
    expect(screen.queryByLabelText('Proponer otro precio')).toBeNull();
    expect(await screen.findByText('¿Puede llegar en 5 minutos?')).toBeTruthy();
    expect(chatClient.subscribedTopics()).toContain(topics.chat(501, DRIVER_ID));
  });

  it('sends chat messages as the driver, never blank ones, and shows live replies', async () => {
    stubFetch({
      [`GET /trips/501/chat/${DRIVER_ID}/messages`]: jsonResponse(200, envelope({ messages: [], next_before: null })),
    });
    const chatClient = new FakeRealtime();
    renderCard({ request: makeDriverTripRequest({ my_offer_price: 20 }), chatClient });
    expect(await screen.findByText('Aún no hay mensajes. Saluda al pasajero.')).toBeTruthy();
    const input = screen.getByPlaceholderText('Escribe un mensaje');
    fireEvent.change(input, { target: { value: '   ' } });
    fireEvent.submit(input.closest('form') as HTMLFormElement);
    expect(chatClient.published).toHaveLength(0);

    fireEvent.change(input, { target: { value: '  Llego en 3 minutos  ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enviar' }));
    await waitFor(() => expect(chatClient.published).toHaveLength(1));
    const sent = chatClient.published[0];
    expect(sent?.topic).toBe(topics.chat(501, DRIVER_ID));
    expect(sent?.payload).toMatchObject({ sender: DRIVER_ID, role: 'driver', message: 'Llego en 3 minutos' });
    expect(await screen.findByText('Llego en 3 minutos')).toBeTruthy();
    expect((input as HTMLInputElement).value).toBe('');

    act(() =>
      chatClient.emit(topics.chat(501, DRIVER_ID), {
        sender: 90,
        role: 'passenger',
        message: 'Perfecto, gracias',
        timestamp: new Date().toISOString(),
      }),
    );
    expect(await screen.findByText('Perfecto, gracias')).toBeTruthy();
    // Our own message echoed back by the broker is not shown twice; malformed ones are dropped.
    act(() => chatClient.emit(topics.chat(501, DRIVER_ID), sent?.payload));
    act(() => chatClient.emit(topics.chat(501, DRIVER_ID), { sender: 'x', message: '' }));
    expect(screen.getAllByText('Llego en 3 minutos')).toHaveLength(1);
  });

  it('keeps the text and explains when the chat cannot send without a live connection', async () => {
    stubFetch({
      [`GET /trips/501/chat/${DRIVER_ID}/messages`]: jsonResponse(200, envelope({ messages: [], next_before: null })),
    });
    const chatClient = new FakeRealtime();
    chatClient.failPublish = new Error('MQTT client not connected');
    renderCard({ request: makeDriverTripRequest({ my_offer_price: 20 }), chatClient });
    const input = await screen.findByPlaceholderText('Escribe un mensaje');
    fireEvent.change(input, { target: { value: 'Hola' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enviar' }));
    expect(await screen.findByText('Sin conexión en tiempo real')).toBeTruthy();
    expect((input as HTMLInputElement).value).toBe('Hola');
  });
});
