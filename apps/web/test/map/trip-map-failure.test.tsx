import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { type MapStatus, TripMap } from '@/features/map';

// The Leaflet chunk cannot be fetched (e.g. the connection dropped after the page loaded).
vi.mock('@/features/map/components/view/trip-map-view', () => {
  throw new Error('Failed to fetch dynamically imported module');
});

describe('TripMap when the map cannot load', () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it("retries, then says 'No se pudo cargar el mapa' with 'Reintentar' and reports the error", async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const statuses: MapStatus[] = [];
    render(<TripMap onStatusChange={(s) => statuses.push(s)} />);
    expect(screen.getByText('Cargando mapa...')).toBeTruthy();
    expect((await screen.findByRole('alert')).textContent).toContain('No se pudo cargar el mapa');
    expect(screen.getByRole('button', { name: 'Reintentar' })).toBeTruthy();
    expect(statuses.at(-1)).toEqual({ state: 'error', message: 'No se pudo cargar el mapa' });
    await waitFor(() => expect(console.warn).toHaveBeenCalledTimes(3));
  });
});
