/**
 * A new user on a 360×740 phone: expected "nothing there" answers (no active trip, no photo, a
 * driver not yet verified) are states, so no screen logs a console error or throws; the origin and chat
 * placeholders fit their inputs; the wizard's back button has a Spanish name.
 */
import { createDriver, FACTORY_PASSWORD } from '@jala/test-factories/database';
import type { BrowserContext, Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';

import { phoneContext } from './support/browser';
import { loginViaUi, registerViaUi } from './support/session';
import { useBrowserSuite } from './support/suite';

const suite = useBrowserSuite();
let context: BrowserContext | null = null;

afterEach(async () => {
  await context?.close();
  context = null;
});

/** Console errors and uncaught page errors, but not map tiles (the tile server is unreachable on purpose). */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    const source = message.location().url;
    if (source.startsWith('http://127.0.0.1:9/')) return;
    errors.push(`${new URL(page.url()).pathname}: ${message.text()} ${source}`);
  });
  page.on('pageerror', (error) => errors.push(`${new URL(page.url()).pathname}: uncaught ${error.message}`));
  return errors;
}

/** Whether the input's placeholder is drawn whole (its text fits the input's content box). */
function placeholderFits(page: Page, selector: string): Promise<{ text: string; needed: number; available: number }> {
  return page
    .locator(selector)
    .first()
    .evaluate((element) => {
      const input = element as HTMLInputElement;
      const style = getComputedStyle(input, '::placeholder');
      const canvas = document.createElement('canvas').getContext('2d');
      if (!canvas) throw new Error('no canvas');
      canvas.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const box = getComputedStyle(input);
      const available = input.clientWidth - parseFloat(box.paddingLeft) - parseFloat(box.paddingRight);
      return { text: input.placeholder, needed: Math.ceil(canvas.measureText(input.placeholder).width), available };
    });
}

async function visit(page: Page, path: string, ready: string): Promise<void> {
  await page.goto(path);
  await page.getByRole('heading', { name: ready }).first().waitFor();
  // Every lookup the screen starts on opening has answered.
  await page.waitForLoadState('networkidle');
}

describe('a new user on a phone', () => {
  it('a new passenger meets no console errors; the origin placeholder fits and the back button reads "Volver al inicio"', async () => {
    context = await phoneContext(suite.browser);
    const page = await context.newPage();
    const errors = collectErrors(page);
    await registerViaUi(page, 'passenger');
    await page.waitForURL('**/passenger/dashboard');
    await page.waitForLoadState('networkidle');
    await visit(page, '/passenger/trip-request', 'Solicitar viaje');
    await page.getByRole('button', { name: 'Volver al inicio' }).waitFor();
    const origin = await placeholderFits(page, 'input[name="origin"]');
    expect(origin.text).toBe('Escribe o selecciona en el mapa');
    expect(origin.needed).toBeLessThanOrEqual(origin.available);
    await visit(page, '/passenger/trip-history', 'Historial de viajes');
    await visit(page, '/passenger/profile', 'Mi Perfil');
    expect(errors).toEqual([]);
  });

  it('a driver waiting for verification meets no console errors and reads what happens next', async () => {
    const { user } = await createDriver(suite.database.db, {
      profile: { verificationStatus: 'pending_verification', driverStatus: 'offline' },
    });
    context = await phoneContext(suite.browser);
    const page = await context.newPage();
    const errors = collectErrors(page);
    await loginViaUi(page, user.email, FACTORY_PASSWORD);
    await page.waitForLoadState('networkidle');
    await visit(page, '/driver/trip-request', 'Solicitudes de Viaje');
    await page.getByTestId('requests-readiness').waitFor();
    await visit(page, '/driver/status', 'Estado del Conductor');
    await visit(page, '/driver/profile', 'Perfil de Conductor');
    expect(errors).toEqual([]);
  });
});
