import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router';
import { createQueryClient } from '../../src/lib/query-client';
import { jsonResponse, makeUser, setSession } from '../support';

/** An envelope as the server sends it. */
export const ok = (data: unknown, message = 'OK', status = 200) => jsonResponse(status, { success: true, data, message });
export const fail = (status: number, message: string, fields?: Record<string, string>) =>
  jsonResponse(status, { success: false, data: null, message, code: status === 400 ? 'VALIDATION' : 'ERROR', ...(fields ? { fields } : {}) });

export const driverUser = (overrides: Parameters<typeof makeUser>[0] = {}) =>
  makeUser({ id: 7, user_type: 'driver', roles: ['driver'], ...overrides });

/** Renders a driver page at `path` with a fresh query cache (no retries) and a signed-in driver. */
export function renderDriverPage(element: ReactElement, { path = '/', user = driverUser() } = {}) {
  setSession(user);
  const client = createQueryClient();
  client.setDefaultOptions({ queries: { retry: false, staleTime: 0 }, mutations: { retry: false } });
  const utils = render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="*" element={element} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { ...utils, client };
}

/** Body of the n-th fetch call to `METHOD /path`. */
export function sentBody(mock: { mock: { calls: unknown[][] } }, method: string, path: string, nth = 0): unknown {
  const calls = mock.mock.calls.filter(([url, init]) => String(url) === `/api${path}` && ((init as RequestInit | undefined)?.method ?? 'GET') === method);
  const init = calls[nth]?.[1] as RequestInit | undefined;
  return init?.body ? JSON.parse(String(init.body)) : undefined;
}
