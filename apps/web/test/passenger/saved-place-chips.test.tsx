import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import { SavedPlaceChips } from '@/features/passenger/components/saved-place-chips';

import { renderAt } from '../support';
import { serverCall, signIn, useFixtureServer } from './fixture-server';

describe('SavedPlaceChips against the real API', () => {
  const fixture = useFixtureServer();

  it("lists the passenger's places as chips and hands the picked one over", async () => {
    signIn(fixture.server, 'carla');
    const onPick = vi.fn();
    renderAt('/', <SavedPlaceChips onPick={onPick} />);
    const casa = await screen.findByRole('button', { name: 'Casa' });
    expect(screen.getByRole('button', { name: 'Trabajo' }).getAttribute('title')).toBe(
      'Jr. de la Unión 300, Cercado de Lima',
    );
    fireEvent.click(casa);
    expect(onPick).toHaveBeenCalledWith({
      name: 'Casa',
      address: 'Av. Larco 1150, Miraflores',
      latitude: -12.1301,
      longitude: -77.0289,
    });
  });

  it('renders nothing when the passenger has no places, and the new place once one is saved', async () => {
    signIn(fixture.server, 'empty');
    const first = renderAt('/', <SavedPlaceChips onPick={() => {}} />, { withoutProbe: true });
    const places = await serverCall<unknown[]>(fixture.server, 'empty', 'GET', '/passenger/saved-locations');
    expect(places.data).toEqual([]);
    // Empty while loading and empty when loaded look alike: wait for the component's answer to arrive.
    const queries = () => first.client.getQueryCache().getAll();
    await waitFor(() =>
      expect(queries().length > 0 && queries().every((query) => query.state.status === 'success')).toBe(true),
    );
    expect(first.container.innerHTML).toBe('');
    first.unmount();

    await serverCall(fixture.server, 'empty', 'POST', '/passenger/saved-locations', {
      name: 'Mamá',
      address: 'Jr. Junín 420, Breña',
      latitude: -12.0583,
      longitude: -77.0502,
    });
    renderAt('/', <SavedPlaceChips onPick={() => {}} />);
    expect(await screen.findByRole('button', { name: 'Mamá' })).toBeTruthy();
  });
});
