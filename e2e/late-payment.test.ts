/**
 * Payments never fall through, on two phones at 360×740 against the built product: on a Yape trip the
 * driver's fare line says 'Cobrarás (Yape)' (never cash); the driver finishes and goes back to the requests;
 * only then the passenger taps 'Ya pagué' — the driver's requests page shows the banner live (the time it
 * took is printed), again after a reload; the driver confirms from it on the receipt, the banner goes, and
 * the passenger's receipt says the payment was confirmed. Screenshots: e2e/screenshots/late-payment-*.png.
 */
import { topics } from '@jala/contracts';
import { formatSoles } from '@jala/domain';
import { JOCKEY_PLAZA } from '@jala/test-factories';
import { createDriver, createUser } from '@jala/test-factories/database';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';

import { loginToken } from './support/api';
import { animationsSettled, screenshot } from './support/browser';
import { subscriptionGranted } from './support/live-subscription';
import { signedInPhone } from './support/signed-in-phone';
import { useBrowserSuite } from './support/suite';
import { yapeTripInProgress } from './support/yape-trip';

const PASSENGER = { firstName: 'María Fernanda de los Ángeles', lastName: 'Quispe Huamán de la Torre' };
const DRIVER = { firstName: 'Juan Carlos Eduardo', lastName: 'Villanueva Santisteban Ccori' };
const CLAIM = `${PASSENGER.firstName} dice que ya te pagó ${formatSoles(38)} por Yape. Confirma si lo recibiste.`;

/** Nothing wider than the phone: the page's own width stays the viewport's. */
async function noSidewaysOverflow(page: Page): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
}

async function shot(page: Page, name: string): Promise<void> {
  await animationsSettled(page);
  await noSidewaysOverflow(page);
  await screenshot(page, `late-payment-${name}`);
}

describe("a late 'Ya pagué'", () => {
  const suite = useBrowserSuite();

  it('reaches the driver who already went back to the requests, who confirms it from the banner', async () => {
    const db = suite.database.db;
    const driver = await createDriver(db, {
      user: { ...DRIVER, phone: '912345678' },
      profile: { acceptsYape: true, walletPhone: '987654321' },
    });
    const rider = await createUser(db, PASSENGER);
    const tripId = await yapeTripInProgress(
      await loginToken(rider.email),
      await loginToken(driver.user.email),
      driver.user.id,
    );
    const [{ context: driverContext, page: driverPage }, { context: riderContext, page: riderPage }] =
      await Promise.all([
        signedInPhone(suite.browser, driver.user.email, { geolocation: JOCKEY_PLAZA }),
        signedInPhone(suite.browser, rider.email, { geolocation: JOCKEY_PLAZA }),
      ]);

    // On the way, the driver's fare line names the trip's method.
    const driverListening = subscriptionGranted(driverPage, topics.notifications(driver.user.id));
    await driverPage.goto('/driver/active-trip');
    const fareLine = driverPage.getByTestId('fare-panel');
    await fareLine.getByText('Cobrarás (Yape)', { exact: true }).waitFor();
    expect(await fareLine.getByText(/efectivo/).count()).toBe(0);
    await fareLine.scrollIntoViewIfNeeded();
    await shot(driverPage, 'driver-charges-yape');

    // The driver finishes at the destination and goes back to work, before the passenger paid.
    await driverPage.getByRole('button', { name: 'Finalizar viaje' }).click();
    await driverPage.getByText('¡Viaje completado con éxito!').waitFor();
    await driverPage.getByRole('link', { name: 'Buscar nuevos viajes' }).click();
    await driverPage.waitForURL('**/driver/trip-request');
    await driverPage.locator('.dt-requests__count, .empty-state').first().waitFor();
    await driverListening;
    const banner = driverPage.getByTestId('pending-payment-banner');
    expect(await banner.count()).toBe(0);

    // Only now the passenger pays and says so on their receipt.
    const riderListening = subscriptionGranted(riderPage, topics.tripStatus(tripId));
    await riderPage.goto(`/trips/${tripId}/receipt`);
    const wallet = riderPage.getByTestId('wallet-payment');
    await wallet.getByRole('button', { name: 'Ya pagué' }).waitFor();
    await riderListening;
    // The latency is measured by the pages themselves (one machine, one wall clock): the tap's click event on
    // the passenger's phone, the banner entering the driver's page (a MutationObserver, not a poll).
    const payButton = wallet.getByRole('button', { name: 'Ya pagué' });
    await payButton.evaluate((button) =>
      button.addEventListener(
        'click',
        () => {
          (window as unknown as { tappedAt?: number }).tappedAt = Date.now();
        },
        { once: true },
      ),
    );
    const bannerShownAt = driverPage.evaluate(
      () =>
        new Promise<number>((resolve) => {
          const seen = (): boolean => document.querySelector('[data-testid="pending-payment-banner"]') !== null;
          const observer = new MutationObserver(() => {
            if (!seen()) return;
            observer.disconnect();
            resolve(Date.now());
          });
          observer.observe(document.body, { childList: true, subtree: true });
        }),
    );
    await payButton.click();
    await banner.getByText(CLAIM).waitFor();
    const tappedAt = await riderPage.evaluate(
      () => (window as unknown as { tappedAt?: number }).tappedAt ?? Number.NaN,
    );
    const latencyMs = (await bannerShownAt) - tappedAt;
    console.info(`[late-payment] the driver's banner appeared ${latencyMs} ms after the passenger tapped 'Ya pagué'`);
    expect(latencyMs).toBeGreaterThan(0);
    await noSidewaysOverflow(driverPage);
    await shot(driverPage, 'driver-banner-requests');

    // A reload keeps it (read from the server), and so does any other driver screen.
    await driverPage.reload();
    await banner.getByText(CLAIM).waitFor();
    await driverPage.goto('/driver/earnings');
    await banner.getByText(CLAIM).waitFor();
    await driverPage.getByTestId('earnings-unconfirmed').waitFor();
    expect(await driverPage.getByTestId('earnings-unconfirmed').textContent()).toBe(formatSoles(38));
    await shot(driverPage, 'driver-banner-earnings');

    // From the banner to the receipt, where the driver answers; the banner goes.
    await banner.getByRole('link', { name: 'Confirmar pago' }).click();
    await driverPage.waitForURL(`**/trips/${tripId}/receipt`);
    const driverWallet = driverPage.getByTestId('wallet-payment');
    await driverWallet.getByText('El pasajero dice que ya pagó. Revisa tu app y confirma.').waitFor();
    expect(await banner.count()).toBe(0);
    await driverWallet.getByRole('button', { name: 'Pago recibido' }).click();
    await driverWallet.getByText('Confirmaste el pago.').waitFor();
    await driverPage
      .getByRole('navigation', { name: 'Navegación de conductor' })
      .getByRole('link', { name: /Solicitud/ })
      .click();
    await driverPage.waitForURL('**/driver/trip-request');
    await driverPage.locator('.dt-requests__count, .empty-state').first().waitFor();
    expect(await banner.count()).toBe(0);

    // The passenger's receipt says so, live.
    await riderPage.getByText('Pagado con Yape · confirmado por el conductor').waitFor();
    await wallet.getByText('El conductor confirmó tu pago. ¡Gracias!').waitFor();
    await riderPage
      .getByText('Pagado con Yape · confirmado por el conductor')
      .evaluate((line) => line.scrollIntoView({ block: 'center' }));
    await shot(riderPage, 'passenger-confirmed');
    for (const context of [driverContext, riderContext]) await context.close();
  });
});
