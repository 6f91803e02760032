/**
 * Jala as an installed app, in Chromium at 360×740 against the real built product: the service
 * worker registers and controls the page and Chromium finds the app installable; a push delivered through
 * the DevTools protocol shows the payload's notification and its click opens the payload's route; with the
 * network cut a returning user gets the shell and the last known state, marked as such, and the app heals
 * when the signal returns; the Spanish offline page when even the shell is gone; 'Nueva versión disponible'
 * when a new worker waits (a second deploy of the build, served by its own server), reloading only on
 * 'Actualizar'; the screen wake lock on the live trip; the driver's mute switch.
 */
import { createHash } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { openDatabase } from '@jala/db';
import { JOCKEY_PLAZA, PARQUE_KENNEDY } from '@jala/test-factories';
import { createDriver, createTrip, FACTORY_PASSWORD } from '@jala/test-factories/database';
import { type BrowserContext, type CDPSession, chromium, type Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';

import { buildApp } from '../apps/server/src/app';
import { testConfig } from '../apps/server/test/support/test-app';
import { api, signUp } from './support/api';
import {
  animationsSettled,
  baseUrl,
  BROWSER_WAIT_MS,
  CHROMIUM_PATH,
  PHONE,
  phoneContext,
  screenshot,
  uniqueEmail,
} from './support/browser';
import { repoRoot } from './support/server-process';
import { loginToActiveTrip, loginViaUi } from './support/session';
import { useBrowserSuite } from './support/suite';

const WEB_DIST = join(repoRoot, 'apps', 'web', 'dist');
/** A 360×740 screenshot once the page has settled, in e2e/screenshots/pwa-<name>.png. */
async function shot(page: Page, name: string): Promise<void> {
  await animationsSettled(page);
  await screenshot(page, `pwa-${name}`);
}

/** Resolves once a service worker controls the page (the first one claims it as soon as it activates). */
async function controlledBySw(page: Page): Promise<string> {
  return page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise((resolve) =>
        navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }),
      );
    }
    return navigator.serviceWorker.controller?.scriptURL ?? '';
  });
}

async function registerPassenger(firstName: string): Promise<{ id: number; token: string; email: string }> {
  const email = uniqueEmail('pwa');
  const registered = await signUp({
    first_name: firstName,
    last_name: 'Ccori',
    email,
    phone: '987654321',
    password: FACTORY_PASSWORD,
    user_type: 'passenger',
  });
  expect(registered.status).toBe(201);
  return { id: registered.data.user.id, token: registered.data.token, email };
}

/** The registration id Chromium gives the page's service worker (ServiceWorker domain events). */
async function registrationIdOf(cdp: CDPSession, origin: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('no service worker registration reported')), BROWSER_WAIT_MS);
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const ours = registrations.find(
        (registration) => registration.scopeURL === `${origin}/` && !registration.isDeleted,
      );
      if (ours) {
        clearTimeout(timer);
        resolve(ours.registrationId);
      }
    });
    void cdp.send('ServiceWorker.enable');
  });
}

describe('installable app, push, offline and updates in Chromium at 360×740', () => {
  const suite = useBrowserSuite();

  it('registers a worker that controls the page, is installable, and leaves /api to the network', async () => {
    // A profile on disk: Chromium never calls an incognito context's app installable (Playwright's new contexts are).
    const profile = mkdtempSync(join(tmpdir(), 'jala-pwa-profile-'));
    const context = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM_PATH,
      viewport: PHONE,
      locale: 'es-PE',
      baseURL: baseUrl(),
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    });
    try {
      const page = context.pages()[0] ?? (await context.newPage());
      await page.goto('/login');
      expect(await controlledBySw(page)).toBe(`${baseUrl()}/sw.js`);

      const cdp = await context.newCDPSession(page);
      const manifest = await cdp.send('Page.getAppManifest');
      expect(manifest.errors).toEqual([]);
      const parsed = JSON.parse(manifest.data ?? '{}');
      expect(parsed).toMatchObject({
        name: 'Jala',
        short_name: 'Jala',
        lang: 'es-PE',
        start_url: '/dashboard',
        display: 'standalone',
      });
      expect(parsed.shortcuts.map((s: { name: string; url: string }) => [s.name, s.url])).toEqual([
        ['Solicitar viaje', '/passenger/trip-request'],
        ['Conectarse', '/driver/status'],
      ]);
      const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
      expect(installabilityErrors).toEqual([]);

      // The API goes to the network (never answered or kept by the worker); the shell comes from its precache.
      const health = page.waitForResponse((response) => response.url().endsWith('/api/health'));
      await page.evaluate(() => fetch('/api/health').then((r) => r.status));
      expect((await health).fromServiceWorker()).toBe(false);
      const kept = await page.evaluate(async () => {
        const urls: string[] = [];
        for (const name of await caches.keys())
          for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname);
        return urls;
      });
      expect(kept.some((path) => path.startsWith('/api') || path.startsWith('/mqtt'))).toBe(false);
      expect(kept).toContain('/index.html');
      expect(kept).toContain('/offline.html');
      const shell = page.waitForResponse((response) => new URL(response.url()).pathname === '/passenger/dashboard');
      await page.goto('/passenger/dashboard');
      expect((await shell).fromServiceWorker()).toBe(true);
    } finally {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    }
  });

  it('shows a pushed notification from the payload and its click opens the payload route', async () => {
    const passenger = await registerPassenger('Rosa');
    const context = await phoneContext(suite.browser);
    await context.grantPermissions(['notifications']);
    const page = await context.newPage();
    await loginViaUi(page, passenger.email, FACTORY_PASSWORD);
    await controlledBySw(page);

    const cdp = await context.newCDPSession(page);
    const origin = baseUrl();
    const registrationId = await registrationIdOf(cdp, origin);
    const payload = {
      kind: 'offer',
      title: 'Nueva oferta de Jorge',
      body: 'S/ 18.50 · Auto',
      url: '/passenger/trip-history',
      tag: 'offers-1',
      renotify: true,
    };
    await cdp.send('ServiceWorker.deliverPushMessage', { origin, registrationId, data: JSON.stringify(payload) });

    // waitForFunction takes a returned promise as truthy at once, so the notifications are polled by value.
    const shownNotifications = () =>
      page.evaluate(async () => {
        const notifications = await (await navigator.serviceWorker.ready).getNotifications();
        return notifications.map((n) => ({
          title: n.title,
          body: n.body,
          tag: n.tag,
          data: n.data as unknown,
          lang: n.lang,
          icon: n.icon,
          badge: (n as Notification & { badge?: string }).badge,
        }));
      });
    await expect.poll(async () => (await shownNotifications()).length).toBeGreaterThan(0);
    const [notification] = await shownNotifications();
    expect(notification).toMatchObject({
      title: 'Nueva oferta de Jorge',
      body: 'S/ 18.50 · Auto',
      tag: 'offers-1',
      lang: 'es-PE',
      data: { url: '/passenger/trip-history', kind: 'offer' },
      icon: `${origin}/icons/icon-192.png`,
      badge: `${origin}/icons/badge-96.png`,
    });

    // Headless Chromium has no notification to tap: the worker's own notificationclick listener is run with
    // the real notification, from inside the worker (Playwright's handle on it). It navigates the open window.
    const [worker] = context.serviceWorkers();
    expect(worker).toBeDefined();
    await worker!.evaluate(async () => {
      // The worker's globals, typed here (this file is type-checked with the DOM's types).
      const scope = self as unknown as EventTarget & { registration: { getNotifications(): Promise<Notification[]> } };
      const { NotificationEvent } = self as unknown as {
        NotificationEvent: new (type: string, init: { notification: Notification }) => Event;
      };
      const [shownNotification] = await scope.registration.getNotifications();
      if (!shownNotification) throw new Error('no notification');
      try {
        // A script-made event cannot hold the worker open (its waitUntil throws): that error is expected.
        scope.dispatchEvent(new NotificationEvent('notificationclick', { notification: shownNotification }));
      } catch {
        // see above
      }
    });
    await page.waitForURL('**/passenger/trip-history');
    await page.getByRole('heading', { name: 'Historial de viajes' }).waitFor();
    const left = await page.evaluate(
      async () => (await (await navigator.serviceWorker.ready).getNotifications()).length,
    );
    expect(left).toBe(0); // the tapped notification is closed
    await context.close();
  });

  it('gives a returning user with no network the shell and the last known state, and heals when the signal returns', async () => {
    const passenger = await registerPassenger('Lucía');
    const context = await phoneContext(suite.browser);
    const page = await context.newPage();
    await loginViaUi(page, passenger.email, FACTORY_PASSWORD);
    await controlledBySw(page);
    await page.getByText('Hola, Lucía').waitFor();
    // The dashboard's answers are kept on the device (a couple of seconds after they arrive).
    await page.waitForFunction(() => localStorage.getItem('jala.offline.queries') !== null);

    await context.setOffline(true);
    await page.reload();
    await page.getByText('Sin conexión · mostrando lo último conocido').waitFor();
    expect(new URL(page.url()).pathname).toBe('/passenger/dashboard');
    await page.getByText('Hola, Lucía').waitFor();
    await page.getByText('Jala Off').waitFor();
    await shot(page, 'offline-dashboard');

    await context.setOffline(false);
    await page.getByText('Sin conexión · mostrando lo último conocido').waitFor({ state: 'detached' });
    await page.getByText('Jala Online').waitFor();
    await context.close();
  });

  it('serves the Spanish offline page when the shell itself cannot load', async () => {
    const context = await phoneContext(suite.browser);
    const page = await context.newPage();
    await page.goto('/login');
    await controlledBySw(page);
    // The shell is evicted from the worker's cache (storage pressure can do it) and the network is gone.
    const evicted = await page.evaluate(async () => {
      let count = 0;
      for (const name of await caches.keys()) {
        const cache = await caches.open(name);
        for (const request of await cache.keys())
          if (new URL(request.url).pathname === '/index.html') count += Number(await cache.delete(request));
      }
      return count;
    });
    expect(evicted).toBe(1);
    await context.setOffline(true);
    await page.goto('/driver/trip-request').catch(() => undefined);
    await page.getByRole('heading', { name: 'Sin conexión' }).waitFor();
    expect(await page.title()).toBe('Sin conexión · Jala');
    await page.getByRole('link', { name: 'Reintentar' }).waitFor();
    await shot(page, 'offline-page');
    await context.close();
  });

  describe('a new version', () => {
    const deploy = mkdtempSync(join(tmpdir(), 'jala-pwa-deploy-'));
    let stop: (() => Promise<void>) | undefined;
    afterAll(async () => {
      await stop?.();
      rmSync(deploy, { recursive: true, force: true });
    });

    it('waits behind "Nueva versión disponible" and reloads only when the user taps "Actualizar"', async () => {
      // The built app served by a second instance of the product from its own folder, so it can be deployed again.
      cpSync(WEB_DIST, deploy, { recursive: true });
      const database = await openDatabase({ kind: 'pglite', dataDir: null });
      const app = await buildApp(testConfig({ logLevel: 'silent', webDist: deploy }), { database });
      const origin = await app.server.listen({ port: 0, host: '127.0.0.1' });
      stop = async () => {
        await app.close();
        await database.close();
      };

      const context: BrowserContext = await phoneContext(suite.browser, { baseURL: origin });
      const page = await context.newPage();
      await page.goto('/login');
      await controlledBySw(page);
      await page.evaluate(() => Object.assign(window, { stillTheSamePage: true }));

      // Version 2: a changed shell, and the worker that lists its new revision (what a build does).
      const html = readFileSync(join(deploy, 'index.html'), 'utf8').replace(
        '<title>Jala</title>',
        '<title>Jala</title><meta name="jala-version" content="2">',
      );
      writeFileSync(join(deploy, 'index.html'), html);
      const revision = createHash('md5').update(html).digest('hex');
      const sw = readFileSync(join(deploy, 'sw.js'), 'utf8');
      const nextSw = sw.replace(
        /"revision":"[0-9a-f]+","url":"index\.html"/,
        `"revision":"${revision}","url":"index.html"`,
      );
      expect(nextSw).not.toBe(sw);
      writeFileSync(join(deploy, 'sw.js'), nextSw);
      rmSync(join(deploy, 'index.html.br'), { force: true });
      rmSync(join(deploy, 'index.html.gz'), { force: true });

      // The browser looks for a new worker (as it does on navigations and when the app comes back to the front).
      await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());
      const banner = page.getByTestId('update-banner');
      await banner.getByText('Nueva versión disponible').waitFor();
      expect(await page.evaluate(() => (window as unknown as { stillTheSamePage?: boolean }).stillTheSamePage)).toBe(
        true,
      );
      expect(await page.evaluate(() => document.querySelector('meta[name="jala-version"]'))).toBeNull();
      await shot(page, 'update-banner');

      await banner.getByRole('button', { name: 'Actualizar' }).click();
      await page.waitForFunction(
        () => document.querySelector('meta[name="jala-version"]')?.getAttribute('content') === '2',
      );
      expect(
        await page.evaluate(() => (window as unknown as { stillTheSamePage?: boolean }).stillTheSamePage),
      ).toBeUndefined();
      await page.getByTestId('update-banner').waitFor({ state: 'detached' });
      await context.close();
    });
  });

  it('keeps the screen awake on the live trip, for the driver and the passenger, and lets go when it ends', async () => {
    const { db } = suite.database;
    const driver = await createDriver(db, { user: { firstName: 'Jorge', lastName: 'Vargas' } });
    const passenger = await registerPassenger('Carmen');
    const trip = await createTrip(db, {
      passengerId: passenger.id,
      driverId: driver.user.id,
      vehicleId: driver.vehicle.id,
      status: 'accepted',
      acceptedAt: new Date(),
      agreedFareCents: 2000,
      startCode: '4821',
    });
    // Records every wake lock the page asks for, and still asks the real API.
    const spy = () => {
      const locks: Array<{ type: string; sentinel: WakeLockSentinel | null; error: string | null }> = [];
      Object.assign(window, { wakeLocks: locks });
      const real = navigator.wakeLock.request.bind(navigator.wakeLock);
      navigator.wakeLock.request = async (type?: WakeLockType) => {
        const entry = {
          type: type ?? 'screen',
          sentinel: null as WakeLockSentinel | null,
          error: null as string | null,
        };
        locks.push(entry);
        try {
          entry.sentinel = await real(type);
          return entry.sentinel;
        } catch (error) {
          entry.error = String(error);
          throw error;
        }
      };
    };
    const heldLocks = (page: Page) =>
      page.evaluate(() =>
        (
          window as unknown as {
            wakeLocks: Array<{ type: string; sentinel: WakeLockSentinel | null; error: string | null }>;
          }
        ).wakeLocks.map((lock) => ({
          type: lock.type,
          held: lock.sentinel ? !lock.sentinel.released : false,
          error: lock.error,
        })),
      );

    // Headless Chromium refuses the lock unless granted (a phone's browser grants it to a visible page).
    const driverContext = await phoneContext(suite.browser);
    await driverContext.grantPermissions(['screen-wake-lock']);
    await driverContext.addInitScript(spy);
    const driverPage = await driverContext.newPage();
    await loginToActiveTrip(driverPage, driver.user.email, '/driver/active-trip');
    await driverPage.getByRole('heading', { name: 'Viaje activo' }).waitFor();
    await expect.poll(() => heldLocks(driverPage)).toEqual([{ type: 'screen', held: true, error: null }]);

    const passengerContext = await phoneContext(suite.browser);
    await passengerContext.grantPermissions(['screen-wake-lock']);
    await passengerContext.addInitScript(spy);
    const passengerPage = await passengerContext.newPage();
    await loginToActiveTrip(passengerPage, passenger.email, '/passenger/active-trip');
    await passengerPage.getByRole('heading', { name: 'Viaje activo' }).waitFor();
    await expect.poll(() => heldLocks(passengerPage)).toEqual([{ type: 'screen', held: true, error: null }]);

    // The passenger cancels: both screens show the end of the trip and let the screen sleep again.
    const cancelled = await api('PUT', `/trips/${trip.id}/cancel`, passenger.token, { reason: 'Ya no lo necesito' });
    expect(cancelled.status).toBe(200);
    await expect.poll(() => heldLocks(driverPage)).toEqual([{ type: 'screen', held: false, error: null }]);
    await expect.poll(() => heldLocks(passengerPage)).toEqual([{ type: 'screen', held: false, error: null }]);
    await driverContext.close();
    await passengerContext.close();
  });

  it('marks a new request for the online driver: chime, vibration, count in the tab title, screen kept on', async () => {
    const driver = await createDriver(suite.database.db, { user: { firstName: 'Édgar', lastName: 'Mamani' } });
    const passenger = await registerPassenger('Milagros');
    const context = await phoneContext(suite.browser, { geolocation: PARQUE_KENNEDY });
    await context.grantPermissions(['screen-wake-lock']);
    // Counts the real notes played and the vibrations asked for; both still reach the browser's own API.
    await context.addInitScript(() => {
      const cues = { notes: 0, vibrations: [] as unknown[], wakeLocks: 0 };
      Object.assign(window, { cues });
      const start = OscillatorNode.prototype.start;
      OscillatorNode.prototype.start = function (...args: Parameters<typeof start>) {
        cues.notes += 1;
        return start.apply(this, args);
      };
      const vibrate = navigator.vibrate.bind(navigator);
      navigator.vibrate = ((pattern: VibratePattern) => {
        cues.vibrations.push(pattern);
        return vibrate(pattern);
      }) as typeof navigator.vibrate;
      const request = navigator.wakeLock.request.bind(navigator.wakeLock);
      navigator.wakeLock.request = (type?: WakeLockType) => {
        cues.wakeLocks += 1;
        return request(type);
      };
    });
    const page = await context.newPage();
    await loginViaUi(page, driver.user.email, FACTORY_PASSWORD);
    await page.goto('/driver/trip-request');
    await page.locator('.dt-requests__count, .empty-state').first().waitFor();
    await page.getByText('Jala Online').waitFor();
    const cues = () =>
      page.evaluate(
        () => (window as unknown as { cues: { notes: number; vibrations: unknown[]; wakeLocks: number } }).cues,
      );
    expect(await cues()).toMatchObject({ notes: 0, vibrations: [] });
    await expect.poll(async () => (await cues()).wakeLocks).toBe(1);

    const created = await api<{ id: number }>('POST', '/trips', passenger.token, {
      pickup_latitude: PARQUE_KENNEDY.latitude,
      pickup_longitude: PARQUE_KENNEDY.longitude,
      pickup_address: 'Parque Kennedy, Miraflores',
      destination_latitude: JOCKEY_PLAZA.latitude,
      destination_longitude: JOCKEY_PLAZA.longitude,
      destination_address: 'Jockey Plaza, Santiago de Surco',
      service_type_id: 2,
      offer_price: 18,
    });
    expect((await api('POST', `/trips/${created.data.id}/publish`, passenger.token, {})).status).toBe(200);
    await page.locator(`article[data-request-id="${created.data.id}"]`).waitFor();
    await expect.poll(cues).toMatchObject({ notes: 2, vibrations: [[180, 90, 180]] });
    // Others' requests from earlier tests may be listed too: the title counts every unanswered one.
    const listed = await page.locator('article[data-request-id]').count();
    await expect.poll(() => page.title()).toBe(`(${listed}) Solicitudes de Viaje · Jala`);
    await context.close();
  });

  it('lets the driver mute the new-request alerts from the profile', async () => {
    const driver = await createDriver(suite.database.db, { user: { firstName: 'Wilmer', lastName: 'Huamán' } });
    const context = await phoneContext(suite.browser);
    const page = await context.newPage();
    await loginViaUi(page, driver.user.email, FACTORY_PASSWORD);
    await page.goto('/driver/profile');
    const section = page.getByTestId('request-alert-switch');
    const toggle = section.getByRole('switch', { name: 'Sonar y vibrar con cada solicitud nueva' });
    await toggle.waitFor();
    expect(await toggle.getAttribute('aria-checked')).toBe('true');
    await toggle.click();
    expect(await toggle.getAttribute('aria-checked')).toBe('false');
    await section.getByText(/^Silenciado/).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('jala.driver.request-alerts-muted'))).toBe('true');
    await section.scrollIntoViewIfNeeded();
    await shot(page, 'driver-mute-switch');
    // Kept across a reload (this device's choice).
    await page.reload();
    expect(
      await page.getByRole('switch', { name: 'Sonar y vibrar con cada solicitud nueva' }).getAttribute('aria-checked'),
    ).toBe('false');
    await context.close();
  });
});
