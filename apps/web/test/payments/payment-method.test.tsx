/**
 * Payment method in the web app: the wizard's '¿Cómo pagarás?' with the cash note (a note below
 * the price refused in Spanish under it, the payload carrying method and note), and the driver's
 * 'Métodos de pago' form (a wallet needs its number; what is saved is what the server stores).
 */
import { makeDriverUser, makeRouteResult } from '@jala/test-factories';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { PaymentSettingsSection } from '@/features/payments';

import { fail, ok, renderAt, resetTestWorld, sentBody, stubFetch } from '../support';
import { renderWizardAtStep3 } from '../trip-request/wizard-at-step3';

/** The wizard on step 3 with both points chosen; the route's estimate is `estimate` soles. */
function renderServiceStep(estimate: number) {
  const rendered = renderWizardAtStep3(
    { 'GET /trips/fare-hint': ok({ similar_trips: 0, low: null, high: null, estimate }) },
    { route: makeRouteResult({ estimatedCost: estimate }), isLoading: false, error: null, fareServiceTypeId: 2 },
  );
  fireEvent.change(screen.getByLabelText('Tipo de servicio'), { target: { value: '2' } });
  return rendered;
}

const methods = () => screen.getByRole('radiogroup', { name: '¿Cómo pagarás?' });
const notes = () => screen.getByRole('radiogroup', { name: '¿Con cuánto pagarás?' });

afterEach(resetTestWorld);

describe('the wizard asks how the passenger pays', () => {
  it('offers Efectivo, Yape and Plin, cash first with the notes, and sends method and note', async () => {
    const { created } = renderServiceStep(14.5);
    expect(
      within(methods())
        .getAllByRole('radio')
        .map((r) => r.closest('label')?.textContent),
    ).toEqual(['Efectivo', 'Yape', 'Plin']);
    expect((within(methods()).getByRole('radio', { name: 'Efectivo' }) as HTMLInputElement).checked).toBe(true);
    expect(
      within(notes())
        .getAllByRole('radio')
        .map((r) => r.closest('label')?.textContent),
    ).toEqual(['Exacto', 'S/\u00a010', 'S/\u00a020', 'S/\u00a050', 'S/\u00a0100', 'S/\u00a0200']);

    fireEvent.click(within(notes()).getByRole('radio', { name: 'S/\u00a050' }));
    fireEvent.click(screen.getByRole('button', { name: 'Siguiente' }));
    expect(await screen.findByText('Efectivo · con S/ 50')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Confirmar Viaje' }));
    await vi.waitFor(() => expect(created).toHaveLength(1));
    expect(created[0]).toMatchObject({ cash_note: 50 });
    // Cash is what a payload without a method means: the spec's payload stays as it was.
    expect(created[0]).not.toHaveProperty('payment_method');
  });

  it('refuses a note below the price with a Spanish message under the notes, and lets a bigger one through', async () => {
    const { store } = renderServiceStep(14.5);
    fireEvent.click(within(notes()).getByRole('radio', { name: 'S/\u00a010' }));
    const message = 'Con S/ 10 no alcanza para S/ 14.50. Elige un billete mayor o monto exacto.';
    expect((await screen.findAllByText(message)).length).toBeGreaterThan(0);
    fireEvent.click(screen.getByRole('button', { name: 'Siguiente' }));
    expect(store.getState().step).toBe(3);
    expect(notes().getAttribute('aria-invalid')).toBe('true');
    // The passenger's own price counts when they set one.
    fireEvent.change(screen.getByLabelText('Precio que ofreces (S/)'), { target: { value: '9.5' } });
    expect(screen.queryByText(message)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Siguiente' }));
    expect(store.getState().step).toBe(4);
  });

  it('drops the note for Yape and says the number comes at the end', async () => {
    const { created } = renderServiceStep(14.5);
    fireEvent.click(within(notes()).getByRole('radio', { name: 'S/\u00a020' }));
    fireEvent.click(within(methods()).getByRole('radio', { name: 'Yape' }));
    expect(screen.queryByRole('radiogroup', { name: '¿Con cuánto pagarás?' })).toBeNull();
    expect(screen.getByText(/verás el nombre y el número de Yape del conductor/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Siguiente' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Confirmar Viaje' }));
    await vi.waitFor(() => expect(created).toHaveLength(1));
    expect(created[0]).toMatchObject({ payment_method: 'yape' });
    expect(created[0]).not.toHaveProperty('cash_note');
  });
});

describe("the driver's payment methods", () => {
  it('needs a number for Yape, then saves the methods and the number', async () => {
    let stored = { payment_methods: ['cash'], wallet_phone: null as string | null };
    const fetchMock = stubFetch({
      'GET /driver/payment-methods': () => ok(stored),
      'PUT /driver/payment-methods': (init) => {
        const body = JSON.parse(String(init?.body)) as typeof stored;
        stored = { payment_methods: body.payment_methods, wallet_phone: body.wallet_phone?.replace(/\D/g, '') ?? null };
        return ok(stored, 'Métodos de pago guardados.');
      },
    });
    renderAt('/', <PaymentSettingsSection />, { user: makeDriverUser() });
    const cash = (await screen.findByRole('checkbox', { name: 'Efectivo' })) as HTMLInputElement;
    expect(cash.checked).toBe(true);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Yape' }));
    fireEvent.click(screen.getByRole('button', { name: 'Guardar métodos de pago' }));
    expect(await screen.findByText('Ingresa el celular de tu Yape o Plin: 9 dígitos que empiecen con 9.')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([, init]) => (init as RequestInit | undefined)?.method === 'PUT')).toBe(false);

    fireEvent.change(screen.getByLabelText('Celular de tu Yape o Plin'), { target: { value: '987 654 321' } });
    fireEvent.click(cash);
    const button = screen.getByRole('button', { name: 'Guardar métodos de pago' });
    fireEvent.click(button);
    // The confirmation sits right under the button that saved, where the driver is looking.
    const saved = await screen.findByText('Métodos de pago guardados.');
    expect(saved.getAttribute('role')).toBe('status');
    expect(button.nextElementSibling).toBe(saved);
    expect(sentBody(fetchMock, 'PUT', '/driver/payment-methods')).toEqual({
      payment_methods: ['yape'],
      wallet_phone: '987 654 321',
    });
    // A new change makes it old news.
    fireEvent.click(screen.getByRole('checkbox', { name: 'Plin' }));
    await vi.waitFor(() => expect(screen.queryByText('Métodos de pago guardados.')).toBeNull());
  });

  it('marks each chosen method as chosen (class and tick) before and after saving', async () => {
    stubFetch({
      'GET /driver/payment-methods': ok({ payment_methods: ['cash'], wallet_phone: null }),
      'PUT /driver/payment-methods': ok(
        { payment_methods: ['cash', 'plin'], wallet_phone: '987654321' },
        'Métodos de pago guardados.',
      ),
    });
    renderAt('/', <PaymentSettingsSection />, { user: makeDriverUser() });
    const chip = (name: string) => screen.getByRole('checkbox', { name }).closest('label')!;
    await screen.findByRole('checkbox', { name: 'Efectivo' });
    expect(chip('Efectivo').className).toContain('pay-chip--on');
    expect(chip('Efectivo').querySelector('svg')).not.toBeNull();
    expect(chip('Plin').className).not.toContain('pay-chip--on');
    expect(chip('Plin').querySelector('svg')).toBeNull();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Plin' }));
    fireEvent.change(screen.getByLabelText('Celular de tu Yape o Plin'), { target: { value: '987654321' } });
    expect(chip('Plin').className).toContain('pay-chip--on');
    fireEvent.click(screen.getByRole('button', { name: 'Guardar métodos de pago' }));
    await screen.findByText('Métodos de pago guardados.');
    expect(['Efectivo', 'Yape', 'Plin'].map((name) => chip(name).className.includes('pay-chip--on'))).toEqual([
      true,
      false,
      true,
    ]);
  });

  it('refuses an empty choice and shows a server refusal under the form', async () => {
    stubFetch({
      'GET /driver/payment-methods': ok({ payment_methods: ['cash'], wallet_phone: null }),
      'PUT /driver/payment-methods': fail(409, 'Registra tu perfil de conductor para recibir solicitudes.'),
    });
    renderAt('/', <PaymentSettingsSection />, { user: makeDriverUser() });
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Efectivo' }));
    fireEvent.click(screen.getByRole('button', { name: 'Guardar métodos de pago' }));
    expect(await screen.findByText('Elige al menos un método de pago.')).toBeTruthy();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Efectivo' }));
    fireEvent.click(screen.getByRole('button', { name: 'Guardar métodos de pago' }));
    expect(await screen.findByText('Registra tu perfil de conductor para recibir solicitudes.')).toBeTruthy();
  });
});
