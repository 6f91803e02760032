/**
 * How long queries take, as the repositories wait for them, on both drivers: each physical PostgreSQL
 * connection's `query` (and PGlite's `query`, `exec` and its transactions' `query`) is wrapped once, and every
 * call reports its duration to the current listeners (the server's /metrics). With no listener the wrapper
 * costs one array length check. The time includes waiting behind earlier queries on the same connection
 * (PGlite runs one query at a time), which is what a slow request feels.
 */
import type { PGlite, Transaction as PgliteTransaction } from '@electric-sql/pglite';
import type pg from 'pg';

/** Told of every finished query: seconds it took and whether it failed. */
export type QueryListener = (seconds: number, failed: boolean) => void;

export class QueryTiming {
  private listeners: QueryListener[] = [];

  /** Adds a listener; the answer removes it (a closing app stops listening to a database it shares). */
  listen(listener: QueryListener): () => void {
    this.listeners = [...this.listeners, listener];
    return () => {
      this.listeners = this.listeners.filter((l) => l !== listener);
    };
  }

  /** Wraps a function returning a promise (or taking a node-style callback as its last argument). */
  wrap<F>(original: F): F {
    const call = original as unknown as (...a: unknown[]) => unknown;
    const wrapped = (...args: unknown[]): unknown => {
      if (this.listeners.length === 0) return call(...args);
      const start = performance.now();
      const report = (failed: boolean) => this.report((performance.now() - start) / 1000, failed);
      const last = args.length > 0 ? args[args.length - 1] : undefined;
      if (typeof last === 'function') {
        args[args.length - 1] = (error: unknown, ...rest: unknown[]) => {
          report(Boolean(error));
          return (last as (...a: unknown[]) => unknown)(error, ...rest);
        };
        return call(...args);
      }
      const result = call(...args);
      // A submittable (a cursor) is not a promise: not timed. The caller keeps its own rejection handling.
      if (result instanceof Promise)
        result.then(
          () => report(false),
          () => report(true),
        );
      return result;
    };
    return wrapped as unknown as F;
  }

  /** Times every query of a node-postgres pool: each new connection's `query` is wrapped as it opens. */
  instrumentPool(pool: pg.Pool): void {
    pool.on('connect', (client) => {
      client.query = this.wrap(client.query.bind(client)) as typeof client.query;
    });
  }

  /** Times PGlite's queries, its transactions' included. */
  instrumentPglite(client: PGlite): void {
    client.query = this.wrap(client.query.bind(client)) as typeof client.query;
    client.exec = this.wrap(client.exec.bind(client)) as typeof client.exec;
    const transaction = client.transaction.bind(client);
    client.transaction = ((callback: (tx: PgliteTransaction) => Promise<unknown>) =>
      transaction((tx) => {
        tx.query = this.wrap(tx.query.bind(tx)) as typeof tx.query;
        tx.exec = this.wrap(tx.exec.bind(tx)) as typeof tx.exec;
        return callback(tx);
      })) as typeof client.transaction;
  }

  private report(seconds: number, failed: boolean): void {
    for (const listener of this.listeners) listener(seconds, failed);
  }
}
