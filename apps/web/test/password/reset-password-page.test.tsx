import { makeUser } from '@jala/test-factories';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { LoginPage } from '../../src/features/auth/pages/login-page';
import { ResetPasswordPage } from '../../src/features/password/pages/reset-password-page';
import { realtime } from '../../src/lib/realtime/realtime';
import { useSession } from '../../src/lib/session-store';
import {
  fieldByLabel,
  fillFields,
  jsonResponse,
  ok,
  renderAt,
  resetTestWorld,
  sentBody,
  setSession,
  stubFetch,
} from '../support';

const TOKEN = 'q8Tn0m1XbZc3vR5yW7uI9oP2aS4dF6gH8jK0lZ1xC3v';
const LINK = `/restablecer-contrasena?token=${TOKEN}`;
const LIVE = { email: 'rosa.huaman@correo.pe', expires_at: '2026-11-27T18:35:00.000Z' };

const dead = (status: number, code: string, message: string) =>
  jsonResponse(status, { success: false, data: null, message, code });

const screens = { '/restablecer-contrasena': <ResetPasswordPage />, '/login': <LoginPage /> };

beforeEach(() => {
  useSession.setState({ status: 'unauthenticated', user: null, token: null });
  vi.spyOn(realtime, 'disconnect').mockImplementation(() => undefined);
});
afterEach(resetTestWorld);

describe('the reset link page', () => {
  it('refuses a link that is cut short without asking the server, and leads to a new one', async () => {
    const fetchMock = stubFetch({});
    renderAt('/restablecer-contrasena?token=abc', screens);
    expect(await screen.findByRole('heading', { name: 'Este enlace ya no sirve' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe(
      'Este enlace para restablecer la contraseña no es válido. Revisa que esté completo o pide uno nuevo.',
    );
    expect(screen.getByRole('link', { name: 'Pedir un enlace nuevo' }).getAttribute('href')).toBe(
      '/recuperar-contrasena',
    );
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("says why a link the server refuses is dead (the server's words)", async () => {
    const message = 'Este enlace venció: dura 30 minutos desde que lo pediste. Pide uno nuevo.';
    const fetchMock = stubFetch({ 'POST /auth/password-reset/check': dead(410, 'RESET_LINK_EXPIRED', message) });
    renderAt(LINK, screens);
    expect((await screen.findByRole('alert')).textContent).toBe(message);
    expect(sentBody(fetchMock, 'POST', '/auth/password-reset/check')).toEqual({ token: TOKEN });
    expect(screen.queryByLabelText('Nueva contraseña')).toBeNull();
  });

  it('checks the new password in Spanish before sending it', async () => {
    const fetchMock = stubFetch({ 'POST /auth/password-reset/check': ok(LIVE) });
    renderAt(LINK, screens);
    expect(await screen.findByText(LIVE.email)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Guardar contraseña' }));
    expect(await screen.findByText('La contraseña debe tener al menos 8 caracteres.')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(fieldByLabel('Nueva contraseña')));
    fillFields({ 'Nueva contraseña': 'clave-nueva-1', 'Repite la nueva contraseña': 'clave-nueva-2' });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar contraseña' }));
    expect(await screen.findByText('Las contraseñas no coinciden.')).toBeTruthy();
    expect(sentBody(fetchMock, 'POST', '/auth/password-reset/confirm')).toBeUndefined();
  });

  it('saves it, ends the session this browser had, and sends the person to sign in again', async () => {
    setSession(makeUser({ email: LIVE.email }));
    const fetchMock = stubFetch({
      'POST /auth/password-reset/check': ok(LIVE),
      'POST /auth/password-reset/confirm': ok(null, 'Listo: tu contraseña cambió. Inicia sesión con la nueva.'),
    });
    renderAt(LINK, screens);
    await screen.findByText(LIVE.email);
    fillFields({ 'Nueva contraseña': 'clave-nueva-1', 'Repite la nueva contraseña': 'clave-nueva-1' });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar contraseña' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/login'));
    expect(sentBody(fetchMock, 'POST', '/auth/password-reset/confirm')).toEqual({
      token: TOKEN,
      password: 'clave-nueva-1',
      password_confirmation: 'clave-nueva-1',
    });
    expect(useSession.getState().status).toBe('unauthenticated');
    expect(screen.getByText('Listo: tu contraseña cambió. Inicia sesión con la nueva.').getAttribute('role')).toBe(
      'status',
    );
    expect(fieldByLabel('Correo electrónico').value).toBe(LIVE.email);
  });

  it('turns into the dead-link page when the link dies while the person types', async () => {
    const used = 'Este enlace ya se usó para cambiar la contraseña. Si necesitas cambiarla otra vez, pide uno nuevo.';
    stubFetch({
      'POST /auth/password-reset/check': ok(LIVE),
      'POST /auth/password-reset/confirm': dead(410, 'RESET_LINK_USED', used),
    });
    renderAt(LINK, screens);
    await screen.findByText(LIVE.email);
    fillFields({ 'Nueva contraseña': 'clave-nueva-1', 'Repite la nueva contraseña': 'clave-nueva-1' });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar contraseña' }));
    expect(await screen.findByRole('heading', { name: 'Este enlace ya no sirve' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe(used);
  });
});
