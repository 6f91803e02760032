/**
 * The one test harness of the web app: answers of the API (stubbed fetch), the session, ONE way to render
 * a screen (router + a fresh query cache + a location probe), ONE fake realtime link and a fake geolocation.
 * The data the fake API answers with comes from @jala/test-factories (the one place, typed and checked by
 * the contracts), never from factories of the web's own.
 * Real-server component tests add passenger/fixture-server.ts (the API in its own Node process).
 */
import type { User } from '@jala/contracts';
import { makeDriverUser, makeUser } from '@jala/test-factories';
import { notifyManager, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, vi } from 'vitest';

import { AppRoutes } from '../src/app/router';
import {
  type ConnectionListener,
  type MessageHandler,
  realtime,
  type SubscribeOptions,
} from '../src/lib/realtime/realtime';
import { useSession } from '../src/lib/session-store';

// Query and mutation state changes reach React inside the act() of the event that caused them.
notifyManager.setScheduler((callback) => callback());

// ------------------------------------------------------------------------------------------- the API

/** A Response with a JSON body and the right content type. */
export function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json; charset=utf-8' } });
}

/** A success envelope's body. */
export function envelope(data: unknown, message = '') {
  return { success: true, data, message };
}

/** A success envelope as the server sends it. */
export const ok = (data: unknown, message = 'OK', status = 200) =>
  jsonResponse(status, { success: true, data, message });

/** An error envelope as the server sends it. */
export const fail = (status: number, message: string, fields?: Record<string, string>) =>
  jsonResponse(status, {
    success: false,
    data: null,
    message,
    code: status === 400 ? 'VALIDATION' : 'ERROR',
    ...(fields ? { fields } : {}),
  });

/** The server's answer when the user has no active trip (told apart by its code). */
export const noActiveTrip = () =>
  jsonResponse(404, { success: false, data: null, message: 'No hay viaje activo', code: 'NO_ACTIVE_TRIP' });

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

/** Body of the n-th fetch call to `METHOD /path`. */
export function sentBody(mock: { mock: { calls: unknown[][] } }, method: string, path: string, nth = 0): unknown {
  const calls = mock.mock.calls.filter(
    ([url, init]) => String(url) === `/api${path}` && ((init as RequestInit | undefined)?.method ?? 'GET') === method,
  );
  const init = calls[nth]?.[1] as RequestInit | undefined;
  return init?.body ? JSON.parse(String(init.body)) : undefined;
}

// --------------------------------------------------------------------------------------- the session

/** Puts the session store in a given state without any network. */
export function setSession(user: User | null, token = 'test-token'): void {
  if (user) {
    localStorage.setItem('jala_token', token);
    useSession.setState({ status: 'authenticated', user, token, ended: null, offline: false });
  } else {
    localStorage.removeItem('jala_token');
    useSession.setState({ status: 'unauthenticated', user: null, token: null, ended: null, offline: false });
  }
}

/** Leaves nothing behind for the next test: the screen, spies, stubbed globals, fake timers, storage and the session. */
export function resetTestWorld(): void {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  localStorage.clear();
  sessionStorage.clear();
  useSession.setState({ status: 'idle', user: null, token: null, ended: null, offline: false });
}

// ------------------------------------------------------------------------------------------ rendering

/** A query cache like the app's, without retries or background refetches (tests decide every answer). */
export function testQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, staleTime: 0, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}

/** Where the router is (data-testid 'location'): the pathname, plus the query string when asked. */
function LocationProbe({ withSearch = false }: { withSearch?: boolean }) {
  const location = useLocation();
  return <output data-testid="location">{withSearch ? location.pathname + location.search : location.pathname}</output>;
}

export interface RenderOptions {
  client?: QueryClient;
  /** Signs this user in first. */
  user?: User;
  /** Leave out the location probe (for a test that reads the screen's container alone). */
  withoutProbe?: boolean;
}

/**
 * Renders a screen at `path` (query string allowed) inside a memory router and a fresh query cache, with
 * a location probe (data-testid 'location') so navigation is visible. `screens` is one element (shown at
 * `path`'s pathname) or a map of route paths to elements; any other path renders 'otra página'.
 */
export function renderAt(
  path: string,
  screens: ReactNode | Record<string, ReactNode>,
  { client = testQueryClient(), user, withoutProbe = false }: RenderOptions = {},
) {
  if (user) setSession(user);
  const routes = isRouteMap(screens) ? screens : { [path.split('?')[0] ?? '/']: screens };
  const result = render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          {Object.entries(routes).map(([routePath, element]) => (
            <Route key={routePath} path={routePath} element={element} />
          ))}
          <Route path="*" element={<p>otra página</p>} />
        </Routes>
        {!withoutProbe && <LocationProbe />}
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { ...result, client };
}

/**
 * A signed-in screen against a stubbed API, the set-up of the driver's page tests: `routes` answer its calls
 * (see {@link stubFetch}), `user` (a driver unless given) is signed in and the screen renders at `path`
 * ('/' unless given) with {@link renderAt}. Returns the fetch mock to inspect what was sent.
 */
export function renderDriverScreen(
  page: ReactNode,
  routes: Record<string, Handler | Response>,
  { path = '/', user = makeDriverUser() }: { path?: string; user?: User } = {},
) {
  const fetchMock = stubFetch(routes);
  renderAt(path, page, { user });
  return fetchMock;
}

function isRouteMap(screens: ReactNode | Record<string, ReactNode>): screens is Record<string, ReactNode> {
  return typeof screens === 'object' && screens !== null && !Array.isArray(screens) && !('$$typeof' in screens);
}

/** The whole app (router, session wrappers, lazy pages) at `path`, as the browser runs it, with the probe. */
export function renderApp(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <AppRoutes />
      <LocationProbe withSearch />
    </MemoryRouter>,
  );
}

// ------------------------------------------------------------------------------------------- realtime

/**
 * The one fake realtime link: connected or not, records subscriptions and publications (`published`, and
 * `publish` is a spy), lets tests deliver messages as the broker would and drop or restore the link. Its
 * broker grants every subscription at once: `onLive` runs on subscribe and again when the link comes back.
 * Pass it as a `client` prop, or route the app-wide client to it with {@link fakeRealtime}.
 */
export class FakeRealtime {
  readonly handlers = new Map<string, Set<MessageHandler>>();
  private readonly onLive = new Map<MessageHandler, () => void>();
  readonly published: { topic: string; payload: unknown }[] = [];
  private readonly listeners = new Set<ConnectionListener>();
  failPublish: Error | null = null;

  constructor(public connected = true) {}

  isConnected = (): boolean => this.connected;

  onConnectionChange = (listener: ConnectionListener): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  subscribe = <T,>(topic: string, handler: MessageHandler<T>, options: SubscribeOptions = {}): (() => void) => {
    if (!this.connected) throw new Error('MQTT client not connected');
    const entry = ((payload, received) => handler(payload as T, received)) as MessageHandler;
    const set = this.handlers.get(topic) ?? new Set();
    set.add(entry);
    this.handlers.set(topic, set);
    if (options.onLive) this.onLive.set(entry, options.onLive);
    options.onLive?.();
    return () => {
      set.delete(entry);
      this.onLive.delete(entry);
    };
  };

  publish = vi.fn(
    async (topic: string, payload: unknown, _options?: { qos?: 0 | 1 | 2; retain?: boolean }): Promise<void> => {
      if (!this.connected) throw new Error('MQTT client not connected');
      if (this.failPublish) throw this.failPublish;
      this.published.push({ topic, payload });
    },
  );

  /** Delivers a message to the handlers of `topic`, as the broker would. */
  emit(topic: string, payload: unknown): void {
    for (const handler of [...(this.handlers.get(topic) ?? [])]) handler(payload, topic);
  }

  /** Like {@link emit}, but a message nobody follows is a test error. */
  deliver(topic: string, payload: unknown): void {
    if (!this.follows(topic)) throw new Error(`nobody follows ${topic}`);
    this.emit(topic, payload);
  }

  follows(topic: string): boolean {
    return (this.handlers.get(topic)?.size ?? 0) > 0;
  }

  subscribedTopics(): string[] {
    return [...this.handlers.entries()].filter(([, set]) => set.size > 0).map(([topic]) => topic);
  }

  setConnected(connected: boolean): void {
    this.connected = connected;
    const resubscribed = [...this.onLive.values()];
    for (const listener of [...this.listeners]) listener(connected ? 'connected' : 'reconnecting');
    if (connected) for (const onLive of resubscribed) onLive();
  }
}

/** Routes the app-wide realtime client (what screens use by default) to a new fake. */
export function fakeRealtime(connected = true): FakeRealtime {
  const fake = new FakeRealtime(connected);
  vi.spyOn(realtime, 'isConnected').mockImplementation(fake.isConnected);
  vi.spyOn(realtime, 'onConnectionChange').mockImplementation(fake.onConnectionChange);
  vi.spyOn(realtime, 'subscribe').mockImplementation(fake.subscribe);
  vi.spyOn(realtime, 'publish').mockImplementation(fake.publish);
  return fake;
}

// ---------------------------------------------------------------------------------------- geolocation

type Success = (position: GeolocationPosition) => void;
type Failure = (error: GeolocationPositionError) => void;

/** navigator.geolocation stand-in: tests decide when a fix or a failure arrives. */
export class FakeGeolocation {
  success: Success | null = null;
  failure: Failure | null = null;
  options: PositionOptions | undefined;
  cleared = false;

  watchPosition = (success: Success, failure?: Failure | null, options?: PositionOptions): number => {
    this.success = success;
    this.failure = failure ?? null;
    this.options = options;
    return 1;
  };

  /** One fix (the saved-place form's 'Usar mi ubicación actual'): answered by fix()/fail() like a watch. */
  getCurrentPosition = (success: Success, failure?: Failure | null, options?: PositionOptions): void => {
    this.watchPosition(success, failure, options);
  };

  clearWatch = (): void => {
    this.cleared = true;
  };

  fix(latitude: number, longitude: number, heading: number | null = null): void {
    this.success?.({
      coords: {
        latitude,
        longitude,
        accuracy: 8,
        heading,
        altitude: null,
        altitudeAccuracy: null,
        speed: null,
        toJSON: () => ({}),
      },
      timestamp: Date.now(),
      toJSON: () => ({}),
    } as GeolocationPosition);
  }

  fail(code: number, message: string): void {
    this.failure?.({
      code,
      message,
      PERMISSION_DENIED: 1,
      POSITION_UNAVAILABLE: 2,
      TIMEOUT: 3,
    } as GeolocationPositionError);
  }
}

/** Installs a fake as navigator.geolocation (undefined removes it: an unsupported browser). */
export function installGeolocation(fake: FakeGeolocation | undefined): void {
  Object.defineProperty(window.navigator, 'geolocation', { value: fake, configurable: true });
}

// ------------------------------------------------------------------------------------ a driver's phone

/**
 * The live-trip driver screens' set-up, called at the top of a test file: before each test `driverId` is a
 * signed-in driver whose phone has a fake position and a fake realtime link (`phone.geo`, `phone.live`);
 * after each, nothing is left behind.
 */
export function signedInDriverPhone(driverId: number): { readonly geo: FakeGeolocation; readonly live: FakeRealtime } {
  let geo: FakeGeolocation | undefined;
  let live: FakeRealtime | undefined;
  beforeEach(() => {
    setSession(makeUser({ id: driverId, user_type: 'driver', roles: ['driver'] }));
    geo = new FakeGeolocation();
    installGeolocation(geo);
    live = fakeRealtime();
  });
  afterEach(resetTestWorld);
  const ready = <T,>(part: T | undefined): T => {
    if (part === undefined) throw new Error('signedInDriverPhone: the phone is set up before each test');
    return part;
  };
  return {
    get geo() {
      return ready(geo);
    },
    get live() {
      return ready(live);
    },
  };
}

// ------------------------------------------------------------------------------------------- forms

/** The form control labelled `label` on screen (throws when there is none). */
export const fieldByLabel = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

/** Types `value` into the control labelled `label` (one change event, as a paste would). */
export const typeInField = (label: string, value: string) =>
  fireEvent.change(fieldByLabel(label), { target: { value } });

/** Types each value into the control of its label, in the object's order. */
export function fillFields(values: Record<string, string>): void {
  for (const [label, value] of Object.entries(values)) typeInField(label, value);
}
