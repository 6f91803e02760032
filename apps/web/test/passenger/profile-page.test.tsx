import type { PassengerProfile, SavedLocation } from '@jala/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { configureApiClient } from '@/lib/api/api-client';
import { useSession } from '@/lib/session-store';

import { FakeGeolocation, fieldByLabel, fillFields, installGeolocation, typeInField } from '../support';
import { serverCall, UNREACHABLE_API, useFixtureServer } from './fixture-server';

describe('passenger profile page against the real API', () => {
  const fixture = useFixtureServer();

  it("opens 'Mi perfil' in view mode with tabs, and 'Editar perfil' opens the form", async () => {
    fixture.open('carla', '/passenger/profile');
    expect(await screen.findByRole('heading', { name: 'Mi perfil' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Perfil' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tab', { name: 'Ubicaciones' })).toBeTruthy();
    expect(await screen.findByText('Carla Ríos')).toBeTruthy();
    const summary = screen.getByRole('region', { name: 'Perfil de pasajero' });
    expect(within(summary).getByText('987 111 222')).toBeTruthy();
    // Below it, "Verifica tu celular" offers to send the code to that number (the fixture server's own answer).
    const verification = await screen.findByRole('region', { name: 'Verifica tu celular' });
    expect(await within(verification).findByRole('button', { name: 'Enviar código' })).toBeTruthy();
    expect(within(verification).getByText('987 111 222')).toBeTruthy();
    expect(screen.getByText('Sin registrar')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Volver' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /Editar perfil/ }));
    expect(await screen.findByRole('heading', { name: 'Perfil de pasajero' })).toBeTruthy();
    expect(fieldByLabel('Nombre').value).toBe('Carla');
    expect(fieldByLabel('Correo electrónico').type).toBe('email');
    expect(screen.getByRole('button', { name: 'Guardar cambios' })).toBeTruthy();
  });

  it('?edit=1 opens editing; saves the profile and emergency contact to the fixture.server', async () => {
    const { user } = fixture.open('empty', '/passenger/profile?edit=1');
    await screen.findByRole('heading', { name: 'Perfil de pasajero' });
    expect(screen.queryByLabelText('Nombre del contacto')).toBeNull();
    const toggle = screen.getByRole('button', { name: 'Mostrar contacto de emergencia' });
    fireEvent.click(toggle);
    expect(toggle.textContent).toContain('Ocultar contacto de emergencia');
    fillFields({
      Nombre: 'Mateo Andrés',
      Teléfono: '912 000 111',
      'Nombre del contacto': 'Rosa Huamán',
      'Teléfono del contacto': '998-877-665',
    });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar cambios' }));

    expect(await screen.findByText('Perfil actualizado')).toBeTruthy();
    expect(screen.getByText('Rosa Huamán · 998 877 665')).toBeTruthy();
    const saved = await serverCall<PassengerProfile>(fixture.server, 'empty', 'GET', '/passenger/profile');
    expect(saved.data).toEqual({
      first_name: 'Mateo Andrés',
      last_name: 'Huamán',
      email: user.email,
      phone: '912000111',
      emergency_contact_name: 'Rosa Huamán',
      emergency_contact_phone: '998877665',
    });
    // The session user (header menu) follows.
    expect(useSession.getState().user?.first_name).toBe('Mateo Andrés');
  });

  it("shows the fixture.server's Spanish field errors, opening the emergency contact when it is the culprit", async () => {
    fixture.open('carla', '/passenger/profile?edit=1');
    await screen.findByRole('heading', { name: 'Perfil de pasajero' });
    typeInField('Correo electrónico', 'correo-sin-arroba');
    fireEvent.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    expect((await screen.findByText('Ingresa un correo electrónico válido.')).className).toBe('field__error');
    // Focus moves to the field the server refused (after the form is no longer busy).
    await waitFor(() => expect(document.activeElement).toBe(fieldByLabel('Correo electrónico')));
    expect(document.querySelector('.alert--error')).toBeNull();

    typeInField('Correo electrónico', fixture.server.seed.carla.email);
    fireEvent.click(screen.getByRole('button', { name: 'Mostrar contacto de emergencia' }));
    typeInField('Nombre del contacto', 'Juan Ríos');
    fireEvent.click(screen.getByRole('button', { name: 'Ocultar contacto de emergencia' }));
    fireEvent.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    expect(await screen.findByText('Ingresa el teléfono del contacto de emergencia.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Ocultar contacto de emergencia' })).toBeTruthy();
    const unchanged = await serverCall<PassengerProfile>(fixture.server, 'carla', 'GET', '/passenger/profile');
    expect(unchanged.data.emergency_contact_name).toBeNull();
  });

  it('shows an e-mail another account uses under the field, and a failed call in the red banner', async () => {
    fixture.open('carla', '/passenger/profile?edit=1');
    await screen.findByRole('heading', { name: 'Perfil de pasajero' });
    typeInField('Correo electrónico', fixture.server.seed.driver.email);
    fireEvent.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    const taken = await screen.findByText('Ya existe una cuenta con ese correo.');
    expect(taken.className).toBe('field__error');

    configureApiClient({ baseUrl: UNREACHABLE_API });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    const banner = await screen.findByText('Error de red. Revisa tu conexión.');
    expect(banner.className).toContain('alert--error');
    expect(screen.queryByText('Ya existe una cuenta con ese correo.')).toBeNull();
    expect(screen.getByRole('button', { name: 'Guardar cambios' })).toBeTruthy();
  });

  it('manages saved places: silent on empty fields, adds, refuses outside Peru, deletes', async () => {
    fixture.open('carla', '/passenger/profile?tab=ubicaciones');
    expect(await screen.findByRole('heading', { name: 'Ubicaciones guardadas' })).toBeTruthy();
    expect(await screen.findByText('Casa')).toBeTruthy();
    expect(screen.getByText('Av. Larco 1150, Miraflores')).toBeTruthy();
    expect(screen.getByText('-12.130100, -77.028900')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Agregar nueva ubicación' }));
    const form = screen.getByRole('form', { name: 'Nueva ubicación' });
    fillFields({
      Nombre: 'Universidad',
      Dirección: 'Av. Universitaria 1801, San Miguel',
      Latitud: '-12.0694',
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Agregar ubicación' }));
    expect(screen.getByRole('form', { name: 'Nueva ubicación' })).toBeTruthy();

    typeInField('Longitud', '3.70');
    fireEvent.click(within(form).getByRole('button', { name: 'Agregar ubicación' }));
    expect(
      await screen.findByText('La ubicación debe estar dentro del Perú.', { selector: '.pw-form-error' }),
    ).toBeTruthy();
    // The fixture.server's refusal came after anything the submit with an empty field could have sent: it sent nothing.
    expect(
      (await serverCall<SavedLocation[]>(fixture.server, 'carla', 'GET', '/passenger/saved-locations')).data,
    ).toHaveLength(2);
    fireEvent.click(screen.getByRole('button', { name: 'Cancelar' }));
    expect(screen.queryByText('La ubicación debe estar dentro del Perú.')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Agregar nueva ubicación' }));

    typeInField('Longitud', '-77.0795');
    fireEvent.click(screen.getByRole('button', { name: 'Agregar ubicación' }));
    expect(await screen.findByText('Universidad')).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Nueva ubicación' })).toBeNull();
    expect(screen.getByText('-12.069400, -77.079500')).toBeTruthy();
    const places = (await serverCall<SavedLocation[]>(fixture.server, 'carla', 'GET', '/passenger/saved-locations'))
      .data;
    expect(places.map((p) => p.name)).toEqual(['Casa', 'Trabajo', 'Universidad']);
    fireEvent.click(screen.getByRole('button', { name: 'Agregar nueva ubicación' }));
    expect(fieldByLabel('Nombre').value).toBe('');
    fireEvent.click(screen.getByRole('button', { name: 'Cancelar' }));

    // Deleting asks first; 'No, conservar' keeps the place.
    fireEvent.click(screen.getByRole('button', { name: 'Eliminar Universidad' }));
    fireEvent.click(screen.getByRole('button', { name: 'No, conservar' }));
    expect(screen.getByText('Universidad')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Eliminar Universidad' }));
    fireEvent.click(screen.getByRole('button', { name: 'Sí, eliminar' }));
    await waitFor(() => expect(screen.queryByText('Universidad')).toBeNull());
    expect(
      (await serverCall<SavedLocation[]>(fixture.server, 'carla', 'GET', '/passenger/saved-locations')).data,
    ).toHaveLength(2);
  });

  it("'Usar mi ubicación actual' fills the coordinates and the address found there", async () => {
    const geo = new FakeGeolocation();
    installGeolocation(geo);
    fixture.open('rater', '/passenger/profile');
    fireEvent.click(await screen.findByRole('tab', { name: 'Ubicaciones' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Agregar nueva ubicación' }));
    fireEvent.click(screen.getByRole('button', { name: /Usar mi ubicación actual/ }));
    geo.fix(-12.1211, -77.0297);
    await waitFor(() => expect(fieldByLabel('Dirección').value).not.toBe(''));
    expect(fieldByLabel('Latitud').value).toBe('-12.121100');
    expect(fieldByLabel('Longitud').value).toBe('-77.029700');
    installGeolocation(undefined);
  });

  it("says 'No tienes ubicaciones guardadas' to a passenger without places", async () => {
    fixture.open('rater', '/passenger/profile');
    fireEvent.click(await screen.findByRole('tab', { name: 'Ubicaciones' }));
    expect(await screen.findByText('No tienes ubicaciones guardadas')).toBeTruthy();
  });
});
