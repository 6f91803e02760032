import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { launchBrowser, phoneContext, screenshot } from './support/browser';
import { loginViaUi, registerViaUi } from './support/session';

describe('foundation: session, routing and shell in Chromium', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser?.close());

  it('shows the Spanish login page at /', async () => {
    const context = await phoneContext(browser);
    const page = await context.newPage();
    await page.goto('/');
    await expect.poll(() => page.locator('input[name="email"]').count()).toBe(1);
    expect(await page.locator('html').getAttribute('lang')).toBe('es');
    await screenshot(page, 'foundation-login');
    await context.close();
  });

  it.each([
    ['passenger', '/passenger/dashboard'],
    ['driver', '/driver/dashboard'],
    ['both', '/driver/dashboard'],
  ] as const)('registers a %s and lands on %s with the connection indicator Online', async (userType, landing) => {
    const context = await phoneContext(browser);
    const page = await context.newPage();
    await registerViaUi(page, userType);
    await page.waitForURL(`**${landing}`);
    await expect.poll(() => page.getByText('Online').count()).toBeGreaterThan(0);
    if (userType === 'passenger') await screenshot(page, 'foundation-passenger-dashboard');
    await context.close();
  });

  it('logs out from the profile menu and logs back in', async () => {
    const context = await phoneContext(browser);
    const page = await context.newPage();
    const account = await registerViaUi(page, 'passenger');
    await page.waitForURL('**/passenger/dashboard');
    await page
      .getByRole('button', { name: /perfil|menú|cuenta/i })
      .first()
      .click();
    await page.getByText('Ver perfil').waitFor();
    // The menu fades in (140 ms): photograph it once no animation is running.
    await page.waitForFunction(() =>
      document
        .getAnimations()
        .every(
          (animation) =>
            animation.playState !== 'running' || animation.effect?.getComputedTiming().iterations === Infinity,
        ),
    );
    await screenshot(page, 'foundation-profile-menu');
    await page.getByText('Cerrar sesión').click();
    await page.waitForURL('**/login');
    expect(await page.evaluate(() => localStorage.getItem('jala_token'))).toBeNull();
    await loginViaUi(page, account.email, account.password);
    expect(new URL(page.url()).pathname).toBe('/passenger/dashboard');
    await context.close();
  });

  it('sends a logged-out visitor of a protected page to /login, and a logged-in one away from /login', async () => {
    const context = await phoneContext(browser);
    const page = await context.newPage();
    await page.goto('/driver/earnings');
    await page.waitForURL('**/login');
    await registerViaUi(page, 'passenger');
    await page.goto('/login');
    await page.waitForURL('**/passenger/dashboard');
    await context.close();
  });

  it('logs in the seeded demo driver', async () => {
    const context = await phoneContext(browser);
    const page = await context.newPage();
    await loginViaUi(page, 'conductor@jala.pe', 'jala12345');
    expect(new URL(page.url()).pathname).toBe('/driver/dashboard');
    await context.close();
  });

  it("a page whose chunk fails to download keeps the driver's header and navigation, and 'Reintentar' loads it", async () => {
    // Without the service worker: once it has precached the chunks (at a pace that depends on the machine),
    // the page would get the chunk from it and never meet the failure.
    const context = await phoneContext(browser, { serviceWorkers: 'block' });
    const page = await context.newPage();
    await loginViaUi(page, 'conductor@jala.pe', 'jala12345');
    // The earnings page's own chunk, as a phone that just lost its signal would fail to fetch it.
    let blocked = true;
    await page.route(/\/assets\/earnings-page-[^/]*\.js$/, (route) =>
      blocked ? route.abort('internetdisconnected') : route.continue(),
    );
    await page
      .getByRole('navigation', { name: 'Navegación de conductor' })
      .getByRole('link', { name: /Ganancias/ })
      .click();
    await page.getByRole('heading', { name: 'Algo salió mal' }).waitFor();
    expect(await page.getByRole('navigation', { name: 'Navegación de conductor' }).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Menú de perfil' }).isVisible()).toBe(true);
    await screenshot(page, 'foundation-chunk-error-driver');

    blocked = false;
    await page.getByRole('button', { name: 'Reintentar' }).click();
    await page.getByRole('heading', { name: 'Mis Ganancias' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/driver/earnings');
    await context.close();
  });

  it('shows the 404 page with a link home for unknown paths', async () => {
    const context = await phoneContext(browser);
    const page = await context.newPage();
    await page.goto('/esto/no/existe');
    await expect.poll(() => page.getByText('404').count()).toBeGreaterThan(0);
    await expect.poll(() => page.getByText('Página no encontrada').count()).toBeGreaterThan(0);
    await screenshot(page, 'foundation-404');
    await page.getByRole('link', { name: /inicio/i }).click();
    await page.waitForURL((url) => url.pathname === '/' || url.pathname === '/login');
    await context.close();
  });

  it('logs the client out when the server revokes its session (401)', async () => {
    const context = await phoneContext(browser);
    const page = await context.newPage();
    await registerViaUi(page, 'passenger');
    await page.waitForURL('**/passenger/dashboard');
    const token = await page.evaluate(() => localStorage.getItem('jala_token'));
    await page.request.post('/api/auth/logout', { headers: { authorization: `Bearer ${token}` }, data: {} });
    await page.goto('/passenger/trip-history');
    await page.waitForURL('**/login');
    await context.close();
  });
});
