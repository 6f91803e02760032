/**
 * Debian's Chromium driven by playwright-core (no browser download). Phone-sized contexts in Spanish (Peru),
 * with geolocation granted at a point in Lima unless told otherwise.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';

import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
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
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/**
 * The ceiling of every browser wait (an element, a URL, a click's actionability): waits end at their event,
 * so this only bounds how long a failing step takes to say so; a busy machine needs far more than an idle one.
 */
export const BROWSER_WAIT_MS = 30_000;

export interface PhoneOptions {
  geolocation?: { latitude: number; longitude: number } | null;
  baseURL?: string;
  /**
   * 'block': a phone on its first visit, before the service worker took over (which precaches every route's
   * chunk, so a failed download could only happen then).
   */
  serviceWorkers?: 'allow' | 'block';
  /** The browser's User-Agent, for a phone that must read as one ('Sesiones abiertas' names devices by it). */
  userAgent?: string;
}

export async function phoneContext(browser: Browser, options: PhoneOptions = {}): Promise<BrowserContext> {
  const geolocation =
    options.geolocation === undefined ? { latitude: -12.1211, longitude: -77.0297 } : options.geolocation;
  const context = await browser.newContext({
    viewport: PHONE,
    deviceScaleFactor: 1,
    locale: 'es-PE',
    timezoneId: 'America/Lima',
    baseURL: options.baseURL ?? baseUrl(),
    serviceWorkers: options.serviceWorkers ?? 'allow',
    ...(options.userAgent ? { userAgent: options.userAgent } : {}),
    ...(geolocation ? { geolocation, permissions: ['geolocation'] } : {}),
  });
  context.setDefaultTimeout(BROWSER_WAIT_MS);
  return context;
}

/**
 * Resolves when the page's finite CSS transitions and animations have finished (a sheet sliding in, a
 * colour change, a marker drop): what a screenshot or a measurement waits for, instead of their duration.
 * Endless ones (spinners) are ignored.
 */
export async function animationsSettled(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== 'running' || animation.effect?.getComputedTiming().iterations === Infinity,
      ),
  );
}

export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const path = join(SCREENSHOT_DIR, `${name}.png`);
  await page.screenshot({ path, fullPage: false });
  return path;
}

let counter = 0;
/** A screenshot taker writing `<name>.png` into `dir` (made if missing) once animations settled: a walk's shot folder. */
export function shotsInto(dir: string): (page: Page, name: string) => Promise<void> {
  return async (page, name) => {
    mkdirSync(dir, { recursive: true });
    await animationsSettled(page);
    await page.screenshot({ path: join(dir, `${name}.png`) });
  };
}

export function uniqueEmail(prefix = 'e2e'): string {
  counter += 1;
  return `${prefix}${Date.now()}${counter}@prueba.pe`;
}

/**
 * Pairs of header parts (back button, title, connection indicator, profile menu) drawn over each other, and
 * parts whose text spills out of their box; empty when the header fits the screen.
 */
export async function headerCollisions(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const parts = ['.app-header__back', '.app-header__title', '.conn-indicator', '.profile-menu__trigger']
      .map((selector) => ({ selector, node: document.querySelector<HTMLElement>(selector) }))
      .filter(
        (part): part is { selector: string; node: HTMLElement } =>
          part.node !== null && part.node.getBoundingClientRect().width > 1,
      );
    const problems: string[] = [];
    for (const { selector, node } of parts) {
      if (node.scrollWidth > node.clientWidth + 1 && getComputedStyle(node).textOverflow !== 'ellipsis')
        problems.push(`${selector} spills`);
    }
    for (let i = 0; i < parts.length; i++) {
      for (let j = i + 1; j < parts.length; j++) {
        const a = parts[i]!.node.getBoundingClientRect();
        const b = parts[j]!.node.getBoundingClientRect();
        if (a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom && b.top < a.bottom)
          problems.push(`${parts[i]!.selector} × ${parts[j]!.selector}`);
      }
    }
    return problems;
  });
}

/** The trip-request wizard's bottom sheet on /passenger/trip-request. */
export function requestSheet(page: Page) {
  return page.getByRole('complementary', { name: 'Solicitud de viaje' });
}
