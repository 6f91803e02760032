/**
 * SOS is held to confirm: a short press does nothing; a 2 s hold with the pointer or with
 * Space/Enter sends the alert, then offers the call to 105 and the WhatsApp link for the emergency contact.
 */
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { SosButton } from '@/features/safety';

import { ok, renderAt, resetTestWorld, sentBody, stubFetch } from '../support';

const alert = {
  id: 1,
  created_at: '2026-03-01T15:20:00.000Z',
  police_phone: '105',
  share: {
    path: '/compartir/AbCdEfGhIjKlMnOpQrStUvWxYz012345',
    expires_at: '2026-03-02T03:20:00.000Z',
    contact_name: 'Mamá',
    contact_phone: '987654321',
  },
};
/**
 * The hold is measured on the animation clock (requestAnimationFrame + performance.now), which the tests
 * drive: a busy machine cannot stretch a short press into a 2 s hold. Timers stay real for Testing
 * Library's waits and the SOS's own position timeout.
 */
const hold = (ms: number): void =>
  act(() => {
    vi.advanceTimersByTime(ms);
  });

describe('SOS hold-to-confirm', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['requestAnimationFrame', 'cancelAnimationFrame', 'performance'] });
  });
  afterEach(() => {
    cleanup();
    resetTestWorld();
    vi.useRealTimers();
  });

  it('ignores a short press and sends the alert after a 2 s hold, offering 105 and WhatsApp', async () => {
    const fetchMock = stubFetch({ 'POST /safety/sos': ok(alert, 'Alerta enviada', 201) });
    renderAt('/', <SosButton />);
    const button = screen.getByTestId('sos-button');
    expect(button.getAttribute('aria-describedby')).toBeTruthy();
    expect(screen.getByText('Mantén presionado 2 segundos para pedir ayuda')).toBeTruthy();

    fireEvent.pointerDown(button);
    hold(500);
    expect(screen.getByText('Mantén presionado para enviar la alerta…')).toBeTruthy();
    fireEvent.pointerUp(button);
    hold(1_900);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/safety/sos'))).toBe(false);

    fireEvent.pointerDown(button);
    hold(2_300);
    const dialog = await screen.findByRole('dialog', { name: 'Alerta enviada' });
    expect(dialog.querySelector('a[href="tel:105"]')?.textContent).toBe('Llamar a la Policía (105)');
    expect(document.activeElement?.getAttribute('href')).toBe('tel:105');
    const whatsapp = screen.getByRole('link', { name: 'Enviar por WhatsApp a Mamá' });
    expect(whatsapp.getAttribute('href')).toMatch(/^https:\/\/wa\.me\/51987654321\?text=%C2%A1Emergencia/);
    expect(sentBody(fetchMock, 'POST', '/safety/sos')).toEqual({});
  });

  it('works from the keyboard: holding Space for 2 s sends it, releasing early does not', async () => {
    const fetchMock = stubFetch({ 'POST /safety/sos': ok(alert, 'Alerta enviada', 201) });
    renderAt('/', <SosButton />);
    const button = screen.getByTestId('sos-button');
    fireEvent.keyDown(button, { key: ' ' });
    hold(400);
    fireEvent.keyUp(button, { key: ' ' });
    hold(1_800);
    expect(screen.queryByRole('dialog')).toBeNull();
    fireEvent.keyDown(button, { key: ' ' });
    hold(2_300);
    expect(await screen.findByRole('dialog', { name: 'Alerta enviada' })).toBeTruthy();
    expect(fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/safety/sos'))).toHaveLength(1);
  });
});
