import { FACTORY_PASSWORD } from '@jala/test-factories/database';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

import { uniqueEmail } from './browser';

export interface NewAccount {
  email: string;
  password: string;
  firstName: string;
}

/** Signs up through the register form; resolves once the app left /register. */
export async function registerViaUi(
  page: Page,
  userType: 'passenger' | 'driver' | 'both',
  overrides: Partial<NewAccount> = {},
): Promise<NewAccount> {
  const account = { email: uniqueEmail(userType), password: 'secreto123', firstName: 'Valeria', ...overrides };
  await page.goto('/register');
  await page.locator('input[name="first_name"]').fill(account.firstName);
  await page.locator('input[name="last_name"]').fill('Ccori');
  await page.locator('input[name="email"]').fill(account.email);
  await page.locator('input[name="phone"]').fill('987 654 321');
  await page.locator('input[name="password"]').fill(account.password);
  await page.locator('select[name="user_type"]').selectOption(userType);
  // 'He leído y acepto los Términos y condiciones y la Política de privacidad.' (its label is the tap target).
  await page.locator('input[name="accept_terms"]').check({ force: true });
  await page.locator('form button[type="submit"]').click();
  await page.waitForURL((url) => !url.pathname.startsWith('/register'));
  return account;
}

export async function loginViaUi(page: Page, email: string, password: string): Promise<void> {
  await submitLogin(page, email, password);
  await page.waitForURL((url) => url.pathname.endsWith('/dashboard') && url.pathname !== '/dashboard');
}

/** Logs a factory user with a live trip in through the form; the active-trip guard takes them straight to `path`. */
export async function loginToActiveTrip(page: Page, email: string, path: string): Promise<void> {
  await submitLogin(page, email, FACTORY_PASSWORD);
  await page.waitForURL(`**${path}`);
}

async function submitLogin(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.locator('input[name="email"]').fill(email);
  await page.locator('input[name="password"]').fill(password);
  await page.locator('form button[type="submit"]').click();
}

/**
 * Opens the avatar's profile menu and resolves once it shows. A page still settling (its layout replaced as the
 * session loads) can drop a first click's menu, so the trigger is pressed again until the menu is open.
 */
export async function openProfileMenu(page: Page): Promise<void> {
  const trigger = page.getByRole('button', { name: 'Menú de perfil' });
  const menu = page.getByRole('menu', { name: 'Perfil' });
  await expect
    .poll(async () => {
      if (!(await menu.isVisible())) await trigger.click();
      return menu.isVisible();
    })
    .toBe(true);
}
