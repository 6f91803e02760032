import { makeUser } from '@jala/test-factories';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { CONSENT_LABEL } from '../src/features/account';
import { LoginPage, validateLogin } from '../src/features/auth/pages/login-page';
import { RegisterPage } from '../src/features/auth/pages/register-page';
import { realtime } from '../src/lib/realtime/realtime';
import { useSession } from '../src/lib/session-store';
import { fillFields, jsonResponse, renderAt, resetTestWorld, stubFetch, typeInField } from './support';

beforeEach(() => {
  useSession.setState({ status: 'unauthenticated', user: null, token: null });
  vi.spyOn(realtime, 'connect').mockResolvedValue(undefined);
});
afterEach(resetTestWorld);

describe('login page', () => {
  it('validates inline in Spanish before calling the server', () => {
    const fetchMock = stubFetch({});
    renderAt('/', <LoginPage />);
    fireEvent.click(screen.getByRole('button', { name: 'Iniciar sesión' }));
    expect(screen.getByText('El correo es obligatorio.')).toBeTruthy();
    expect(screen.getByText('La contraseña es obligatoria.')).toBeTruthy();
    typeInField('Correo electrónico', 'ana@');
    fireEvent.click(screen.getByRole('button', { name: 'Iniciar sesión' }));
    expect(screen.getByText('Ingresa un correo electrónico válido.')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows the server message when the credentials are wrong', async () => {
    stubFetch({
      'POST /auth/login': jsonResponse(401, {
        success: false,
        data: null,
        message: 'Correo o contraseña incorrectos.',
        code: 'INVALID_CREDENTIALS',
      }),
    });
    renderAt('/', <LoginPage />);
    typeInField('Correo electrónico', 'ana@example.pe');
    typeInField('Contraseña', 'equivocada');
    fireEvent.click(screen.getByRole('button', { name: 'Iniciar sesión' }));
    expect(await screen.findByText('Correo o contraseña incorrectos.')).toBeTruthy();
    expect(useSession.getState().status).toBe('unauthenticated');
  });

  it('signs in with a trimmed, lower-cased e-mail', async () => {
    const fetchMock = stubFetch({
      'POST /auth/login': jsonResponse(200, { success: true, data: { user: makeUser(), token: 't' }, message: '' }),
    });
    renderAt('/', <LoginPage />);
    typeInField('Correo electrónico', '  Ana@Example.PE ');
    typeInField('Contraseña', 'secreto123');
    fireEvent.click(screen.getByRole('button', { name: 'Iniciar sesión' }));
    await waitFor(() => expect(useSession.getState().status).toBe('authenticated'));
    expect(JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body))).toEqual({
      email: 'ana@example.pe',
      password: 'secreto123',
    });
  });

  it('validateLogin mirrors the contract messages', () => {
    expect(validateLogin({ email: 'x@y.pe', password: 'p' }).errors).toEqual({});
    expect(validateLogin({ email: 'x y@z.pe', password: '' }).errors).toEqual({
      email: 'Ingresa un correo electrónico válido.',
      password: 'La contraseña es obligatoria.',
    });
  });
});

describe('register page', () => {
  function fillValid() {
    fillFields({
      Nombre: 'Ana',
      Apellido: 'Quispe',
      'Correo electrónico': 'ana@example.pe',
      Celular: '987654321',
      Contraseña: 'secreto123',
    });
    fireEvent.click(screen.getByLabelText(CONSENT_LABEL));
  }

  it('offers Pasajero / Conductor / Ambos', () => {
    renderAt('/', <RegisterPage />);
    const options = Array.from((screen.getByLabelText('Tipo de cuenta') as HTMLSelectElement).options).map((o) => [
      o.value,
      o.text,
    ]);
    expect(options).toEqual([
      ['passenger', 'Pasajero'],
      ['driver', 'Conductor'],
      ['both', 'Ambos'],
    ]);
  });

  it('rejects a phone that is not 9 digits starting with 9, and a short password; focuses the first', async () => {
    const fetchMock = stubFetch({});
    renderAt('/', <RegisterPage />);
    fillValid();
    typeInField('Celular', '812345678');
    typeInField('Contraseña', 'corta');
    fireEvent.click(screen.getByRole('button', { name: 'Crear cuenta' }));
    expect(await screen.findByText('Ingresa un celular peruano de 9 dígitos que empiece con 9.')).toBeTruthy();
    expect(screen.getByText('La contraseña debe tener al menos 8 caracteres.')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Celular')));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('brings the whole first invalid field into sight, its label included, not only its message', async () => {
    stubFetch({});
    const revealed: Element[] = [];
    Object.defineProperty(Element.prototype, 'scrollIntoView', {
      configurable: true,
      value(this: Element) {
        revealed.push(this);
      },
    });
    try {
      renderAt('/', <RegisterPage />);
      fireEvent.click(screen.getByRole('button', { name: 'Crear cuenta' }));
      await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Nombre')));
      await waitFor(() => expect(revealed.length).toBeGreaterThan(0));
      const shown = revealed.at(-1)!;
      // Scrolling to the message alone left the label above the top of the screen on a phone.
      expect(shown.contains(screen.getByText('Nombre', { selector: 'label' }))).toBe(true);
      expect(shown.contains(screen.getByLabelText('Nombre'))).toBe(true);
      expect(shown.contains(screen.getByText('El nombre es obligatorio.'))).toBe(true);
    } finally {
      Reflect.deleteProperty(Element.prototype, 'scrollIntoView');
    }
  });

  it('validates a non-empty field when leaving it, and clears its message when it is edited', async () => {
    renderAt('/', <RegisterPage />);
    fireEvent.blur(screen.getByLabelText('Nombre'));
    typeInField('Celular', '98765');
    fireEvent.blur(screen.getByLabelText('Celular'));
    expect(await screen.findByText('Ingresa un celular peruano de 9 dígitos que empiece con 9.')).toBeTruthy();
    expect(screen.queryByText('El nombre es obligatorio.')).toBeNull();
    typeInField('Celular', '987654321');
    expect(screen.queryByText('Ingresa un celular peruano de 9 dígitos que empiece con 9.')).toBeNull();
  });

  it('places server field errors inline (409 duplicate e-mail shows the server message)', async () => {
    stubFetch({
      'POST /auth/register': jsonResponse(409, {
        success: false,
        data: null,
        message: 'Ya existe una cuenta con ese correo.',
        code: 'EMAIL_TAKEN',
      }),
    });
    renderAt('/', <RegisterPage />);
    fillValid();
    fireEvent.change(screen.getByLabelText('Tipo de cuenta'), { target: { value: 'both' } });
    fireEvent.click(screen.getByRole('button', { name: 'Crear cuenta' }));
    expect(await screen.findByText('Ya existe una cuenta con ese correo.')).toBeTruthy();
  });

  it('links both legal documents and refuses to sign up until they are accepted', async () => {
    const fetchMock = stubFetch({});
    renderAt('/', <RegisterPage />);
    expect(screen.getByRole('link', { name: 'Términos y condiciones' }).getAttribute('href')).toBe('/terminos');
    expect(screen.getByRole('link', { name: 'Política de privacidad' }).getAttribute('href')).toBe('/privacidad');
    fillValid();
    fireEvent.click(screen.getByLabelText(CONSENT_LABEL)); // unticked again
    fireEvent.click(screen.getByRole('button', { name: 'Crear cuenta' }));
    expect(
      await screen.findByText('Debes aceptar los Términos y condiciones y la Política de privacidad.'),
    ).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText(CONSENT_LABEL)));
    expect(fetchMock).not.toHaveBeenCalled();
    // Ticking it clears the message.
    fireEvent.click(screen.getByLabelText(CONSENT_LABEL));
    expect(screen.queryByText('Debes aceptar los Términos y condiciones y la Política de privacidad.')).toBeNull();
  });

  it('registers with the chosen account type', async () => {
    const fetchMock = stubFetch({
      'POST /auth/register': jsonResponse(201, {
        success: true,
        data: { user: makeUser({ user_type: 'both' }), token: 't' },
        message: '',
      }),
    });
    renderAt('/', <RegisterPage />);
    fillValid();
    fireEvent.change(screen.getByLabelText('Tipo de cuenta'), { target: { value: 'both' } });
    fireEvent.click(screen.getByRole('button', { name: 'Crear cuenta' }));
    await waitFor(() => expect(useSession.getState().status).toBe('authenticated'));
    expect(JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body))).toMatchObject({
      user_type: 'both',
      phone: '987654321',
      accept_terms: true,
    });
  });
});
