/**
 * Two phones (Chromium contexts) on a two-node cluster behind nginx, driven only through the UI: a passenger
 * and a driver whose realtime links sit on different nodes trade an offer and chat, then the node holding
 * the passenger's link is killed (SIGKILL) mid-trip. The driver keeps moving the trip; the passenger's page
 * reconnects through nginx by itself, catches up with the stage it missed and follows the rest live up to
 * the completion. Which node holds each link is read from the WebSocket handshake (X-Jala-Node) through CDP.
 */
import { createDriver, FACTORY_PASSWORD } from '@jala/test-factories/database';
import type { Browser, Page, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { launchBrowser, phoneContext, screenshot } from '../support/browser';
import { loginViaUi, registerViaUi } from '../support/session';
import { finishTripHere, requestAuto } from '../support/two-phones';
import { type Cluster, type ClusterNode, startCluster } from './support/cluster';

const KENNEDY = { latitude: -12.1211, longitude: -77.0297 };

/** The node holding the page's current realtime link (last successful WebSocket handshake). */
async function realtimeNode(page: Page): Promise<() => string | undefined> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  let node: string | undefined;
  cdp.on('Network.webSocketHandshakeResponseReceived', (event) => {
    const headers = Object.fromEntries(Object.entries(event.response.headers).map(([k, v]) => [k.toLowerCase(), v]));
    if (event.response.status === 101 && typeof headers['x-jala-node'] === 'string') node = headers['x-jala-node'];
  });
  return () => node;
}

async function until<T>(read: () => T | undefined, what: string, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('two phones on a two-node cluster behind nginx', () => {
  let cluster: Cluster;
  let browser: Browser;
  beforeAll(async () => {
    [cluster, browser] = await Promise.all([startCluster({ nodes: 2 }), launchBrowser()]);
  }, 90_000);
  afterAll(async () => {
    await browser?.close();
    await cluster?.stop();
  }, 30_000);

  it("the passenger's node dies mid-trip: the page reconnects elsewhere and follows the trip to its end", async () => {
    const driver = await createDriver(cluster.database.db, {
      user: { firstName: 'Jorge', lastName: 'Vargas', phone: '912345678' },
    });
    const passengerContext = await phoneContext(browser, { geolocation: KENNEDY, baseURL: cluster.url });
    const driverContext = await phoneContext(browser, { geolocation: KENNEDY, baseURL: cluster.url });
    const passenger = await passengerContext.newPage();
    const driverPage = await driverContext.newPage();
    const passengerNode = await realtimeNode(passenger);
    const driverNode = await realtimeNode(driverPage);
    const answers: { at: number; status: number; url: string }[] = [];
    const record = (response: Response) => {
      answers.push({ at: Date.now(), status: response.status(), url: response.url() });
    };
    passenger.on('response', record);
    driverPage.on('response', record);

    await registerViaUi(passenger, 'passenger', { firstName: 'Carmen' });
    await passenger.waitForURL('**/passenger/dashboard');
    await loginViaUi(driverPage, driver.user.email, FACTORY_PASSWORD);
    await driverPage
      .getByRole('navigation', { name: 'Navegación de conductor' })
      .getByRole('link', { name: /Solicitud/ })
      .click();
    await driverPage.waitForURL('**/driver/trip-request');
    await driverPage.getByText('Jala Online').waitFor();

    // Their realtime links on different nodes. Round robin: reload the driver's page until so; one extra
    // request first shifts the rotation (a reload makes the same number of requests every time).
    const passengerAt = await until(passengerNode, "the passenger's realtime link");
    for (let attempt = 0; (await until(driverNode, "the driver's realtime link")) === passengerAt; attempt += 1) {
      if (attempt === 8) throw new Error('both realtime links stayed on one node');
      await fetch(`${cluster.api}/health`);
      await driverPage.reload();
      await driverPage.getByText('Jala Online').waitFor();
    }
    const victim = cluster.nodes.find((n) => n.id === passengerAt) as ClusterNode;
    const survivor = cluster.nodes.find((n) => n !== victim) as ClusterNode;
    expect(driverNode()).toBe(survivor.id);

    // Request → offer → chat, crossing nodes live.
    await requestAuto(passenger, '20');
    const request = driverPage.getByRole('article', { name: 'Solicitud de Carmen Ccori' });
    await request.waitFor({ timeout: 10_000 });
    await request.getByRole('button', { name: 'Aceptar' }).click();
    await request.getByText('Oferta enviada: S/ 20.00').waitFor();
    const offer = passenger.getByTestId('driver-offer');
    await offer.getByText('S/ 20.00').waitFor({ timeout: 8_000 });
    await request.getByPlaceholder('Escribe un mensaje').fill('Hola, llego en 3 minutos');
    await request.getByRole('button', { name: 'Enviar' }).click();
    await offer.getByText('Hola, llego en 3 minutos').waitFor({ timeout: 8_000 });
    await offer.getByPlaceholder('Escribe un mensaje').fill('Perfecto, estoy en la puerta');
    await offer.getByRole('button', { name: 'Enviar' }).click();
    await request.getByText('Perfecto, estoy en la puerta').waitFor({ timeout: 8_000 });

    await offer.getByRole('button', { name: 'Aceptar' }).click();
    await driverPage.waitForURL('**/driver/active-trip', { timeout: 10_000 });
    const status = passenger.getByTestId('trip-status');
    await driverPage.getByRole('button', { name: 'Ir al punto de recojo' }).click();
    await expect.poll(() => status.textContent(), { timeout: 8_000 }).toBe('Conductor en camino');

    // The passenger's node dies; the driver arrives meanwhile.
    const killedAt = Date.now();
    await victim.kill();
    await driverPage.getByRole('button', { name: 'Llegué al punto de recojo' }).click();
    await driverPage.getByRole('button', { name: 'Iniciar viaje' }).waitFor();
    // The passenger's page reconnects through nginx to the survivor and catches up with the missed stage.
    await expect.poll(() => status.textContent(), { timeout: 15_000 }).toBe('Conductor en el punto de recojo');
    await expect.poll(() => passengerNode(), { timeout: 5_000 }).toBe(survivor.id);
    await passenger.getByText('Jala Online').waitFor();

    // And follows the rest live, to the end: the passenger reads the start code, the driver types it.
    await driverPage
      .getByLabel('Código del pasajero')
      .fill((await passenger.getByTestId('start-code').textContent()) ?? '');
    await driverPage.getByRole('button', { name: 'Iniciar viaje' }).click();
    await expect.poll(() => status.textContent(), { timeout: 8_000 }).toBe('En curso');
    await finishTripHere(driverPage);
    await driverPage.getByText('¡Viaje completado con éxito!').waitFor();
    await passenger.getByRole('heading', { name: '¡Viaje completado!' }).waitFor({ timeout: 8_000 });
    await screenshot(passenger, 'cluster-passenger-completed-after-failover');

    expect(answers.filter((a) => a.at >= killedAt && a.status >= 500)).toEqual([]);
    await passengerContext.close();
    await driverContext.close();
  }, 120_000);
});
