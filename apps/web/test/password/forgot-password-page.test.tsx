import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { LoginPage } from '../../src/features/auth/pages/login-page';
import { ForgotPasswordPage } from '../../src/features/password/pages/forgot-password-page';
import { useSession } from '../../src/lib/session-store';
import { fieldByLabel, jsonResponse, ok, renderAt, resetTestWorld, sentBody, stubFetch, typeInField } from '../support';

const SAME_FOR_EVERYONE =
  'Si hay una cuenta de Jala con ese correo, te enviamos un enlace para elegir una nueva contraseña.';

beforeEach(() => useSession.setState({ status: 'unauthenticated', user: null, token: null }));
afterEach(resetTestWorld);

describe('¿Olvidaste tu contraseña?', () => {
  it('checks the e-mail in Spanish before asking the server', async () => {
    const fetchMock = stubFetch({});
    renderAt('/recuperar-contrasena', <ForgotPasswordPage />);
    fireEvent.click(screen.getByRole('button', { name: 'Enviar enlace' }));
    expect(await screen.findByText('El correo es obligatorio.')).toBeTruthy();
    expect(fieldByLabel('Correo electrónico').getAttribute('aria-invalid')).toBe('true');
    typeInField('Correo electrónico', 'ana@');
    // The message goes as soon as the field is edited.
    expect(screen.queryByText('El correo es obligatorio.')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Enviar enlace' }));
    expect(await screen.findByText('Ingresa un correo electrónico válido.')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends the e-mail and says the same thing whatever the server knows', async () => {
    const fetchMock = stubFetch({ 'POST /auth/password-reset': ok(null, SAME_FOR_EVERYONE) });
    renderAt('/recuperar-contrasena', <ForgotPasswordPage />);
    typeInField('Correo electrónico', '  Ana.Quispe@Correo.PE ');
    fireEvent.click(screen.getByRole('button', { name: 'Enviar enlace' }));
    expect(await screen.findByRole('heading', { name: 'Revisa tu correo' })).toBeTruthy();
    expect(sentBody(fetchMock, 'POST', '/auth/password-reset')).toEqual({ email: 'ana.quispe@correo.pe' });
    expect(document.querySelector('.pw-sent [role="status"]')?.textContent).toBe(
      'Si hay una cuenta de Jala con ana.quispe@correo.pe, te enviamos un enlace para elegir una nueva contraseña.',
    );
    expect(screen.getByText(/Ábrelo en los próximos 30 minutos/)).toBeTruthy();
    // 'Enviar otro enlace' brings the form back with the e-mail kept as typed.
    fireEvent.click(screen.getByRole('button', { name: 'Enviar otro enlace' }));
    expect(fieldByLabel('Correo electrónico').value.trim()).toBe('Ana.Quispe@Correo.PE');
  });

  it('shows the server refusal (too many requests) in Spanish and stays on the form', async () => {
    stubFetch({
      'POST /auth/password-reset': jsonResponse(429, {
        success: false,
        data: null,
        message: 'Demasiados intentos seguidos. Inténtalo de nuevo en 58 minutos.',
        code: 'RATE_LIMITED',
      }),
    });
    renderAt('/recuperar-contrasena', <ForgotPasswordPage />);
    typeInField('Correo electrónico', 'ana@correo.pe');
    fireEvent.click(screen.getByRole('button', { name: 'Enviar enlace' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Demasiados intentos seguidos. Inténtalo de nuevo en 58 minutos.',
    );
    expect(screen.queryByRole('heading', { name: 'Revisa tu correo' })).toBeNull();
  });

  it('is reached from the login page with what was typed there', async () => {
    stubFetch({});
    renderAt('/login', { '/login': <LoginPage />, '/recuperar-contrasena': <ForgotPasswordPage /> });
    typeInField('Correo electrónico', 'beto@correo.pe');
    fireEvent.click(screen.getByRole('link', { name: '¿Olvidaste tu contraseña?' }));
    expect(await screen.findByRole('heading', { name: 'Recuperar contraseña' })).toBeTruthy();
    expect(fieldByLabel('Correo electrónico').value).toBe('beto@correo.pe');
  });
});
