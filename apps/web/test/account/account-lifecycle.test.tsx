/**
 * The account's lifecycle in the web app: 'Sesiones abiertas' (this device marked, ending another or all the
 * others), 'Eliminar mi cuenta' (the server's refusals shown where they belong, the session ended on success),
 * the consent screen that stands before every signed-in page until the new terms are accepted, the public
 * legal pages and 'Descargar mis datos'.
 */
import { LEGAL_VERSION } from '@jala/domain';
import { makeAccountSession, makeUser } from '@jala/test-factories';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { AccountSection, CONSENT_LABEL } from '@/features/account';
import { DeleteAccountPage } from '@/features/account/pages/delete-account-page';
import { SessionsPage } from '@/features/account/pages/sessions-page';
import { UsersPanel } from '@/features/operators/components/people-panels';
import { realtime } from '@/lib/realtime/realtime';
import { useSession } from '@/lib/session-store';

import {
  fail,
  jsonResponse,
  ok,
  renderApp,
  renderAt,
  resetTestWorld,
  sentBody,
  setSession,
  stubFetch,
} from '../support';

afterEach(resetTestWorld);

const THIS_PHONE = makeAccountSession({
  id: '0b9d6a52-6f0e-4f7e-8a55-2f4c1c3e9d10',
  device: 'Chrome en Android',
  is_current: true,
});
const OTHER_PHONE = makeAccountSession();
const LAPTOP = makeAccountSession({ id: '2a4b6c8d-0e1f-4a3b-8c5d-7e9f1a2b3c4d', device: 'Firefox en Windows' });

describe("'Sesiones abiertas'", () => {
  it('lists this device first and marked, with when each signed in and was last used', async () => {
    stubFetch({ 'GET /account/sessions': ok([THIS_PHONE, OTHER_PHONE]) });
    renderAt('/cuenta/sesiones', <SessionsPage />, { user: makeUser() });
    const cards = await screen.findAllByTestId('session-card');
    expect(cards).toHaveLength(2);
    expect(within(cards[0]!).getByText('Chrome en Android')).toBeTruthy();
    expect(within(cards[0]!).getByText('Este dispositivo')).toBeTruthy();
    expect(within(cards[0]!).queryByRole('button')).toBeNull();
    expect(within(cards[1]!).getByText('Safari en iPhone')).toBeTruthy();
    expect(within(cards[1]!).getByText('1 mar 2026, 13:05')).toBeTruthy();
    expect(within(cards[1]!).getByText('1 mar 2026, 10:00')).toBeTruthy();
  });

  it("ends another phone's session and reads the list again", async () => {
    let listed = [THIS_PHONE, OTHER_PHONE, LAPTOP];
    const fetchMock = stubFetch({
      'GET /account/sessions': () => ok(listed),
      [`DELETE /account/sessions/${OTHER_PHONE.id}`]: () => {
        listed = [THIS_PHONE, LAPTOP];
        return ok(null, 'Sesión cerrada');
      },
    });
    renderAt('/cuenta/sesiones', <SessionsPage />, { user: makeUser() });
    fireEvent.click(await screen.findByRole('button', { name: 'Cerrar sesión en Safari en iPhone' }));
    expect(await screen.findByText('Sesión cerrada')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('Safari en iPhone')).toBeNull());
    expect(screen.getByText('Firefox en Windows')).toBeTruthy();
    expect(
      fetchMock.mock.calls.some(([url, init]) => String(url).endsWith(OTHER_PHONE.id) && init?.method === 'DELETE'),
    ).toBe(true);
  });

  it("'Cerrar las demás sesiones' ends all the others; then there is nothing more to end", async () => {
    let listed = [THIS_PHONE, OTHER_PHONE, LAPTOP];
    stubFetch({
      'GET /account/sessions': () => ok(listed),
      'POST /account/sessions/end-others': () => {
        listed = [THIS_PHONE];
        return ok({ ended: 2 }, 'Se cerraron 2 sesiones');
      },
    });
    renderAt('/cuenta/sesiones', <SessionsPage />, { user: makeUser() });
    fireEvent.click(await screen.findByRole('button', { name: 'Cerrar las demás sesiones' }));
    expect(await screen.findByText('Se cerraron 2 sesiones')).toBeTruthy();
    expect(await screen.findByText('No tienes sesiones abiertas en otros dispositivos.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Cerrar las demás sesiones' })).toBeNull();
  });

  it("shows the server's refusal beside the buttons", async () => {
    stubFetch({
      'GET /account/sessions': ok([THIS_PHONE, OTHER_PHONE]),
      [`DELETE /account/sessions/${OTHER_PHONE.id}`]: fail(404, 'Sesión no encontrada.'),
    });
    renderAt('/cuenta/sesiones', <SessionsPage />, { user: makeUser() });
    fireEvent.click(await screen.findByRole('button', { name: 'Cerrar sesión en Safari en iPhone' }));
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', 'Sesión no encontrada.');
  });
});

describe("'Eliminar mi cuenta'", () => {
  const typePassword = (value: string) =>
    fireEvent.change(screen.getByLabelText('Escribe tu contraseña para confirmar'), { target: { value } });

  it('asks for the password before calling the server', async () => {
    const fetchMock = stubFetch({});
    renderAt('/cuenta/eliminar', <DeleteAccountPage />, { user: makeUser() });
    expect(screen.getByText(/aparecerás como «Usuario eliminado»/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Eliminar mi cuenta' }));
    expect(await screen.findByText('Escribe tu contraseña para confirmar.')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(false);
  });

  it('puts a wrong password under its field and a live trip in the banner', async () => {
    let answer = fail(400, 'La contraseña no es correcta.', { password: 'La contraseña no es correcta.' });
    stubFetch({ 'DELETE /account': () => answer });
    renderAt('/cuenta/eliminar', <DeleteAccountPage />, { user: makeUser() });
    typePassword('otra-clave');
    fireEvent.click(screen.getByRole('button', { name: 'Eliminar mi cuenta' }));
    const message = await screen.findByText('La contraseña no es correcta.');
    expect(message.id).toBe(
      screen.getByLabelText('Escribe tu contraseña para confirmar').getAttribute('aria-describedby'),
    );

    answer = jsonResponse(409, {
      success: false,
      data: null,
      code: 'ACCOUNT_HAS_LIVE_TRIP',
      message: 'No puedes eliminar tu cuenta mientras tienes un viaje en curso. Termínalo o cancélalo primero.',
    });
    typePassword('secreto123');
    fireEvent.click(screen.getByRole('button', { name: 'Eliminar mi cuenta' }));
    expect(
      await screen.findByText(
        'No puedes eliminar tu cuenta mientras tienes un viaje en curso. Termínalo o cancélalo primero.',
      ),
    ).toBeTruthy();
    expect(useSession.getState().status).toBe('authenticated');
  });

  it('ends this session once deleted and the login page says so', async () => {
    vi.spyOn(realtime, 'disconnect').mockImplementation(() => undefined);
    const fetchMock = stubFetch({ 'DELETE /account': ok(null, 'Tu cuenta fue eliminada') });
    setSession(makeUser());
    renderApp('/cuenta/eliminar');
    fireEvent.change(await screen.findByLabelText('Escribe tu contraseña para confirmar'), {
      target: { value: 'secreto123' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Eliminar mi cuenta' }));
    expect(await screen.findByText('Eliminamos tu cuenta. Gracias por haber viajado con Jala.')).toBeTruthy();
    expect(screen.getByTestId('location').textContent).toBe('/login');
    expect(sentBody(fetchMock, 'DELETE', '/account')).toEqual({ password: 'secreto123' });
    expect(useSession.getState()).toMatchObject({ status: 'unauthenticated', ended: { reason: 'deleted' } });
    expect(localStorage.getItem('jala_token')).toBeNull();
  });
});

describe('consent to new terms', () => {
  it('stands before any signed-in page until accepted, then lets the user through', async () => {
    vi.spyOn(realtime, 'connect').mockResolvedValue(undefined);
    const fetchMock = stubFetch({
      'POST /account/consent': ok(makeUser({ consent_required: false }), 'Gracias por aceptar'),
    });
    setSession(makeUser({ consent_required: true }));
    renderApp('/passenger/profile');
    expect(await screen.findByRole('heading', { name: 'Actualizamos nuestros términos' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Términos y condiciones' }).getAttribute('href')).toBe('/terminos');

    fireEvent.click(screen.getByRole('button', { name: 'Aceptar y continuar' }));
    expect(
      await screen.findByText('Debes aceptar los Términos y condiciones y la Política de privacidad.'),
    ).toBeTruthy();
    expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/account/consent'))).toBe(false);

    fireEvent.click(screen.getByLabelText(CONSENT_LABEL));
    fireEvent.click(screen.getByRole('button', { name: 'Aceptar y continuar' }));
    await waitFor(() => expect(screen.queryByTestId('consent-screen')).toBeNull());
    expect(sentBody(fetchMock, 'POST', '/account/consent')).toEqual({ accept_terms: true });
    expect(useSession.getState().user?.consent_required).toBe(false);
    expect(await screen.findByRole('heading', { name: 'Mi perfil' })).toBeTruthy();
  });

  it('lets the user sign out instead', async () => {
    vi.spyOn(realtime, 'disconnect').mockImplementation(() => undefined);
    stubFetch({ 'POST /auth/logout': ok(null) });
    setSession(makeUser({ consent_required: true }));
    renderApp('/passenger/dashboard');
    fireEvent.click(await screen.findByRole('button', { name: 'Cerrar sesión' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/login'));
    expect(useSession.getState().status).toBe('unauthenticated');
  });
});

describe('the legal documents', () => {
  it.each([
    ['/terminos', 'Términos y condiciones', 'Política de privacidad'],
    ['/privacidad', 'Política de privacidad', 'Términos y condiciones'],
  ])('%s is public, versioned and links the other document', async (path, title, other) => {
    stubFetch({});
    setSession(null);
    renderApp(path);
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeTruthy();
    expect(screen.getByTestId('legal-version').textContent).toBe(
      `Versión ${LEGAL_VERSION} · vigente desde el 28 nov 2026`,
    );
    expect(screen.getByRole('link', { name: other })).toBeTruthy();
  });

  it('the privacy policy names the rights and where each is exercised', async () => {
    stubFetch({});
    setSession(null);
    renderApp('/privacidad');
    expect(await screen.findByText(/Ley 29733/)).toBeTruthy();
    expect(screen.getByText(/Acceso: «Descargar mis datos»/)).toBeTruthy();
    expect(screen.getByText(/Cancelación: «Eliminar mi cuenta»/)).toBeTruthy();
  });
});

describe("'Descargar mis datos'", () => {
  it('saves the JSON file the server wrote, named by the day', async () => {
    const saved: { name: string; type: string }[] = [];
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:datos'), revokeObjectURL: vi.fn() }));
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ name: this.download, type: this.href });
    });
    stubFetch({
      'GET /account/export': new Response(JSON.stringify({ format: 'jala-account-export' }), {
        status: 200,
        headers: { 'content-type': 'application/json; charset=utf-8' },
      }),
    });
    renderAt('/passenger/profile', <AccountSection />, { user: makeUser() });
    fireEvent.click(screen.getByRole('button', { name: /Descargar mis datos/ }));
    expect(await screen.findByText('Listo: revisa tus descargas.')).toBeTruthy();
    expect(saved).toEqual([
      { name: expect.stringMatching(/^jala-mis-datos-\d{4}-\d{2}-\d{2}\.json$/), type: 'blob:datos' },
    ]);
  });

  it('says why when the download is refused', async () => {
    stubFetch({ 'GET /account/export': fail(429, 'Demasiados intentos. Espera un momento y vuelve a intentarlo.') });
    renderAt('/passenger/profile', <AccountSection />, { user: makeUser() });
    fireEvent.click(screen.getByRole('button', { name: /Descargar mis datos/ }));
    expect(await screen.findByRole('alert')).toHaveProperty(
      'textContent',
      'Demasiados intentos. Espera un momento y vuelve a intentarlo.',
    );
  });
});

describe("operators' console", () => {
  it('shows a deleted account as such, with nothing left to suspend', async () => {
    stubFetch({
      'GET /admin/users': ok([
        {
          id: 41,
          name: 'Usuario eliminado',
          email: 'cuenta-41-a1b2c3@eliminado.jala.invalid',
          phone: null,
          user_type: 'passenger',
          is_operator: false,
          suspended_at: null,
          suspension_reason: null,
          created_at: '2026-03-01T15:00:00.000Z',
          deleted_at: '2026-11-29T14:30:00.000Z',
        },
      ]),
    });
    renderAt('/operators', <UsersPanel />, { user: makeUser({ roles: ['passenger', 'admin'] }) });
    expect((await screen.findByTestId('deleted-account')).textContent).toBe(
      'Cuenta eliminada por su titular el 29 nov 2026, 09:30 · pasajero',
    );
    expect(screen.queryByText(/eliminado\.jala\.invalid/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Suspender' })).toBeNull();
  });
});
