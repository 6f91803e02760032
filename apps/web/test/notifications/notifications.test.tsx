/**
 * The 'Notificaciones' section and the permission prompt. jsdom has no service worker, Push API
 * or Notification, so the browser's side is a small stand-in installed per test (`installBrowserPush`):
 * what the section does with it, and what it sends the server, is what these tests check. The real
 * subscription runs in Chromium (e2e screenshots) and the server's side in apps/server/test/notifications.
 */
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { EnablePushPrompt, NotificationsSection } from '@/features/notifications';
import { PUSH_ANSWER_TIMEOUT_MS, PUSH_TEXTS } from '@/lib/push';

import { ok, renderAt, resetTestWorld, sentBody, stubFetch } from '../support';

const PUBLIC_KEY = 'BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U';
const PREFERENCES = { requests: true, offers: true, trip_updates: true, chat: true, account: true, sos: true };

/** A browser with push: a registered worker whose PushManager subscribes, and a Notification permission. */
function installBrowserPush(options: {
  permission: NotificationPermission;
  answer?: NotificationPermission;
  registered?: boolean;
  /** What the push service does instead of subscribing: never answer, or refuse with the browser's DOMException. */
  pushService?: 'silent' | DOMException;
  /** The browser refuses service workers to this page (storage blocked): getRegistration() throws this. */
  workersRefused?: DOMException;
}) {
  let subscription: { endpoint: string; toJSON: () => unknown; unsubscribe: () => Promise<boolean> } | null = null;
  const subscribe = vi.fn(async (_options: PushSubscriptionOptionsInit) => {
    if (options.pushService === 'silent') return new Promise<never>(() => undefined);
    if (options.pushService) throw options.pushService;
    subscription = {
      endpoint: 'https://fcm.googleapis.com/fcm/send/dispositivo-1',
      toJSON: () => ({
        endpoint: 'https://fcm.googleapis.com/fcm/send/dispositivo-1',
        keys: { p256dh: 'clave', auth: 'secreto' },
      }),
      unsubscribe: async () => {
        subscription = null;
        return true;
      },
    };
    return subscription;
  });
  const registration = { pushManager: { subscribe, getSubscription: async () => subscription } };
  const notification = {
    permission: options.permission,
    requestPermission: vi.fn(async () => {
      notification.permission = options.answer ?? 'granted';
      return notification.permission;
    }),
  };
  vi.stubGlobal('Notification', notification);
  vi.stubGlobal('PushManager', function PushManager() {});
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: {
      getRegistration: async () => {
        if (options.workersRefused) throw options.workersRefused;
        return options.registered === false ? undefined : registration;
      },
      ready: Promise.resolve(registration),
    },
  });
  return { subscribe, notification };
}

afterEach(() => {
  cleanup();
  resetTestWorld();
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'serviceWorker');
  sessionStorage.clear();
});

describe('Notificaciones in the profile', () => {
  it('turns this device on from a tap (permission, subscription to the server), then sends a test', async () => {
    const browser = installBrowserPush({ permission: 'default' });
    const fetchMock = stubFetch({
      'GET /notifications/preferences': ok(PREFERENCES),
      'GET /notifications/config': ok({ public_key: PUBLIC_KEY }),
      'POST /notifications/subscription': ok(null, 'Notificaciones activadas en este dispositivo', 201),
      'POST /notifications/test': ok({ devices: 1 }, 'Notificación de prueba enviada'),
    });
    renderAt('/', <NotificationsSection role="driver" />);
    expect(screen.getByRole('heading', { name: 'Notificaciones' })).toBeTruthy();
    const device = await screen.findByRole('switch', { name: 'Recibir notificaciones en este dispositivo' });
    await waitFor(() => expect((device as HTMLInputElement).disabled).toBe(false));
    expect(browser.notification.requestPermission).not.toHaveBeenCalled();
    expect((screen.getByRole('button', { name: 'Probar notificación' }) as HTMLButtonElement).disabled).toBe(true);

    fireEvent.click(device);
    await waitFor(() => expect((device as HTMLInputElement).checked).toBe(true));
    expect(browser.notification.requestPermission).toHaveBeenCalledTimes(1);
    const options = browser.subscribe.mock.calls[0]![0];
    expect(options.userVisibleOnly).toBe(true);
    expect((options.applicationServerKey as Uint8Array).length).toBe(65);
    expect(sentBody(fetchMock, 'POST', '/notifications/subscription')).toEqual({
      endpoint: 'https://fcm.googleapis.com/fcm/send/dispositivo-1',
      keys: { p256dh: 'clave', auth: 'secreto' },
    });

    const test = screen.getByRole('button', { name: 'Probar notificación' });
    await waitFor(() => expect((test as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(test);
    expect(await screen.findByText('Notificación de prueba enviada')).toBeTruthy();
  });

  it("shows the driver's kinds, and saves each switch for the account", async () => {
    installBrowserPush({ permission: 'granted' });
    const fetchMock = stubFetch({
      'GET /notifications/preferences': ok(PREFERENCES),
      'PUT /notifications/preferences': ok({ ...PREFERENCES, requests: false }),
    });
    renderAt('/', <NotificationsSection role="driver" />);
    const requests = await screen.findByRole('switch', { name: 'Solicitudes cercanas' });
    expect(screen.getByRole('switch', { name: 'Revisión de documentos' })).toBeTruthy();
    expect(screen.queryByRole('switch', { name: 'Ofertas de conductores' })).toBeNull();
    expect(screen.queryByRole('switch', { name: 'Alertas SOS' })).toBeNull();
    await waitFor(() => expect((requests as HTMLInputElement).disabled).toBe(false));
    fireEvent.click(requests);
    await waitFor(() => expect((requests as HTMLInputElement).checked).toBe(false));
    expect(sentBody(fetchMock, 'PUT', '/notifications/preferences')).toEqual({ requests: false });
  });

  it('explains in Spanish when the browser has no push, when it was blocked, or when no service worker runs yet', async () => {
    stubFetch({ 'GET /notifications/preferences': ok(PREFERENCES) });
    const { unmount } = renderAt('/', <NotificationsSection role="passenger" />);
    expect(await screen.findByText(PUSH_TEXTS.unsupported)).toBeTruthy();
    expect(
      (screen.getByRole('switch', { name: 'Recibir notificaciones en este dispositivo' }) as HTMLInputElement).disabled,
    ).toBe(true);
    expect(screen.getByRole('switch', { name: 'Ofertas de conductores' })).toBeTruthy();
    expect(screen.queryByRole('switch', { name: 'Solicitudes cercanas' })).toBeNull();
    unmount();

    installBrowserPush({ permission: 'denied' });
    const denied = renderAt('/', <NotificationsSection role="passenger" />);
    expect(await screen.findByText(PUSH_TEXTS.denied)).toBeTruthy();
    denied.unmount();
    vi.unstubAllGlobals();

    stubFetch({ 'GET /notifications/preferences': ok(PREFERENCES) });
    installBrowserPush({ permission: 'default', registered: false });
    renderAt('/', <NotificationsSection role="passenger" />);
    expect(await screen.findByText(PUSH_TEXTS.noWorker)).toBeTruthy();
  });
});

describe('Notificaciones when the browser cannot subscribe', () => {
  const deviceSwitch = () =>
    screen.findByRole('switch', { name: 'Recibir notificaciones en este dispositivo' }) as Promise<HTMLInputElement>;

  it('gives up on a push service that does not answer after PUSH_ANSWER_TIMEOUT_MS, says so and frees the switch', async () => {
    installBrowserPush({ permission: 'granted', pushService: 'silent' });
    stubFetch({
      'GET /notifications/preferences': ok(PREFERENCES),
      'GET /notifications/config': ok({ public_key: PUBLIC_KEY }),
    });
    renderAt('/', <NotificationsSection role="passenger" />);
    const device = await deviceSwitch();
    await waitFor(() => expect(device.disabled).toBe(false));
    // The clock only moves when told (plus real time, so React and Testing Library keep running).
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'], shouldAdvanceTime: true });

    fireEvent.click(device);
    await waitFor(() => expect(device.disabled).toBe(true));
    await vi.advanceTimersByTimeAsync(PUSH_ANSWER_TIMEOUT_MS - 1_000);
    expect(device.disabled).toBe(true);
    expect(screen.queryByText(PUSH_TEXTS.unresponsive)).toBeNull();

    await vi.advanceTimersByTimeAsync(1_000);
    expect(await screen.findByText(PUSH_TEXTS.unresponsive)).toBeTruthy();
    await waitFor(() => expect(device.disabled).toBe(false));
    expect(device.checked).toBe(false);
  });

  it('names a push service that fails (AbortError) rather than the generic failure', async () => {
    installBrowserPush({
      permission: 'granted',
      pushService: new DOMException('Registration failed - push service error', 'AbortError'),
    });
    stubFetch({
      'GET /notifications/preferences': ok(PREFERENCES),
      'GET /notifications/config': ok({ public_key: PUBLIC_KEY }),
    });
    renderAt('/', <NotificationsSection role="passenger" />);
    const device = await deviceSwitch();
    await waitFor(() => expect(device.disabled).toBe(false));
    fireEvent.click(device);
    expect(await screen.findByText(PUSH_TEXTS.unresponsive)).toBeTruthy();
    expect(screen.queryByText(PUSH_TEXTS.failed)).toBeNull();
  });

  it('says a private window refused the subscription (Chromium incognito: NotAllowedError, permission not denied)', async () => {
    installBrowserPush({
      permission: 'granted',
      pushService: new DOMException('Registration failed - permission denied', 'NotAllowedError'),
    });
    stubFetch({
      'GET /notifications/preferences': ok(PREFERENCES),
      'GET /notifications/config': ok({ public_key: PUBLIC_KEY }),
    });
    renderAt('/', <NotificationsSection role="passenger" />);
    const device = await deviceSwitch();
    await waitFor(() => expect(device.disabled).toBe(false));
    fireEvent.click(device);
    expect(await screen.findByText(PUSH_TEXTS.blocked)).toBeTruthy();
    expect(screen.queryByText(PUSH_TEXTS.failed)).toBeNull();
    await waitFor(() => expect(device.disabled).toBe(false));
  });

  it("says so up front when the site's storage is blocked (SecurityError) or the window hides service workers (Firefox private)", async () => {
    installBrowserPush({
      permission: 'default',
      workersRefused: new DOMException('The user denied permission to use Service Worker.', 'SecurityError'),
    });
    stubFetch({ 'GET /notifications/preferences': ok(PREFERENCES) });
    const refused = renderAt('/', <NotificationsSection role="passenger" />);
    expect(await screen.findByText(PUSH_TEXTS.blocked)).toBeTruthy();
    expect((await deviceSwitch()).disabled).toBe(true);
    refused.unmount();

    installBrowserPush({ permission: 'default' });
    Reflect.deleteProperty(navigator, 'serviceWorker');
    renderAt('/', <NotificationsSection role="passenger" />);
    expect(await screen.findByText(PUSH_TEXTS.blocked)).toBeTruthy();
    expect(screen.queryByText(PUSH_TEXTS.unsupported)).toBeNull();
    expect((await deviceSwitch()).disabled).toBe(true);
  });
});

describe('the permission prompt', () => {
  it('explains why, asks only on its button, and tells how to allow it after a refusal', async () => {
    const browser = installBrowserPush({ permission: 'default', answer: 'denied' });
    stubFetch({});
    renderAt('/', <EnablePushPrompt message="Activa las notificaciones para no perder solicitudes" />);
    expect(
      await screen.findByRole('heading', { name: /Activa las notificaciones para no perder solicitudes/ }),
    ).toBeTruthy();
    expect(browser.notification.requestPermission).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Activar notificaciones' }));
    expect(
      await screen.findByText(/^Bloqueaste las notificaciones de Jala\. Para activarlas, toca el candado/),
    ).toBeTruthy();
    expect(screen.getByText(/Jala sigue funcionando con la aplicación abierta/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Activar notificaciones' })).toBeNull();
    expect(browser.subscribe).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Entendido' }));
    await waitFor(() => expect(screen.queryByText(/Bloqueaste/)).toBeNull());
  });

  it('"Ahora no" hides it for the visit; a subscribed device never sees it', async () => {
    installBrowserPush({ permission: 'default' });
    stubFetch({});
    const first = renderAt('/', <EnablePushPrompt message="Activa las notificaciones para enterarte de las ofertas" />);
    fireEvent.click(await screen.findByRole('button', { name: 'Ahora no' }));
    expect(screen.queryByRole('button', { name: 'Activar notificaciones' })).toBeNull();
    first.unmount();
    renderAt('/', <EnablePushPrompt message="Activa las notificaciones para enterarte de las ofertas" />);
    await waitFor(() => expect(screen.queryByText(/Activa las notificaciones/)).toBeNull());
    expect(sessionStorage.getItem('jala:push-prompt-dismissed')).toBe('1');
  });
});
