/**
 * "Verifica tu celular": send a code, type it (numeric keyboard, one-time-code autofill), see the number
 * verified; the resend countdown; the server's Spanish answers for a wrong, expired or spent code and for
 * asking again too soon. The badge other cards show, and the driver's reminder.
 */
import type { PhoneVerification } from '@jala/contracts';
import { makeDriverOffer } from '@jala/test-factories';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { OfferCard } from '@/features/live-trip/passenger-view/components/offer-card';
import { PhoneVerificationCard, VerifyPhonePrompt } from '@/features/phone-verification';

import { jsonResponse, ok, renderAt, resetTestWorld, sentBody, stubFetch } from '../support';

const EXPIRES = '2026-11-27T20:10:00.000Z';

const state = (overrides: Partial<PhoneVerification> = {}): PhoneVerification => ({
  phone: '987654321',
  verified: false,
  verified_at: null,
  pending: null,
  resend_in_seconds: 0,
  ...overrides,
});

const failure = (status: number, code: string, message: string) =>
  jsonResponse(status, { success: false, data: null, message, code });

afterEach(() => {
  cleanup();
  resetTestWorld();
  vi.useRealTimers();
});

describe('PhoneVerificationCard', () => {
  it('sends a code, takes six digits from a numeric one-time-code field and shows the number verified', async () => {
    const fetchMock = stubFetch({
      'GET /phone-verification': ok(state()),
      'POST /phone-verification/code': ok(
        state({ pending: { expires_at: EXPIRES, tries_left: 5 }, resend_in_seconds: 60 }),
        'Te enviamos un código por SMS.',
        201,
      ),
      'POST /phone-verification/confirm': ok(
        state({ verified: true, verified_at: '2026-11-27T20:01:00.000Z' }),
        '¡Listo! Tu celular está verificado.',
      ),
    });
    renderAt('/', <PhoneVerificationCard />);
    expect((await screen.findByText(/por SMS al/)).textContent).toContain('987 654 321');
    fireEvent.click(screen.getByRole('button', { name: 'Enviar código' }));

    const field = (await screen.findByLabelText('Código de 6 dígitos')) as HTMLInputElement;
    expect(field.inputMode).toBe('numeric');
    expect(field.getAttribute('autocomplete')).toBe('one-time-code');
    expect(screen.getByText(/Vence a las 15:10/)).toBeTruthy();
    expect((screen.getByRole('button', { name: /Reenviar código en 60 s/ }) as HTMLButtonElement).disabled).toBe(true);

    fireEvent.change(field, { target: { value: '123 456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verificar' }));
    expect(await screen.findByText('Celular verificado')).toBeTruthy();
    expect(screen.getByText(/Si cambias de número, te pediremos un código nuevo/)).toBeTruthy();
    expect(sentBody(fetchMock, 'POST', '/phone-verification/confirm')).toEqual({ code: '123456' });
  });

  it('checks the code before sending it: fewer than six digits is a Spanish message and no request', async () => {
    const fetchMock = stubFetch({
      'GET /phone-verification': ok(state({ pending: { expires_at: EXPIRES, tries_left: 5 } })),
    });
    renderAt('/', <PhoneVerificationCard />);
    fireEvent.change(await screen.findByLabelText('Código de 6 dígitos'), { target: { value: '12a4' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verificar' }));
    expect(await screen.findByText('Ingresa el código de 6 dígitos que te enviamos por SMS.')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([, init]) => (init as RequestInit | undefined)?.method === 'POST')).toBe(false);
  });

  it('keeps a wrong code on the field with the tries left', async () => {
    stubFetch({
      'GET /phone-verification': ok(state({ pending: { expires_at: EXPIRES, tries_left: 5 } })),
      'POST /phone-verification/confirm': failure(
        400,
        'PHONE_CODE_WRONG',
        'El código no es correcto. Te quedan 4 intentos.',
      ),
    });
    renderAt('/', <PhoneVerificationCard />);
    const field = await screen.findByLabelText('Código de 6 dígitos');
    fireEvent.change(field, { target: { value: '000000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verificar' }));
    expect(await screen.findByText('El código no es correcto. Te quedan 4 intentos.')).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBe('true');
  });

  it('goes back to "Enviar código" with the reason when the code expired', async () => {
    let reads = 0;
    stubFetch({
      'GET /phone-verification': async () => {
        reads += 1;
        return ok(state(reads === 1 ? { pending: { expires_at: EXPIRES, tries_left: 5 } } : {}));
      },
      'POST /phone-verification/confirm': failure(409, 'PHONE_CODE_EXPIRED', 'El código venció. Pide uno nuevo.'),
    });
    renderAt('/', <PhoneVerificationCard />);
    fireEvent.change(await screen.findByLabelText('Código de 6 dígitos'), { target: { value: '111111' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verificar' }));
    expect(await screen.findByText('El código venció. Pide uno nuevo.')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Enviar código' }) as HTMLButtonElement).disabled).toBe(false);
    expect(screen.queryByLabelText('Código de 6 dígitos')).toBeNull();
  });

  it('counts the resend wait down to zero, then offers the button again', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    stubFetch({ 'GET /phone-verification': ok(state({ resend_in_seconds: 3 })) });
    renderAt('/', <PhoneVerificationCard />);
    expect(((await screen.findByRole('button', { name: 'Enviar código en 3 s' })) as HTMLButtonElement).disabled).toBe(
      true,
    );
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect((screen.getByRole('button', { name: 'Enviar código en 2 s' }) as HTMLButtonElement).disabled).toBe(true);
    act(() => {
      vi.advanceTimersByTime(2000);
    });
    expect((screen.getByRole('button', { name: 'Enviar código' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it("shows the server's wait when a code is asked for too soon", async () => {
    stubFetch({
      'GET /phone-verification': ok(state()),
      'POST /phone-verification/code': failure(429, 'RATE_LIMITED', 'Espera 42 s para pedir otro código.'),
    });
    renderAt('/', <PhoneVerificationCard />);
    fireEvent.click(await screen.findByRole('button', { name: 'Enviar código' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Espera 42 s para pedir otro código.');
  });

  it('asks for a number first when the account has none', async () => {
    stubFetch({ 'GET /phone-verification': ok(state({ phone: null })) });
    renderAt('/', <PhoneVerificationCard />);
    expect(await screen.findByText('Agrega tu número de celular en tu perfil para verificarlo.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Enviar código/ })).toBeNull();
  });
});

describe("'Celular verificado' for the other side, and the driver's reminder", () => {
  it("shows the badge on an offer only when the driver's number is verified", () => {
    const props = { tripId: 7, userId: 3, onAccept: () => undefined, acceptingDriverId: null };
    const base = makeDriverOffer({ driver_id: 5 });
    const { unmount } = renderAt(
      '/',
      <ul>
        <OfferCard {...props} offer={{ ...base, driver: { ...base.driver, phone_verified: true } }} />
      </ul>,
    );
    expect(screen.getByText('Celular verificado')).toBeTruthy();
    unmount();
    renderAt(
      '/',
      <ul>
        <OfferCard {...props} offer={base} />
      </ul>,
    );
    expect(screen.queryByText('Celular verificado')).toBeNull();
  });

  it('reminds an unverified driver and links to the card; says nothing once verified', async () => {
    stubFetch({ 'GET /phone-verification': ok(state()) });
    const { unmount } = renderAt('/', <VerifyPhonePrompt profilePath="/driver/profile" />);
    const link = await screen.findByRole('link', { name: /Verifica tu celular/ });
    expect(link.getAttribute('href')).toBe('/driver/profile#celular');
    unmount();
    stubFetch({ 'GET /phone-verification': ok(state({ verified: true, verified_at: EXPIRES })) });
    const { container } = renderAt('/', <VerifyPhonePrompt profilePath="/driver/profile" />, { withoutProbe: true });
    await waitFor(() => expect(container.textContent).toBe(''));
  });
});
