/**
 * The usual price while proposing: the wizard's price step shows the range of similar trips
 * (or the estimate, saying there are too few), asks once per route and service type, and warns — never
 * blocks — when the proposal is far below it, on the price step and again before confirming.
 */
import type { FareHint } from '@jala/contracts';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { fail, ok } from '../support';
import { renderWizardAtStep3 } from './wizard-at-step3';

const USUAL: FareHint = { similar_trips: 14, low: 11.25, high: 13.75, estimate: 12.4 };
const FEW: FareHint = { similar_trips: 3, low: null, high: null, estimate: 12.4 };

/** The wizard on its price step (3) with both points chosen; `hint` is what the server answers. */
function renderPriceStep(hint: FareHint | Response) {
  const { store, created, fetchMock } = renderWizardAtStep3({
    'GET /trips/fare-hint': hint instanceof Response ? hint : ok(hint),
  });
  const hintCalls = () =>
    fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url.includes('/trips/fare-hint'));
  return { store, created, hintCalls };
}

const chooseService = (id: string) =>
  fireEvent.change(screen.getByLabelText('Tipo de servicio'), { target: { value: id } });
const typePrice = (value: string) =>
  fireEvent.change(screen.getByLabelText('Precio que ofreces (S/)'), { target: { value } });

describe('the usual price in the request wizard', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows the middle half of similar trips once a service is chosen, asking once per route and type', async () => {
    const { hintCalls } = renderPriceStep(USUAL);
    expect(screen.queryByTestId('fare-hint')).toBeNull();
    chooseService('2');
    const hint = await screen.findByTestId('fare-hint');
    expect(hint.textContent).toBe(
      'Precio habitual para este recorrido: S/\u00a011 – S/\u00a014 · 14 viajes parecidos, últimos 30 días',
    );
    expect(hintCalls()).toHaveLength(1);
    expect(hintCalls()[0]).toContain('origin_latitude=-12.1211');
    expect(hintCalls()[0]).toContain('destination_longitude=-76.9773');
    expect(hintCalls()[0]).toContain('service_type_id=2');
    // Typing a price compares locally: no new request.
    typePrice('12');
    typePrice('12.5');
    expect(hintCalls()).toHaveLength(1);
    chooseService('1');
    await waitFor(() => expect(hintCalls()).toHaveLength(2));
    expect(hintCalls()[1]).toContain('service_type_id=1');
  });

  it('says when there are too few similar trips and shows the estimate instead', async () => {
    renderPriceStep(FEW);
    chooseService('2');
    expect((await screen.findByTestId('fare-hint')).textContent).toBe(
      'Sin suficientes viajes parecidos: estimado S/\u00a012.40',
    );
  });

  it('warns about a price far below the usual range, on the price step and before confirming, and still sends it', async () => {
    const { created } = renderPriceStep(USUAL);
    chooseService('2');
    await screen.findByTestId('fare-hint');
    // 75 % of the lower quartile (S/ 11.25) is S/ 8.44: S/ 8.50 is low but not far below.
    typePrice('8.50');
    expect(screen.queryByTestId('far-below-warning')).toBeNull();
    typePrice('3');
    expect(screen.getByTestId('far-below-warning').textContent).toBe(
      'Muy por debajo de lo habitual: es probable que nadie acepte',
    );
    // Not a block: 'Siguiente' goes on, and the warning is repeated beside the summary.
    fireEvent.click(screen.getByRole('button', { name: 'Siguiente' }));
    expect(await screen.findByText('Tu oferta')).toBeTruthy();
    expect(screen.getByTestId('far-below-warning')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Confirmar Viaje' }));
    await waitFor(() => expect(created).toHaveLength(1));
    expect(created[0]).toMatchObject({ offer_price: 3 });
  });

  it('without history compares with the estimate (below 60 % of it); an empty price never warns', async () => {
    renderPriceStep(FEW);
    chooseService('2');
    await screen.findByTestId('fare-hint');
    typePrice('7.50'); // 60 % of S/ 12.40 is S/ 7.44
    expect(screen.queryByTestId('far-below-warning')).toBeNull();
    typePrice('7');
    expect(screen.getByTestId('far-below-warning')).toBeTruthy();
    typePrice('');
    expect(screen.queryByTestId('far-below-warning')).toBeNull();
  });

  it('stays quiet when the hint cannot be had: proposing works without it', async () => {
    const { hintCalls } = renderPriceStep(fail(429, 'Demasiados intentos. Espera un momento y vuelve a intentarlo.'));
    chooseService('2');
    await waitFor(() => expect(hintCalls().length).toBeGreaterThan(0));
    typePrice('3');
    expect(screen.queryByTestId('fare-hint')).toBeNull();
    expect(screen.queryByTestId('far-below-warning')).toBeNull();
  });
});
