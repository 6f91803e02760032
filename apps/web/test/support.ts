import { vi } from 'vitest';
import type { User } from '@jala/contracts';
import { useSession } from '../src/lib/session-store';

/** A Response with a JSON body and the right content type. */
export function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json; charset=utf-8' } });
}

export function makeUser(overrides: Partial<User> = {}): User {
  return {
    id: 42,
    name: 'Ana Quispe',
    first_name: 'Ana',
    last_name: 'Quispe',
    email: 'ana@example.pe',
    phone: '987654321',
    avatar_url: null,
    user_type: 'passenger',
    roles: ['passenger'],
    permissions: [],
    driver: { can_drive: false, is_online: false },
    rating_average: null,
    created_at: '2025-01-01T00:00:00.000Z',
    ...overrides,
  };
}

type Handler = (init: RequestInit | undefined, url: string) => Response | Promise<Response>;

/**
 * Replaces globalThis.fetch with a stub answering by "METHOD /path" (path without the /api base).
 * Unknown calls answer 404 'No encontrado'. Returns the mock to inspect calls.
 */
export function stubFetch(routes: Record<string, Handler | Response>) {
  const mock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const path = url.replace(/^\/api/, '').split('?')[0] ?? '';
    const key = `${init?.method ?? 'GET'} ${path}`;
    const route = routes[key];
    if (route instanceof Response) return route.clone();
    if (route) return route(init, url);
    return jsonResponse(404, { success: false, data: null, message: 'No encontrado', code: 'NOT_FOUND' });
  });
  vi.stubGlobal('fetch', mock);
  return mock;
}

export const noActiveTrip = () => jsonResponse(404, { success: false, data: null, message: 'No hay viaje activo', code: 'NO_ACTIVE_TRIP' });

/** Puts the session store in a given state without any network. */
export function setSession(user: User | null, token = 'test-token'): void {
  if (user) {
    localStorage.setItem('jala_token', token);
    useSession.setState({ status: 'authenticated', user, token });
  } else {
    localStorage.removeItem('jala_token');
    useSession.setState({ status: 'unauthenticated', user: null, token: null });
  }
}
