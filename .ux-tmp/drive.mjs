import { chromium } from 'playwright-core';
const BASE = 'http://127.0.0.1:4620';
const OUT = '/work/notes/ux-shots';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
const errors = [];
async function phone(email) {
  const context = await browser.newContext({ viewport: { width: 360, height: 740 }, locale: 'es-PE', timezoneId: 'America/Lima', baseURL: BASE, geolocation: { latitude: -12.1211, longitude: -77.0297 }, permissions: ['geolocation'] });
  const page = await context.newPage();
  page.on('console', (m) => { if (m.type() === 'error') errors.push(`[${email}] ${page.url()} ${m.text()}`); });
  page.on('pageerror', (e) => errors.push(`[${email}] PAGEERROR ${page.url()} ${e.message}`));
  await page.goto('/login');
  await page.getByLabel(/correo/i).fill(email);
  await page.getByLabel(/contraseña/i).fill('jala12345');
  await page.getByRole('button', { name: /iniciar sesión|ingresar/i }).click();
  await page.waitForURL(/dashboard/);
  return { context, page };
}
const mode = process.argv[2];
if (mode === 'passenger') {
  const { page } = await phone('pasajero@jala.pe');
  await page.waitForTimeout(1500);
  await page.goto('/passenger/trip-request');
  await page.getByText('Paso 1 de 4').waitFor();
  await page.waitForTimeout(1000);
  await page.screenshot({ path: `${OUT}/wizard-step1.png` });
  const box = await page.getByRole('combobox').boundingBox();
  console.log('origin input box', JSON.stringify(box));
  await page.getByRole('combobox').fill('Kennedy');
  await page.getByRole('option', { name: /Parque Kennedy/ }).first().click();
  await page.getByRole('button', { name: 'Siguiente' }).click();
  await page.getByRole('combobox').fill('Jockey');
  await page.getByRole('option', { name: /Jockey Plaza/ }).first().click();
  await page.getByRole('button', { name: 'Siguiente' }).click();
  await page.getByText('Paso 3 de 4').waitFor();
  await page.waitForTimeout(1500);
  await page.screenshot({ path: `${OUT}/wizard-step3.png` });
  await page.goto('/passenger/trip-history');
  await page.getByRole('button', { name: 'Por ti' }).click();
  await page.waitForTimeout(1500);
  await page.screenshot({ path: `${OUT}/history-por-ti.png`, fullPage: true });
  await page.goto('/passenger/profile');
  await page.waitForTimeout(1500);
}
if (mode === 'driver') {
  const { page } = await phone('conductor@jala.pe');
  await page.waitForTimeout(1500);
  await page.goto('/driver/status');
  await page.getByTestId('status-label').waitFor();
  await page.waitForTimeout(800);
  await page.screenshot({ path: `${OUT}/driver-status.png` });
  await page.goto('/driver/profile');
  await page.waitForTimeout(2000);
  await page.goto('/driver/trip-request');
  await page.waitForTimeout(2500);
  await page.screenshot({ path: `${OUT}/driver-requests.png` });
  await page.context().setOffline(true);
  await page.waitForTimeout(1000);
  await page.screenshot({ path: `${OUT}/driver-offline-pill.png` });
  console.log('pill offline:', await page.getByTestId('connection-indicator').textContent());
  await page.goto('/driver/status').catch(() => {});
}
console.log('ERRORS', JSON.stringify(errors, null, 1));
await browser.close();
