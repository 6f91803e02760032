/**
 * 'Descargar PDF' and 'Compartir por WhatsApp' on the receipt page: the PDF is fetched with the
 * typed DNI/RUC (checked before any request), saved under the trip's name; a refusal shows the server's
 * words under the button; WhatsApp gets a short text without phone numbers; a file-sharing browser
 * shares the PDF itself.
 */
import { makeFareAdjustment, makeTripReceipt, makeUser } from '@jala/test-factories';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';

import { TripReceiptPage } from '@/features/live-trip/shared/fare/receipt-page';
import { receiptShareText } from '@/features/live-trip/shared/fare/receipt-share';

import { fail, ok, renderAt, stubFetch } from '../support';

const RECEIPT = makeTripReceipt({
  trip_id: 7,
  trip_code: 'TRIP-7',
  agreed_fare: 14,
  total: 17.5,
  adjustments: [makeFareAdjustment({ status: 'accepted' })],
});
const pdfResponse = () =>
  new Response('%PDF-1.3 recibo', { status: 200, headers: { 'Content-Type': 'application/pdf' } });

let saved: { name: string; type: string }[] = [];

beforeEach(() => {
  saved = [];
  let lastBlob: Blob | null = null;
  vi.stubGlobal(
    'URL',
    Object.assign(URL, {
      createObjectURL: (blob: Blob) => {
        lastBlob = blob;
        return 'blob:receipt';
      },
      revokeObjectURL: () => undefined,
    }),
  );
  // jsdom does not download: record what the link would have saved.
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    if (this.download) saved.push({ name: this.download, type: lastBlob?.type ?? '' });
  });
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

function renderReceipt(pdf: Response = pdfResponse(), user = makeUser({ user_type: 'passenger' })) {
  const fetchMock = stubFetch({ 'GET /trips/7/receipt': ok(RECEIPT), 'GET /trips/7/receipt.pdf': pdf });
  renderAt('/trips/7/receipt', { '/trips/:id/receipt': <TripReceiptPage /> }, { user });
  const pdfCalls = () => fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url.includes('receipt.pdf'));
  return { pdfCalls };
}

describe('the receipt page actions', () => {
  it("downloads the PDF, with the DNI or RUC typed, under the trip's file name", async () => {
    const { pdfCalls } = renderReceipt();
    fireEvent.change(await screen.findByLabelText('DNI o RUC (opcional)'), { target: { value: '20131312955' } });
    fireEvent.click(screen.getByRole('button', { name: 'Descargar PDF' }));
    await waitFor(() => expect(saved).toEqual([{ name: 'recibo-TRIP-7.pdf', type: 'application/pdf' }]));
    expect(pdfCalls()).toEqual(['/api/trips/7/receipt.pdf?tax_id=20131312955']);
  });

  it('checks the DNI/RUC before asking, and shows a refusal under the button', async () => {
    const { pdfCalls } = renderReceipt(fail(429, 'Demasiados intentos. Espera un momento y vuelve a intentarlo.'));
    const field = await screen.findByLabelText('DNI o RUC (opcional)');
    fireEvent.change(field, { target: { value: '20131312954' } });
    fireEvent.click(screen.getByRole('button', { name: 'Descargar PDF' }));
    expect(await screen.findByText('Ingresa un DNI de 8 dígitos o un RUC válido de 11 dígitos.')).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(pdfCalls()).toEqual([]);
    fireEvent.change(field, { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Descargar PDF' }));
    expect(await screen.findByText('Demasiados intentos. Espera un momento y vuelve a intentarlo.')).toBeTruthy();
    expect(pdfCalls()).toEqual(['/api/trips/7/receipt.pdf']);
    expect(saved).toEqual([]);
  });

  it('offers WhatsApp with a short text of what the receipt shows, and no DNI field for the driver', async () => {
    renderReceipt(pdfResponse(), makeUser({ user_type: 'driver' }));
    const link = await screen.findByRole('link', { name: 'Compartir por WhatsApp' });
    const href = link.getAttribute('href') ?? '';
    expect(href.startsWith('https://wa.me/?text=')).toBe(true);
    const text = decodeURIComponent(href.slice('https://wa.me/?text='.length));
    expect(text).toBe(receiptShareText(RECEIPT));
    expect(text).toContain('Recibo de viaje Jala · TRIP-7');
    expect(text).toContain('Total: S/\u00a017.50 (Efectivo)');
    expect(text).toContain(`${RECEIPT.pickup_address} → ${RECEIPT.destination_address}`);
    expect(text).not.toMatch(/\b9\d{8}\b/);
    expect(screen.queryByLabelText('DNI o RUC (opcional)')).toBeNull();
  });

  it('shares the PDF itself where the browser can share files', async () => {
    const shared: ShareData[] = [];
    // jsdom has no Web Share API: give this navigator one for the test.
    Object.defineProperty(navigator, 'canShare', {
      configurable: true,
      value: (data: ShareData) => Boolean(data.files?.length),
    });
    Object.defineProperty(navigator, 'share', {
      configurable: true,
      value: async (data: ShareData) => void shared.push(data),
    });
    onTestFinished(() => {
      Reflect.deleteProperty(navigator, 'canShare');
      Reflect.deleteProperty(navigator, 'share');
    });
    renderReceipt();
    fireEvent.click(await screen.findByRole('link', { name: 'Compartir por WhatsApp' }));
    await waitFor(() => expect(shared).toHaveLength(1));
    expect(shared[0]?.files?.[0]?.name).toBe('recibo-TRIP-7.pdf');
    expect(shared[0]?.files?.[0]?.type).toBe('application/pdf');
    expect(shared[0]?.text).toBe(receiptShareText(RECEIPT));
  });
});
