import {
  type AdminChatLine,
  type AdminTrip,
  type AdminTripStory,
  type DriverDocumentsState,
  type LiveCity,
  type QueuedDriver,
  type SafetyAlert,
  topics,
} from '@jala/contracts';
import { makeDriverProfile, makeDriverUser, makeUser } from '@jala/test-factories';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { DocumentsSection } from '@/features/driver/components/documents-section';
import { DriverDashboardPage } from '@/features/driver/pages/dashboard-page';
import { OperatorsConsolePage } from '@/features/operators/pages/operators-console-page';

import { fakeRealtime, ok, renderApp, renderAt, sentBody, setSession, stubFetch } from '../support';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const DOCUMENT = {
  id: 7,
  kind: 'soat',
  content_type: 'image/jpeg',
  width: 800,
  height: 600,
  byte_size: 1000,
  uploaded_at: '2026-11-23T15:00:00.000Z',
} as const;
const QUEUED: QueuedDriver = {
  id: 42,
  name: 'Wilfredo Huamán Quispe de la Cruz',
  email: 'wilfredo@correo.pe',
  phone: '987654321',
  phone_verified: true,
  license_number: 'Q1234567',
  license_expiry_date: '2029-01-01',
  soat_expiry_date: '2030-06-30',
  submitted_at: '2026-11-23T15:00:00.000Z',
  documents: [DOCUMENT],
  vehicle: { vehicle_type: 'auto', brand: 'Kia', model: 'Rio', license_plate: 'ABC-123', color: 'Plata' },
};
const ONE_PIXEL = { content_type: 'image/jpeg', data_base64: btoa('jpeg') };

describe('operators console', () => {
  it('is only for operators: anyone else is sent to their dashboard', async () => {
    stubFetch({ 'GET /trips/active': ok(null) });
    setSession(makeUser({ user_type: 'passenger', roles: ['passenger'] }));
    renderApp('/operators');
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/passenger/dashboard'));
    expect(screen.queryByRole('heading', { name: 'Consola de operadores' })).toBeNull();
  });

  it('shows the queue with documents fetched with the token; a rejection needs a reason and posts it', async () => {
    let queue = [QUEUED];
    const fetchMock = stubFetch({
      'GET /admin/verification-queue': () => ok(queue),
      'GET /admin/drivers/42/documents/7/file': ok(ONE_PIXEL),
      'POST /admin/drivers/42/reject': () => {
        queue = [];
        return ok(
          { driver_id: 42, verification_status: 'rejected', rejection_reason: 'x' },
          'Documentos rechazados. El conductor verá el motivo.',
        );
      },
    });
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:doc', revokeObjectURL: () => undefined }));
    renderAt('/operators', <OperatorsConsolePage />, { user: makeUser({ roles: ['passenger', 'admin'] }) });
    const card = await screen.findByRole('article', { name: 'Wilfredo Huamán Quispe de la Cruz' });
    expect(await within(card).findByRole('img', { name: 'SOAT' })).toBeTruthy();
    const fileCall = fetchMock.mock.calls.find(([url]) => String(url).includes('/documents/7/file'));
    expect((fileCall?.[1]?.headers as Record<string, string>).Authorization).toBe('Bearer test-token');

    fireEvent.click(within(card).getByRole('button', { name: 'Rechazar' }));
    expect(await within(card).findByText('Escribe al menos 5 caracteres.')).toBeTruthy();
    fireEvent.change(within(card).getByLabelText('Motivo del rechazo (lo leerá el conductor)'), {
      target: { value: 'El SOAT está borroso' },
    });
    fireEvent.click(within(card).getByRole('button', { name: 'Rechazar' }));
    expect(await screen.findByText('No hay conductores esperando verificación.')).toBeTruthy();
    expect(sentBody(fetchMock, 'POST', '/admin/drivers/42/reject')).toEqual({ reason: 'El SOAT está borroso' });
  });
});

describe('operators console: SOS alerts', () => {
  const live = (openAlerts: number): LiveCity => ({
    drivers: [],
    trips: [],
    open_alerts: openAlerts,
    at: '2026-11-23T15:00:00.000Z',
  });
  const ALERT: SafetyAlert = {
    id: 9,
    trip_id: 3,
    trip_code: 'TRIP-ABC123',
    role: 'passenger',
    latitude: -12.1211,
    longitude: -77.0297,
    created_at: '2026-11-23T15:01:00.000Z',
    resolved_at: null,
    resolution_note: null,
    user: { id: 90, name: 'Rosa Huamán', phone: '987654321' },
  };

  it('raises a new SOS from any section: a count on its tab, and a banner that leads to the alerts', async () => {
    const broker = fakeRealtime();
    let alerts: SafetyAlert[] = [];
    stubFetch({
      'GET /admin/verification-queue': ok([]),
      'GET /admin/live': ok(live(0)),
      'GET /admin/alerts': () => ok(alerts),
    });
    renderAt('/operators', <OperatorsConsolePage />, { user: makeUser({ roles: ['passenger', 'admin'] }) });
    await screen.findByText('No hay conductores esperando verificación.');
    const tab = () =>
      within(screen.getByRole('navigation', { name: 'Secciones de la consola' })).getByRole('button', {
        name: /^Alertas SOS/,
      });
    expect(tab().textContent).toBe('Alertas SOS');
    await waitFor(() => expect(broker.follows(topics.operatorLive)).toBe(true));

    // The server's next snapshot counts one more open alert: the operator is looking at the queue.
    alerts = [ALERT];
    broker.deliver(topics.operatorLive, live(1));
    const banner = await screen.findByRole('alert');
    expect(banner.textContent).toContain('Nueva alerta SOS: alguien pidió ayuda durante un viaje.');
    expect(tab().textContent).toBe('Alertas SOS1 abiertas');

    fireEvent.click(within(banner).getByRole('button', { name: 'Ver alertas' }));
    expect(await screen.findByRole('heading', { name: 'SOS de Rosa Huamán (pasajero)' })).toBeTruthy();
    expect(screen.queryByText('Nueva alerta SOS: alguien pidió ayuda durante un viaje.')).toBeNull();
    // A snapshot with the same count raises nothing again.
    broker.deliver(topics.operatorLive, live(1));
    expect(screen.queryByText('Nueva alerta SOS: alguien pidió ayuda durante un viaje.')).toBeNull();
  });

  it('shows the open count from the first snapshot without raising it as new', async () => {
    stubFetch({ 'GET /admin/verification-queue': ok([]), 'GET /admin/live': ok(live(3)) });
    renderAt('/operators', <OperatorsConsolePage />, { user: makeUser({ roles: ['passenger', 'admin'] }) });
    await waitFor(() =>
      expect(screen.getByRole('button', { name: /^Alertas SOS/ }).textContent).toBe('Alertas SOS3 abiertas'),
    );
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('driver documents tab', () => {
  // Documents belong to a driver profile: the tab asks for them once the profile is there.
  const A_PROFILE = makeDriverProfile({ verification_status: 'rejected' });
  const state = (overrides: Partial<DriverDocumentsState> = {}): DriverDocumentsState => ({
    documents: [DOCUMENT],
    missing: ['license_front', 'license_back', 'property_card', 'vehicle_photo'],
    verification_status: 'rejected',
    rejection_reason: 'La foto del SOAT está borrosa.',
    submitted_at: '2026-11-23T15:00:00.000Z',
    license_expiry_date: '2029-01-01',
    soat_expiry_date: '2026-11-25',
    expiry_notice:
      'Tu SOAT vence el 25 nov 2026. Renuévalo y súbelo en "Documentos" de tu perfil para seguir recibiendo solicitudes.',
    documents_expired: false,
    ...overrides,
  });

  it("shows the operator's reason, the expiry warning and what is missing; sending waits for all five", async () => {
    stubFetch({
      'GET /driver/profile': ok(A_PROFILE),
      'GET /driver/documents': ok(state()),
      'GET /driver/documents/7/file': ok(ONE_PIXEL),
    });
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:doc', revokeObjectURL: () => undefined }));
    renderAt('/driver/profile', <DocumentsSection />, { user: makeDriverUser() });
    expect(await screen.findByText('Motivo: La foto del SOAT está borrosa.')).toBeTruthy();
    expect(screen.getByText(/^Tu SOAT vence el 25 nov 2026/)).toBeTruthy();
    expect(
      screen.getByText(
        'Falta: Licencia (frente), Licencia (reverso), Tarjeta de propiedad, Foto del vehículo con placa.',
      ),
    ).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Enviar a revisión' }) as HTMLButtonElement).disabled).toBe(true);
    const inputs = document.querySelectorAll('input[type="file"]');
    expect(inputs).toHaveLength(5);
    expect(inputs[0]?.getAttribute('accept')).toContain('image/*');
    expect(inputs[0]?.hasAttribute('capture')).toBe(true);
  });

  it('a verified driver is told why there is nothing to send, and can send again only to renew expiring papers', async () => {
    const all = { missing: [], verification_status: 'verified' as const, rejection_reason: null };
    stubFetch({
      'GET /driver/profile': ok(A_PROFILE),
      'GET /driver/documents': ok(state({ ...all, expiry_notice: null })),
      'GET /driver/documents/7/file': ok(ONE_PIXEL),
    });
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:doc', revokeObjectURL: () => undefined }));
    const first = renderAt('/driver/profile', <DocumentsSection />, { user: makeDriverUser() });
    expect(
      await screen.findByText(/^Tus documentos ya están verificados: no hace falta enviarlos a revisión otra vez\./),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Enviar a revisión' })).toBeNull();
    expect(screen.queryByLabelText('Fecha de vencimiento del SOAT')).toBeNull();
    first.unmount();

    stubFetch({
      'GET /driver/profile': ok(A_PROFILE),
      'GET /driver/documents': ok(state(all)),
      'GET /driver/documents/7/file': ok(ONE_PIXEL),
    });
    renderAt('/driver/profile', <DocumentsSection />, { user: makeDriverUser() });
    expect(((await screen.findByRole('button', { name: 'Enviar a revisión' })) as HTMLButtonElement).disabled).toBe(
      false,
    );
    expect(screen.queryByText(/^Tus documentos ya están verificados: no hace falta/)).toBeNull();
  });

  it('refuses a photo over 10 MB before uploading it', async () => {
    const fetchMock = stubFetch({
      'GET /driver/profile': ok(A_PROFILE),
      'GET /driver/documents': ok(
        state({ documents: [], missing: ['license_front', 'license_back', 'soat', 'property_card', 'vehicle_photo'] }),
      ),
    });
    renderAt('/driver/profile', <DocumentsSection />, { user: makeDriverUser() });
    await screen.findByText('Licencia (frente)');
    const big = new File([new Uint8Array(10 * 1024 * 1024 + 1)], 'foto.jpg', { type: 'image/jpeg' });
    fireEvent.change(document.querySelectorAll('input[type="file"]')[0]!, { target: { files: [big] } });
    expect(
      await screen.findByText('La imagen pesa más de 10 MB. Toma la foto con menor resolución o elige otra.'),
    ).toBeTruthy();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(false);
  });

  it("an operator's approval reaches the open dashboard: the documents notice gives way to the good news", async () => {
    const broker = fakeRealtime();
    let documents = state({ verification_status: 'pending_verification', rejection_reason: null, expiry_notice: null });
    stubFetch({
      'GET /driver/documents': () => ok(documents),
      'GET /driver/profile': () => ok(makeDriverProfile({ verification_status: documents.verification_status })),
    });
    const driver = makeDriverUser();
    renderAt('/driver/dashboard', <DriverDashboardPage />, { user: driver });
    const notice = await screen.findByText(/^Tus documentos están en revisión/);
    // What happens next and how long it usually takes.
    expect(notice.textContent).toContain('suele tomar menos de 24 horas');
    expect(notice.textContent).toContain('te avisaremos en la app');
    await waitFor(() => expect(broker.follows(topics.notifications(driver.id))).toBe(true));

    documents = state({ verification_status: 'verified', rejection_reason: null, expiry_notice: null });
    broker.deliver(topics.notifications(driver.id), { type: 'verification_changed', verification_status: 'verified' });
    expect(await screen.findByText('Un operador aprobó tus documentos: ya puedes recibir solicitudes.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText(/^Tus documentos están en revisión/)).toBeNull());
  });

  it('warns on the dashboard a week before expiry, linking to the documents', async () => {
    stubFetch({
      'GET /driver/documents': ok(state({ verification_status: 'verified', rejection_reason: null })),
      'GET /driver/profile': ok(makeDriverProfile({ verification_status: 'verified' })),
    });
    renderAt('/driver/dashboard', <DriverDashboardPage />, { user: makeDriverUser() });
    const link = await screen.findByRole('link', { name: /^Tu SOAT vence el 25 nov 2026/ });
    expect(link.getAttribute('href')).toBe('/driver/profile?tab=documentos');
  });
});

describe("operators console: a trip's chat", () => {
  const line = (n: number): AdminChatLine => ({
    driver_name: 'Rosa Quispe',
    sender_role: n % 2 ? 'passenger' : 'driver',
    message: `Mensaje ${n}`,
    created_at: `2026-11-23T15:${String(n).padStart(2, '0')}:00.000Z`,
  });
  const TRIP: AdminTrip = {
    id: 3,
    trip_code: 'TRIP-ABC123',
    status: 'in_progress',
    passenger: { id: 90, name: 'Miguel Soto' },
    driver: { id: 5, name: 'Rosa Quispe' },
    pickup_address: 'Parque Kennedy',
    destination_address: 'Jockey Plaza',
    pickup_latitude: -12.12,
    pickup_longitude: -77.03,
    estimated_fare: 18.5,
    agreed_fare: 18.5,
    created_at: '2026-11-23T15:00:00.000Z',
    scheduled_for: null,
  };
  const STORY: AdminTripStory = {
    trip: { ...TRIP, cancel_reason: null, final_fare: null },
    status_log: [{ status: 'pending', at: '2026-11-23T15:00:00.000Z' }],
    offers: [],
    positions: [],
    fare_adjustments: [],
    chat: [line(5), line(6)],
    chat_next_before: 55,
  };

  it("shows the story's newest page of the chat and puts the older pages above it on 'Ver mensajes anteriores'", async () => {
    const fetchMock = stubFetch({
      'GET /admin/live': ok({ drivers: [], trips: [], open_alerts: 0, at: '2026-11-23T15:00:00.000Z' }),
      'GET /admin/trips': ok([TRIP]),
      'GET /admin/trips/3': ok(STORY),
      'GET /admin/trips/3/chat': (_init, url) =>
        ok(
          url.includes('before=55')
            ? { messages: [line(3), line(4)], next_before: 33 }
            : { messages: [line(1), line(2)], next_before: null },
        ),
    });
    renderAt('/operators?seccion=viajes', <OperatorsConsolePage />, {
      user: makeUser({ roles: ['passenger', 'admin'] }),
    });
    fireEvent.click(await screen.findByRole('button', { name: /TRIP-ABC123/ }));
    const story = await screen.findByRole('region', { name: 'Viaje TRIP-ABC123' });
    const chatLines = () =>
      [...story.querySelectorAll('li')]
        .map((li) => li.textContent ?? '')
        .filter((text) => text.includes('Mensaje'))
        .map((text) => /Mensaje \d/.exec(text)?.[0]);
    await within(story).findByText('Mensaje 6', { exact: false });
    expect(chatLines()).toEqual(['Mensaje 5', 'Mensaje 6']);
    fireEvent.click(within(story).getByRole('button', { name: 'Ver mensajes anteriores' }));
    await within(story).findByText('Mensaje 3', { exact: false });
    fireEvent.click(within(story).getByRole('button', { name: 'Ver mensajes anteriores' }));
    await within(story).findByText('Mensaje 1', { exact: false });
    expect(chatLines()).toEqual(['Mensaje 1', 'Mensaje 2', 'Mensaje 3', 'Mensaje 4', 'Mensaje 5', 'Mensaje 6']);
    expect(within(story).queryByRole('button', { name: 'Ver mensajes anteriores' })).toBeNull();
    expect(fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url.includes('/chat'))).toEqual([
      '/api/admin/trips/3/chat?before=55',
      '/api/admin/trips/3/chat?before=33',
    ]);
  });
});
