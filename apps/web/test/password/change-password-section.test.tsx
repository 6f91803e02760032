import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';

import { ChangePasswordSection } from '../../src/features/password';
import { fieldByLabel, fillFields, jsonResponse, ok, renderAt, resetTestWorld, sentBody, stubFetch } from '../support';

afterEach(resetTestWorld);

function openForm() {
  renderAt('/passenger/profile', <ChangePasswordSection />);
  fireEvent.click(screen.getByRole('button', { name: 'Cambiar contraseña' }));
}

describe("the profiles' 'Contraseña' card", () => {
  it('opens a form that checks every field in Spanish before sending', async () => {
    const fetchMock = stubFetch({});
    openForm();
    fireEvent.click(screen.getByRole('button', { name: 'Guardar contraseña' }));
    expect(await screen.findByText('Escribe tu contraseña actual.')).toBeTruthy();
    expect(screen.getByText('La contraseña debe tener al menos 8 caracteres.')).toBeTruthy();
    fillFields({
      'Contraseña actual': 'secreto123',
      'Nueva contraseña': 'secreto123',
      'Repite la nueva contraseña': 'secreto123',
    });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar contraseña' }));
    expect(await screen.findByText('La nueva contraseña debe ser distinta de la actual.')).toBeTruthy();
    fillFields({ 'Nueva contraseña': 'otra-clave-1', 'Repite la nueva contraseña': 'otra-clave-2' });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar contraseña' }));
    expect(await screen.findByText('Las contraseñas no coinciden.')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("shows a wrong current password under its field (the server's 400)", async () => {
    stubFetch({
      'PUT /auth/password': jsonResponse(400, {
        success: false,
        data: null,
        message: 'La contraseña actual no es correcta.',
        code: 'CURRENT_PASSWORD_WRONG',
        fields: { current_password: 'La contraseña actual no es correcta.' },
      }),
    });
    openForm();
    fillFields({
      'Contraseña actual': 'no-es-esta',
      'Nueva contraseña': 'otra-clave-1',
      'Repite la nueva contraseña': 'otra-clave-1',
    });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar contraseña' }));
    const current = fieldByLabel('Contraseña actual');
    await waitFor(() => expect(current.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(current.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'La contraseña actual no es correcta.',
    );
  });

  it('sends the change and says the other sessions were closed', async () => {
    const fetchMock = stubFetch({
      'PUT /auth/password': ok(null, 'Tu contraseña cambió. Cerramos tus otras sesiones.'),
    });
    openForm();
    fillFields({
      'Contraseña actual': 'secreto123',
      'Nueva contraseña': 'otra-clave-1',
      'Repite la nueva contraseña': 'otra-clave-1',
    });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar contraseña' }));
    const notice = await screen.findByText(
      'Listo: tu contraseña cambió. Cerramos tus otras sesiones y te enviamos un correo de aviso.',
    );
    expect(notice.getAttribute('role')).toBe('status');
    expect(sentBody(fetchMock, 'PUT', '/auth/password')).toEqual({
      current_password: 'secreto123',
      password: 'otra-clave-1',
      password_confirmation: 'otra-clave-1',
    });
    expect(screen.queryByLabelText('Contraseña actual')).toBeNull();
    expect(screen.getByRole('button', { name: 'Cambiar contraseña' })).toBeTruthy();
  });
});
