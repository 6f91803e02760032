/**
 * "¿Olvidaste tu contraseña?" in Chromium at 360×740, against its own product process (embedded PGlite) whose
 * SMTP_URL points at a real SMTP server in this test: asked for on the login page, the link taken from the mail
 * that arrived, a new password chosen on the link's page, then signing in with it; the old password is refused.
 * Screenshots: e2e/screenshots/password-reset-*.png.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { resetLinkIn, SmtpInbox } from '../apps/server/test/support/mail';
import { SIGN_UP_CONSENT } from './support/api';
import { launchBrowser, phoneContext, SCREENSHOT_DIR, shotsInto, uniqueEmail } from './support/browser';
import { type Product, startProduct } from './support/product';

const shot = shotsInto(SCREENSHOT_DIR);

describe('password reset by e-mail, in the browser', () => {
  let inbox: SmtpInbox;
  let product: Product;
  let base: string;
  let browser: Browser;

  beforeAll(async () => {
    inbox = await SmtpInbox.start();
    // The embedded default (no DATABASE_URL, no Redis) with one addition: a mail server.
    product = await startProduct({
      database: 'embedded',
      name: 'reset',
      // The links in its mails lead to where this browser opens it.
      env: (address) => ({ SMTP_URL: inbox.url, PUBLIC_URL: address }),
    });
    base = product.base;
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await product?.stop();
    await inbox?.close();
  });

  it('asks on the login page, follows the mailed link, chooses a new password and signs in with it', async () => {
    const email = uniqueEmail('olvido');
    const oldPassword = 'la-de-siempre-1';
    const registered = await fetch(`${base}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        first_name: 'Rosa',
        last_name: 'Huamán',
        email,
        phone: '987654321',
        password: oldPassword,
        ...SIGN_UP_CONSENT,
      }),
    });
    expect(registered.status).toBe(201);

    const context = await phoneContext(browser, { baseURL: base });
    try {
      const page = await context.newPage();
      await page.goto('/login');
      await page.getByLabel('Correo electrónico').fill(email);
      await page.getByRole('link', { name: '¿Olvidaste tu contraseña?' }).click();
      await page.waitForURL('**/recuperar-contrasena');
      // What was typed on the login page comes along.
      expect(await page.getByLabel('Correo electrónico').inputValue()).toBe(email);
      await shot(page, 'password-reset-1-ask');
      await page.getByRole('button', { name: 'Enviar enlace' }).click();
      await page.getByRole('heading', { name: 'Revisa tu correo' }).waitFor();
      await page.getByText(email).waitFor();
      await shot(page, 'password-reset-2-sent');

      const mail = await inbox.mailTo(email, (m) => m.subject === 'Restablece tu contraseña de Jala');
      const { url } = resetLinkIn(mail);
      expect(url.startsWith(`${base}/restablecer-contrasena?token=`)).toBe(true);
      await page.goto(url);
      await page.getByRole('heading', { name: 'Elige una nueva contraseña' }).waitFor();
      await page.getByText(email).waitFor();
      await page.getByLabel('Nueva contraseña', { exact: true }).fill('mi-clave-nueva-2026');
      await page.getByLabel('Repite la nueva contraseña').fill('otra-cosa-2026');
      await page.getByRole('button', { name: 'Guardar contraseña' }).click();
      await page.getByText('Las contraseñas no coinciden.').waitFor();
      await page.getByLabel('Repite la nueva contraseña').fill('mi-clave-nueva-2026');
      await shot(page, 'password-reset-3-new-password');
      await page.getByRole('button', { name: 'Guardar contraseña' }).click();

      await page.waitForURL('**/login');
      await page.getByText('Listo: tu contraseña cambió. Inicia sesión con la nueva.').waitFor();
      expect(await page.getByLabel('Correo electrónico').inputValue()).toBe(email);
      await shot(page, 'password-reset-4-login');
      await page.getByLabel('Contraseña', { exact: true }).fill('mi-clave-nueva-2026');
      await page.getByRole('button', { name: 'Iniciar sesión' }).click();
      await page.waitForURL('**/passenger/dashboard');

      const old = await fetch(`${base}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password: oldPassword }),
      });
      expect(old.status).toBe(401);
      const changed = await inbox.mailTo(email, (m) => m.subject === 'Tu contraseña cambió');
      expect(changed.text).toContain('Cerramos todas las sesiones abiertas de tu cuenta');

      // The link is spent: opening it again says so and leads to a new one.
      await page.goto(url);
      await page.getByText('Este enlace ya se usó para cambiar la contraseña.', { exact: false }).waitFor();
      await page.getByRole('link', { name: 'Pedir un enlace nuevo' }).waitFor();
      await shot(page, 'password-reset-5-used-link');
    } finally {
      await context.close();
    }
  });
});
