/**
 * SIGTERM/SIGINT: leave the cluster without dropping work.
 *
 * 1. drain: /api/health answers 503, the broker refuses new MQTT connections and closes the open ones
 *    (WebSocket close 1012 "service restart"), so their clients reconnect through the balancer to another
 *    node, where Redis holds their retained messages and sessions;
 * 2. close: the HTTP server stops accepting connections and waits for the requests in flight, then the
 *    database pool and Redis links are closed;
 * 3. exit 0. A second signal, or a close that takes longer than `timeoutMs`, exits at once with 1.
 */
import type { App } from '../app';

export function installGracefulShutdown(app: App, options: { timeoutMs?: number } = {}): void {
  let shuttingDown = false;
  const shutdown = async (signal: NodeJS.Signals) => {
    if (shuttingDown) {
      app.server.log.warn({ signal }, 'second signal: exiting without waiting');
      process.exit(1);
    }
    shuttingDown = true;
    // Closing the Redis links fails the fire-and-forget commands still queued by the broker's persistence
    // for the clients this drain just closed (ioredis "Connection is closed"). They no longer matter, the
    // exit code must tell whether the close sequence itself worked: log them, do not die of them.
    const logLateFailure = (error: unknown) => app.server.log.warn({ err: error }, 'failure while closing, ignored');
    process.on('unhandledRejection', logLateFailure);
    process.on('uncaughtException', logLateFailure);
    app.server.log.info({ signal }, 'draining: sending realtime clients elsewhere, finishing requests');
    const deadline = setTimeout(() => {
      app.server.log.error('graceful shutdown timed out');
      process.exit(1);
    }, options.timeoutMs ?? 20_000);
    deadline.unref();
    try {
      app.drain();
      await app.close();
      process.exit(0);
    } catch (error) {
      app.server.log.error({ err: error }, 'graceful shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGINT', (signal) => void shutdown(signal));
  process.on('SIGTERM', (signal) => void shutdown(signal));
}
