/**
 * The real Jala API for the passenger component tests (rendering is the shared harness, ../support.tsx): apps/server/test/passengers/web-fixture-server.ts
 * runs in its own Node process (the server does not belong in jsdom) on an in-memory PGlite database with
 * the passenger workspace seeded. Components talk to it over real HTTP; nothing is mocked.
 */
import type { AuthResult } from '@jala/contracts';
import type { HistoryStatus } from '@jala/domain';
import { afterAll, afterEach, beforeAll, beforeEach, vi } from 'vitest';

import { configureApiClient, resetApiClient } from '@/lib/api/api-client';

import { renderApp, resetTestWorld, setSession } from '../support';

interface Account {
  id: number;
  email: string;
}
export interface FixtureSeed {
  carla: Account & { tripIds: Record<HistoryStatus, number[]> };
  rater: Account & { tripId: number };
  driver: Account;
  empty: Account;
}
export type AccountName = keyof FixtureSeed;

export interface FixtureServer {
  apiUrl: string;
  seed: FixtureSeed;
  sessions: Record<AccountName, AuthResult>;
  stop(): Promise<void>;
}

// Node's child_process, typed by hand: the web project compiles without Node's types.
interface ChildProcessLike {
  stdout: { on(event: 'data', listener: (chunk: { toString(): string }) => void): void };
  stdin: { end(): void };
  once(event: 'exit', listener: (code: number | null) => void): void;
  kill(signal?: string): boolean;
}
interface ChildProcessModule {
  spawn(
    command: string,
    args: string[],
    options: { cwd: string; stdio: ['pipe', 'pipe', 'inherit'] },
  ): ChildProcessLike;
}
const nodeProcess = (globalThis as unknown as { process: { execPath: string; cwd(): string } }).process;
/** Vitest runs from the repository root (the one vitest.config.ts lives in). */
const REPO_ROOT = nodeProcess.cwd();
const SCRIPT = 'apps/server/test/passengers/web-fixture-server.ts';

export async function startFixtureServer(): Promise<FixtureServer> {
  const childProcessModule = 'node:child_process';
  const { spawn } = (await import(/* @vite-ignore */ childProcessModule)) as ChildProcessModule;
  const child = spawn(nodeProcess.execPath, ['--import', 'tsx', SCRIPT], {
    cwd: REPO_ROOT,
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  let exited = false;
  const exit = new Promise<void>((resolve) =>
    child.once('exit', () => {
      exited = true;
      resolve();
    }),
  );
  const ready = await new Promise<Omit<FixtureServer, 'stop'>>((resolve, reject) => {
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk.toString();
      const line = output.split('\n').find((l) => l.startsWith('READY '));
      if (line) resolve(JSON.parse(line.slice('READY '.length)) as Omit<FixtureServer, 'stop'>);
    });
    void exit.then(() => reject(new Error(`fixture server exited before it was ready: ${output}`)));
  });
  return {
    ...ready,
    async stop() {
      if (exited) return;
      child.stdin.end();
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exit;
      clearTimeout(timer);
    },
  };
}

/** Signs `account` in (token in storage, session store authenticated) and points the API client at the server. */
export function signIn(server: FixtureServer, account: AccountName): AuthResult {
  const session = server.sessions[account];
  resetApiClient();
  configureApiClient({ baseUrl: server.apiUrl });
  setSession(session.user, session.token);
  return session;
}

/** A real call to the fixture server as `account`, e.g. to check what a screen saved. */
export async function serverCall<T>(
  server: FixtureServer,
  account: AccountName,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; data: T }> {
  const response = await fetch(`${server.apiUrl}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${server.sessions[account].token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const envelope = (await response.json()) as { data: T };
  return { status: response.status, data: envelope.data };
}

/** An address nothing listens on: calls fail like a dropped connection. */
export const UNREACHABLE_API = 'http://127.0.0.1:9/api';

/**
 * The set-up every test file on the fixture server shares, called inside its `describe`: one server for the
 * file, window.scrollTo quiet (jsdom has none; screens scroll errors into sight), nothing left behind after
 * each test. `fixture.server` is the running server, from the first test on; `fixture.open(account, path)` signs
 * `account` in and renders the whole app at `path`, the way each page test starts.
 */
export function useFixtureServer(): {
  readonly server: FixtureServer;
  open(account: AccountName, path: string): AuthResult;
} {
  let running: FixtureServer | undefined;
  beforeAll(async () => {
    running = await startFixtureServer();
  });
  afterAll(async () => running?.stop());
  beforeEach(() => {
    vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
  });
  afterEach(resetTestWorld);
  const server = (): FixtureServer => {
    if (!running) throw new Error('the fixture server is not running (useFixtureServer outside a describe?)');
    return running;
  };
  return {
    get server(): FixtureServer {
      return server();
    },
    open(account: AccountName, path: string): AuthResult {
      const session = signIn(server(), account);
      renderApp(path);
      return session;
    },
  };
}
