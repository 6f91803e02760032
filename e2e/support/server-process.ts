import type { ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

export const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/**
 * A first boot on a fresh data folder (initdb in a child process, every migration, the demo seed) took over
 * 60 s on a 2-core machine running a whole suite beside it; the ceiling stays under the e2e hook timeout.
 */
const HEALTH_CEILING_MS = 110_000;

/** Resolves when GET /api/health answers 200; fails early if the process exits. */
export async function waitForHealth(
  baseUrl: string,
  child: ChildProcess,
  timeoutMs = HEALTH_CEILING_MS,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let exited = false;
  child.once('exit', () => {
    exited = true;
  });
  while (Date.now() < deadline) {
    if (exited) throw new Error('the product exited before it was healthy');
    try {
      const response = await fetch(`${baseUrl}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`the product was not healthy within ${timeoutMs} ms`);
}
