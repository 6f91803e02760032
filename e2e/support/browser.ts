/**
 * Debian's Chromium driven by playwright-core (no browser download). Phone-sized contexts in Spanish (Peru),
 * with geolocation granted at a point in Lima unless told otherwise.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { inject } from 'vitest';
import { repoRoot } from './server-process';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const PHONE = { width: 360, height: 740 };
export const SCREENSHOT_DIR = join(repoRoot, 'e2e', 'screenshots');

export function baseUrl(): string {
  return inject('baseUrl');
}

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}

export async function phoneContext(browser: Browser, options: { geolocation?: { latitude: number; longitude: number } | null } = {}): Promise<BrowserContext> {
  const geolocation = options.geolocation === undefined ? { latitude: -12.1211, longitude: -77.0297 } : options.geolocation;
  const context = await browser.newContext({
    viewport: PHONE,
    deviceScaleFactor: 1,
    locale: 'es-PE',
    timezoneId: 'America/Lima',
    baseURL: baseUrl(),
    ...(geolocation ? { geolocation, permissions: ['geolocation'] } : {}),
  });
  context.setDefaultTimeout(15_000);
  return context;
}

export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const path = join(SCREENSHOT_DIR, `${name}.png`);
  await page.screenshot({ path, fullPage: false });
  return path;
}

let counter = 0;
export function uniqueEmail(prefix = 'e2e'): string {
  counter += 1;
  return `${prefix}${Date.now()}${counter}@prueba.pe`;
}
