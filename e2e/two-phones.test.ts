/**
 * The whole marketplace loop on two phones at once, both driven only through the UI: a passenger requests
 * and publishes a trip, a driver in another browser context sees it arrive live, counter-offers and chats;
 * the passenger reads the offer and the chat live, answers, accepts; the driver moves the trip through
 * every stage while the passenger's page follows each one, and completes it. A second pair then shows a
 * cancellation by the passenger after acceptance reaching the driver's screen, and a third a cancellation
 * by the driver reaching the passenger's.
 */
import { describe, expect, it } from 'vitest';

import { headerCollisions, screenshot } from './support/browser';
import { useBrowserSuite } from './support/suite';
import { agreeOnPrice, finishTripHere, requestAuto, requestFrom, twoPhones, typeStartCode } from './support/two-phones';

describe('two phones: passenger and driver complete and cancel trips through the UI', () => {
  const suite = useBrowserSuite();

  it('request → live offer → chat both ways → accept → every stage followed live → completed on both phones', async () => {
    const { passenger, driverPage, contexts } = await twoPhones(suite.browser, suite.database, {
      passenger: 'Carmen',
      driver: ['Jorge', 'Vargas'],
    });

    await requestAuto(passenger, '20');
    const request = requestFrom(driverPage, 'Carmen');
    await request.waitFor();
    expect(await request.textContent()).toContain('Precio ofrecidoS/\u00a020.00');

    // The driver counter-offers S/ 22.50; the passenger sees it arrive without doing anything.
    await request.getByLabel('Proponer otro precio').fill('22.5');
    await request.getByRole('button', { name: 'Proponer' }).click();
    await request.getByText('Oferta enviada: S/ 22.50').waitFor();
    const offer = passenger.getByTestId('driver-offer');
    await offer.getByText('S/ 22.50').waitFor();
    expect(await offer.getByText('Jorge Vargas', { exact: true }).count()).toBe(1);

    // Chat both ways, each message appearing live on the other phone.
    await request.getByPlaceholder('Escribe un mensaje').fill('Hola, llego en 3 minutos');
    await request.getByRole('button', { name: 'Enviar' }).click();
    await offer.getByText('Hola, llego en 3 minutos').waitFor();
    await offer.getByPlaceholder('Escribe un mensaje').fill('Perfecto, estoy en la puerta de la iglesia');
    await offer.getByRole('button', { name: 'Enviar' }).click();
    await request.getByText('Perfecto, estoy en la puerta de la iglesia').waitFor();
    // 'Aceptar' is the offer's one main button; 'Enviar' a small outlined icon at the end of the message row.
    const send = offer.getByRole('button', { name: 'Enviar' });
    const accept = offer.getByRole('button', { name: 'Aceptar' });
    const [sendBox, fieldBox, acceptBox] = await Promise.all([
      send.boundingBox(),
      offer.getByPlaceholder('Escribe un mensaje').boundingBox(),
      accept.boundingBox(),
    ]);
    if (!sendBox || !fieldBox || !acceptBox) throw new Error('offer card not laid out');
    expect(sendBox.width).toBeLessThanOrEqual(48);
    expect(Math.abs(sendBox.y + sendBox.height / 2 - (fieldBox.y + fieldBox.height / 2))).toBeLessThan(4);
    expect(acceptBox.width).toBeGreaterThan(4 * sendBox.width);
    const background = (button: typeof send) => button.evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(await background(send)).not.toBe(await background(accept));
    await screenshot(passenger, 'two-phones-passenger-offer');
    await screenshot(driverPage, 'two-phones-driver-offer');
    expect(await headerCollisions(passenger)).toEqual([]);
    expect(await headerCollisions(driverPage)).toEqual([]);

    // The passenger accepts: the driver's phone goes to the active trip, the passenger's shows the driver.
    await offer.getByRole('button', { name: 'Aceptar' }).click();
    await passenger.getByRole('region', { name: 'Tu conductor' }).getByText('Jorge Vargas').waitFor();
    await driverPage.waitForURL('**/driver/active-trip');
    await driverPage.getByRole('region', { name: 'Detalles del viaje' }).getByText('Carmen Ccori').waitFor();

    // Each stage the driver taps is followed live on the passenger's phone.
    const status = passenger.getByTestId('trip-status');
    for (const [button, passengerSees] of [
      ['Ir al punto de recojo', 'Conductor en camino'],
      ['Llegué al punto de recojo', 'Conductor en el punto de recojo'],
      ['Iniciar viaje', 'En curso'],
    ] as const) {
      // To start, the passenger reads their code aloud and the driver types it.
      if (button === 'Iniciar viaje') await typeStartCode(driverPage, passenger);
      await driverPage.getByRole('button', { name: button }).click();
      await expect.poll(() => status.textContent()).toBe(passengerSees);
    }
    await screenshot(passenger, 'two-phones-passenger-in-progress');
    // No fare to type: the agreed S/ 22.50 is what will be charged.
    expect(await driverPage.getByTestId('binding-fare').textContent()).toBe('S/\u00a022.50');
    await finishTripHere(driverPage);
    await driverPage.getByText('¡Viaje completado con éxito!').waitFor();
    await passenger.getByRole('heading', { name: '¡Viaje completado!' }).waitFor();
    await passenger.getByTestId('trip-receipt').getByText('S/ 22.50').first().waitFor();
    await screenshot(passenger, 'two-phones-passenger-completed');
    await screenshot(driverPage, 'two-phones-driver-completed');
    // Both end screens offer the receipt's PDF at once (the receipt page's own actions).
    for (const [phone, name] of [
      [passenger, 'two-phones-passenger-receipt-pdf'],
      [driverPage, 'two-phones-driver-receipt-pdf'],
    ] as const) {
      const download = phone.getByRole('button', { name: 'Descargar PDF' });
      await download.scrollIntoViewIfNeeded();
      await screenshot(phone, name);
    }
    for (const context of contexts) await context.close();
  });

  it("the passenger cancels after accepting: the driver's screen says so", async () => {
    const { passenger, driverPage, contexts } = await twoPhones(suite.browser, suite.database, {
      passenger: 'Rosa',
      driver: ['Hugo', 'Salas'],
    });
    await requestAuto(passenger, '15');
    const request = requestFrom(driverPage, 'Rosa');
    await request.waitFor();
    await request.getByRole('button', { name: 'Aceptar' }).click();
    await request.getByText('Oferta enviada: S/ 15.00').waitFor();
    const offer = passenger.getByTestId('driver-offer');
    await offer.getByRole('button', { name: 'Aceptar' }).click();
    await driverPage.waitForURL('**/driver/active-trip');

    await passenger.getByRole('button', { name: 'Cancelar viaje' }).click();
    await passenger.getByLabel('Cambié de planes').check();
    await screenshot(passenger, 'two-phones-passenger-cancel-reason');
    await passenger.getByRole('button', { name: 'Sí, cancelar' }).click();
    await passenger.getByRole('heading', { name: 'Viaje cancelado' }).waitFor();
    await driverPage.getByText('El pasajero canceló el viaje. Motivo: Cambié de planes').waitFor();
    await screenshot(driverPage, 'two-phones-driver-sees-passenger-cancel');
    // The notice stays with that trip: the requests page that follows is clean.
    await driverPage.getByRole('link', { name: 'Buscar nuevos viajes' }).click();
    await driverPage.waitForURL('**/driver/trip-request');
    await driverPage.locator('.dt-requests__count, .empty-state').first().waitFor();
    expect(await driverPage.getByText(/El pasajero canceló/).count()).toBe(0);
    for (const context of contexts) await context.close();
  });

  it("the driver cancels before pickup: the passenger's screen says so", async () => {
    const { passenger, driverPage, contexts } = await twoPhones(suite.browser, suite.database, {
      passenger: 'Elena',
      driver: ['Raúl', 'Mendoza'],
    });
    await requestAuto(passenger, '16');
    await agreeOnPrice(passenger, driverPage, 'Elena');

    await driverPage.getByRole('button', { name: 'Cancelar viaje' }).click();
    await driverPage.getByRole('button', { name: 'Sí, cancelar viaje' }).click();
    await passenger.getByRole('heading', { name: 'Viaje cancelado' }).waitFor();
    await passenger.getByText('El conductor canceló el viaje. Puedes pedir otro cuando quieras.').waitFor();
    await screenshot(passenger, 'two-phones-passenger-sees-driver-cancel');
    for (const context of contexts) await context.close();
  });
});
