/**
 * The receipt as a PDF: only the trip's passenger and driver get it (anyone else a 404, never the
 * document); its text, read back with Debian's pdftotext, carries the trip code, route, agreed price, the
 * accepted adjustment, total, payment method, driver, plate and the optional DNI/RUC, with Spanish accents
 * intact; a bad DNI/RUC is a Spanish 400. Names and addresses in any script print as written (embedded
 * Unicode fonts, right-to-left text in visual order), and a character no font has prints as "�".
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

import { makeFareAdjustment, makeTripReceipt } from '@jala/test-factories';
import { afterAll, describe, expect, it } from 'vitest';

import { receiptPdf } from '../../src/modules/trips/receipts/receipt-pdf';
import { JOCKEY, onlineDriver, passenger, tripInProgress } from '../support/actors';
import { describeOnBackends } from '../support/backends';
import { api } from '../support/http';
import type { TestApp } from '../support/test-app';

const run = promisify(execFile);
const folder = await mkdtemp(join(tmpdir(), 'jala-receipt-'));
afterAll(() => rm(folder, { recursive: true, force: true }));

/** GET the PDF with `token`; the raw answer (a PDF is not JSON). */
function fetchPdf(t: TestApp, tripId: number, token: string | null, query = '') {
  return fetch(
    `${t.baseUrl}/trips/${tripId}/receipt.pdf${query}`,
    token ? { headers: { authorization: `Bearer ${token}` } } : {},
  );
}

/** Runs poppler's pdftotext with `args` on the PDF; its raw output. */
async function pdftotext(bytes: ArrayBuffer | Uint8Array, args: string[]): Promise<string> {
  const file = join(folder, `${Math.random().toString(36).slice(2)}.pdf`);
  await writeFile(file, bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes));
  const { stdout } = await run('pdftotext', [...args, '-enc', 'UTF-8', file, '-']);
  return stdout;
}

/**
 * The PDF's text as pdftotext (poppler) reads it, in reading order. Poppler wraps each right-to-left stretch
 * it finds in embedding marks (U+202B … U+202C): its own annotation, not the receipt's text, so dropped.
 */
async function pdfText(bytes: ArrayBuffer | Uint8Array): Promise<string> {
  return (await pdftotext(bytes, [])).replace(/[\u202A-\u202E]/g, '').replace(/\s+/g, ' ');
}

/** Each word pdftotext finds, with its box; a right-to-left word lists its letters as drawn, left to right. */
async function pdfWords(bytes: Uint8Array) {
  const html = await pdftotext(bytes, ['-bbox']);
  return [...html.matchAll(/<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="[\d.]+">([^<]*)<\/word>/g)].map(
    ([, xMin, yMin, xMax, word]) => ({ word: word ?? '', xMin: Number(xMin), yMin: Number(yMin), xMax: Number(xMax) }),
  );
}

/** What a broken encoding leaves behind: UTF-8 read as Latin-1 (Ã, Â), UTF-16 surrogates and byte-order marks read as WinAnsi. */
const MOJIBAKE = /Ã|Â|Ø=|þÿ|ÿþ/;

/** A completed trip with names and addresses full of Spanish letters, S/ 14.00 agreed plus S/ 3.50 of tolls. */
async function completedTrip(t: TestApp) {
  const trip = await tripInProgress(t, {
    offer_price: 14,
    pickup_address: 'Av. José Larco 1150, Miraflores',
    destination_address: 'Calle Peñaloza, Santiago de Surco',
  });
  const asked = await api(t.baseUrl, 'POST', `/driver/trips/${trip.tripId}/fare-adjustments`, {
    token: trip.d.token,
    body: { amount: 3.5, reason: 'tolls', note: 'Peaje Evitamiento' },
  });
  expect(asked.status).toBe(201);
  expect(
    (
      await api(t.baseUrl, 'PUT', `/trips/${trip.tripId}/fare-adjustment`, {
        token: trip.p.token,
        body: { accept: true },
      })
    ).status,
  ).toBe(200);
  const done = await api(t.baseUrl, 'POST', '/driver/trips/complete', {
    token: trip.d.token,
    body: { trip_id: trip.tripId, final_latitude: JOCKEY.latitude, final_longitude: JOCKEY.longitude },
  });
  expect(done.status).toBe(200);
  const receipt = await api<{ trip_code: string; vehicle: string; passenger_name: string }>(
    t.baseUrl,
    'GET',
    `/trips/${trip.tripId}/receipt`,
    { token: trip.p.token },
  );
  return { ...trip, receipt: receipt.body.data };
}

describeOnBackends('the receipt as a PDF on %s', ({ t, maybe }) => {
  maybe('is a PDF whose text, read back, says everything with its accents', async () => {
    const { p, d, tripId, receipt } = await completedTrip(t);
    const res = await fetchPdf(t, tripId, p.token, '?tax_id=20131312955');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="recibo-${receipt.trip_code}.pdf"`);
    const bytes = await res.arrayBuffer();
    expect(Buffer.from(bytes.slice(0, 5)).toString('latin1')).toBe('%PDF-');
    const text = await pdfText(bytes);
    for (const expected of [
      'Recibo de viaje',
      receipt.trip_code,
      'CÓDIGO DE VIAJE',
      'MÉTODO DE PAGO',
      'Efectivo',
      'VEHÍCULO',
      'Av. José Larco 1150, Miraflores',
      'Calle Peñaloza, Santiago de Surco',
      'PRECIO ACORDADO S/ 14.00',
      'AJUSTE ACEPTADO +S/ 3.50 · Peajes (Peaje Evitamiento)',
      'TOTAL S/ 17.50',
      d.name,
      receipt.vehicle,
      receipt.passenger_name,
      'RUC 20131312955',
      'no es un comprobante de pago electrónico de SUNAT',
    ]) {
      expect(text).toContain(expected);
    }
    // The plate is on it (the vehicle line ends with it).
    expect(receipt.vehicle).toMatch(/· [A-Z0-9-]+$/);

    // The driver gets the same document; a DNI is labelled as such.
    const driverCopy = await fetchPdf(t, tripId, d.token, '?tax_id=4567%201234');
    expect(driverCopy.status).toBe(200);
    expect(await pdfText(await driverCopy.arrayBuffer())).toContain('DNI 45671234');
    // Without a document number, none is printed.
    const plain = await pdfText(await (await fetchPdf(t, tripId, p.token)).arrayBuffer());
    expect(plain).not.toMatch(/\b(DNI|RUC)\b/);
  });

  maybe("is for the trip's passenger and driver only; anyone else gets a 404 and no document", async () => {
    const { tripId } = await completedTrip(t);
    const stranger = await passenger(t.baseUrl);
    const otherDriver = await onlineDriver(t.baseUrl, t.app.database.db);
    for (const token of [stranger.token, otherDriver.token]) {
      const res = await fetchPdf(t, tripId, token);
      expect(res.status).toBe(404);
      expect(res.headers.get('content-type')).toContain('application/json');
      expect(await res.json()).toMatchObject({ success: false, code: 'TRIP_NOT_FOUND' });
    }
    expect((await fetchPdf(t, tripId, null)).status).toBe(401);
    expect((await fetchPdf(t, 2_147_483_000, stranger.token)).status).toBe(404);
  });

  maybe('refuses a wrong DNI/RUC and an unfinished trip in Spanish', async () => {
    const { p, tripId } = await completedTrip(t);
    for (const bad of ['1234567', '123456789', '20131312954', 'abcdefgh']) {
      const res = await fetchPdf(t, tripId, p.token, `?tax_id=${bad}`);
      expect(res.status).toBe(400);
      expect(JSON.stringify(await res.json())).toContain('Ingresa un DNI de 8 dígitos o un RUC válido de 11 dígitos.');
    }
    expect((await fetchPdf(t, 0, p.token)).status).toBe(400);
    const running = await tripInProgress(t);
    const early = await fetchPdf(t, running.tripId, running.p.token);
    expect(early.status).toBe(409);
    expect(await early.json()).toMatchObject({ code: 'RECEIPT_NOT_READY' });
  });
});

describe('the receipt PDF with names and addresses in any script', () => {
  it('prints Spanish, Quechua, Arabic, Hebrew, Cyrillic and Greek text exactly as written', async () => {
    const receipts = [
      makeTripReceipt({
        passenger_name: "Ch'aska Ñahui Güemes",
        driver_name: 'José Ángel Muñoz Ríos',
        pickup_address: 'Jr. Ucayali 145 (¿frente al mercado? ¡sí!), Cercado de Lima',
        destination_address: 'Av. Túpac Amaru 1500, Independencia',
        adjustments: [makeFareAdjustment({ status: 'accepted', note: 'Peaje Evitamiento' })],
      }),
      makeTripReceipt({
        passenger_name: 'محمد علي',
        driver_name: 'Иван Петров',
        pickup_address: 'שדרות רוטשילד תל אביב',
        destination_address: 'شارع الملك فهد',
        vehicle: 'Γιώργος Παπαδόπουλος · ABC-123',
      }),
    ];
    for (const receipt of receipts) {
      const text = await pdfText(await receiptPdf(receipt, null));
      for (const expected of [
        receipt.passenger_name,
        receipt.driver_name,
        receipt.pickup_address,
        receipt.destination_address,
        receipt.vehicle ?? '',
      ]) {
        expect(text).toContain(expected);
      }
      expect(text).toContain('no es un comprobante de pago electrónico de SUNAT');
      expect(text).not.toMatch(MOJIBAKE);
      expect(text).not.toContain('\uFFFD');
    }
  });

  it('prints "�" for each character no embedded font has (emoji, flags, CJK), never mojibake', async () => {
    const receipt = makeTripReceipt({
      passenger_name: 'Rosa 😀 Huamán',
      driver_name: 'Carlos 👍🏽 Mamani',
      pickup_address: 'Barrio Chino 李小龍, Cercado 🇵🇪',
      destination_address: 'Mercado ❤️ Surquillo',
    });
    const text = await pdfText(await receiptPdf(receipt, null));
    // One placeholder per character as a person sees it: a skin tone, a flag or a presentation selector adds none.
    for (const expected of ['Rosa � Huamán', 'Carlos � Mamani', 'Barrio Chino ���, Cercado �', 'Mercado � Surquillo']) {
      expect(text).toContain(expected);
    }
    expect(text).not.toMatch(MOJIBAKE);
  });

  it('draws right-to-left text in visual order, numbers left to right, and wraps long text inside the page', async () => {
    const receipt = makeTripReceipt({
      pickup_address: 'רחוב הרצל 12',
      destination_address: `${'Ñ'.repeat(120)} ${'شارع '.repeat(30)}`,
    });
    const pdf = await receiptPdf(receipt, null);
    const words = await pdfWords(pdf);
    const number = words.find((w) => w.word === '12');
    const line = words
      .filter((w) => w.yMin > (number?.yMin ?? 0) - 2 && w.yMin < (number?.yMin ?? 0) + 2)
      .sort((a, b) => a.xMin - b.xMin);
    const drawn = (word: string) => [...word].reverse().join('');
    // Read from the right: "רחוב", "הרצל", then the number, which itself reads left to right.
    expect(line.map((w) => w.word)).toEqual(['12', drawn('הרצל'), drawn('רחוב')]);
    // A5 is 419.53 points wide with 36-point margins: nothing runs past the right margin.
    expect(Math.max(...words.map((w) => w.xMax))).toBeLessThanOrEqual(419.53 - 36 + 0.5);
    expect(await pdfText(pdf)).toContain('ÑÑÑ');
  });
});
