/**
 * "Verifica tu celular" walked at 360×740 in Chromium against the real product: a passenger signs up with
 * '+51 …', asks for a code, mistypes it once, types the code the server wrote to its SMS outbox and sees the
 * number verified. A driver waiting for approval is refused by the operator's console until they verify their
 * number from the dashboard's reminder; then the same approval goes through. ('Celular verificado' on an offer
 * card is a scene of the phone sweep.)
 */
import { createDriver, createUser, FACTORY_PASSWORD } from '@jala/test-factories/database';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';

import { phoneContext, screenshot, uniqueEmail } from './support/browser';
import { loginViaUi } from './support/session';
import { smsCodeFor, smsCountFor } from './support/sms-outbox';
import { useBrowserSuite } from './support/suite';

/** A number no other file uses: its per-number budget (5 SMS an hour) is this file's alone. */
const PASSENGER_NUMBER = '934 561 278';
const DRIVER_NUMBER = '934561279';

async function verifyOnCard(page: Page, to: string, shot: string): Promise<void> {
  const card = page.getByRole('region', { name: 'Verifica tu celular' });
  const before = smsCountFor(to);
  await card.getByRole('button', { name: 'Enviar código' }).click();
  const field = card.getByLabel('Código de 6 dígitos');
  await field.waitFor();
  expect(await field.getAttribute('inputmode')).toBe('numeric');
  expect(await field.getAttribute('autocomplete')).toBe('one-time-code');
  expect(await card.getByRole('button', { name: /Reenviar código en \d+ s/ }).isDisabled()).toBe(true);
  const code = await smsCodeFor(to, before);

  // One wrong try first: the tries left are said under the field.
  await field.fill(code === '000000' ? '111111' : '000000');
  await card.getByRole('button', { name: 'Verificar' }).click();
  await card.getByText('El código no es correcto. Te quedan 4 intentos.').waitFor();
  await screenshot(page, `${shot}-wrong-code-360`);

  await field.fill(`${code.slice(0, 3)} ${code.slice(3)}`);
  await card.getByRole('button', { name: 'Verificar' }).click();
  await card.getByText('Celular verificado').waitFor();
  await screenshot(page, `${shot}-verified-360`);
}

describe('phone verification by SMS code at 360×740', () => {
  const suite = useBrowserSuite();

  it('a passenger signs up with +51, verifies their mobile with the SMS code, and keeps it verified', async () => {
    const context = await phoneContext(suite.browser);
    const page = await context.newPage();
    try {
      await page.goto('/register');
      await page.locator('input[name="first_name"]').fill('Valeria');
      await page.locator('input[name="last_name"]').fill('Ccori');
      await page.locator('input[name="email"]').fill(uniqueEmail('celular'));
      await page.locator('input[name="phone"]').fill(`+51 ${PASSENGER_NUMBER}`);
      await page.locator('input[name="password"]').fill('secreto123');
      await page.locator('input[name="accept_terms"]').check({ force: true });
      await page.locator('form button[type="submit"]').click();
      await page.waitForURL('**/passenger/dashboard');

      await page.goto('/passenger/profile');
      const card = page.getByRole('region', { name: 'Verifica tu celular' });
      // Stored as one form and shown the way Peruvians write it.
      await card.getByText('934 561 278').waitFor();
      await card.scrollIntoViewIfNeeded();
      await screenshot(page, 'phone-verification-ask-360');
      await verifyOnCard(page, '+51934561278', 'phone-verification');

      // Verified stays verified on the next visit.
      await page.reload();
      await page.getByRole('region', { name: 'Verifica tu celular' }).getByText('Celular verificado').waitFor();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, 'the profile fits 360 px').toBeLessThanOrEqual(0);
    } finally {
      await context.close();
    }
  });

  it('the console refuses a driver until they verify their mobile from the reminder, then approves them', async () => {
    const db = suite.database.db;
    const operator = await createUser(db, {
      isAdmin: true,
      firstName: 'Olga',
      lastName: 'Operadora',
      email: uniqueEmail('operadora'),
    });
    const { user: driver } = await createDriver(db, {
      user: {
        firstName: 'Teodoro',
        lastName: 'Ccahuana Celular',
        email: uniqueEmail('conductor'),
        phone: DRIVER_NUMBER,
        phoneVerifiedAt: null,
      },
      profile: { verificationStatus: 'pending_verification', documentsSubmittedAt: new Date() },
    });
    const operatorContext = await phoneContext(suite.browser);
    const driverContext = await phoneContext(suite.browser);
    const consolePage = await operatorContext.newPage();
    const driverPhone = await driverContext.newPage();
    try {
      await loginViaUi(consolePage, operator.email, FACTORY_PASSWORD);
      await consolePage.goto('/operators?seccion=cola');
      const entry = consolePage.getByRole('article', { name: 'Teodoro Ccahuana Celular' });
      await entry.getByText('Celular sin verificar').waitFor();
      await entry.getByRole('button', { name: 'Aprobar conductor' }).click();
      await entry
        .getByRole('alert')
        .filter({
          hasText:
            'Este conductor aún no verificó su celular. Pídele que lo verifique desde su perfil antes de aprobarlo.',
        })
        .waitFor();
      await screenshot(consolePage, 'phone-verification-approval-refused-360');

      // The driver's dashboard reminds them; the reminder leads to the card in their profile.
      await loginViaUi(driverPhone, driver.email, FACTORY_PASSWORD);
      await driverPhone.getByRole('link', { name: /Verifica tu celular/ }).click();
      await driverPhone.waitForURL('**/driver/profile#celular');
      await verifyOnCard(driverPhone, '+51934561279', 'phone-verification-driver');
      await driverPhone.goto('/driver/dashboard');
      await driverPhone.getByText('Panel del Conductor').first().waitFor();
      expect(await driverPhone.getByRole('link', { name: /Verifica tu celular/ }).count()).toBe(0);

      // The same approval now goes through: the queue shows the number verified, and the driver leaves it.
      await consolePage.reload();
      await entry.getByText('Celular verificado').waitFor();
      await entry.getByRole('button', { name: 'Aprobar conductor' }).click();
      await entry.waitFor({ state: 'detached' });
    } finally {
      await operatorContext.close();
      await driverContext.close();
    }
  });
});
