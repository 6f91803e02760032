/**
 * When each session was last used ('Sesiones abiertas'), recorded off the request: every authenticated HTTP
 * request and MQTT connection calls `seen(sessionId)`, which costs one map lookup; only the first call for a
 * session in each LAST_SEEN_WRITE_INTERVAL_MS (per node) queues a write, and queued writes go to the database
 * together, one UPDATE a second at most, after the answer was sent. So the hot read path never waits on the
 * database for it, and a session polled every few seconds costs a write every few minutes. The list may then
 * be that much behind, which is what "last seen" needs.
 */
import type { FastifyBaseLogger } from 'fastify';

/** At most one last-seen write per session and node in this window. */
export const LAST_SEEN_WRITE_INTERVAL_MS = 5 * 60_000;
/** How long queued writes wait to be batched. */
const FLUSH_DELAY_MS = 1_000;
/** Sessions whose last write this node remembers (oldest forgotten first: it then writes once more). */
const MAX_REMEMBERED = 50_000;

export interface LastSeenStore {
  markSeen(sessionIds: readonly string[], at: Date): Promise<void>;
}

export class SessionActivity {
  /** Session → when this node last queued its write (ms). Insertion order is age order. */
  private readonly written = new Map<string, number>();
  private pending = new Set<string>();
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> = Promise.resolve();

  constructor(
    private readonly store: LastSeenStore,
    private readonly options: { log: FastifyBaseLogger; now?: () => number; intervalMs?: number },
  ) {}

  /** The session was just used. */
  seen(sessionId: string): void {
    const now = (this.options.now ?? Date.now)();
    const last = this.written.get(sessionId);
    if (last !== undefined && now - last < (this.options.intervalMs ?? LAST_SEEN_WRITE_INTERVAL_MS)) return;
    this.written.delete(sessionId);
    this.written.set(sessionId, now);
    if (this.written.size > MAX_REMEMBERED) this.written.delete(this.written.keys().next().value as string);
    this.pending.add(sessionId);
    if (!this.timer) {
      this.timer = setTimeout(() => void this.flush(), FLUSH_DELAY_MS);
      this.timer.unref();
    }
  }

  /** Writes what is queued now; resolves once every write queued so far is stored (tests, shutdown). */
  async idle(): Promise<void> {
    await this.flush();
  }

  private flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const batch = [...this.pending];
    this.pending = new Set();
    if (batch.length === 0) return this.flushing;
    const at = new Date((this.options.now ?? Date.now)());
    this.flushing = this.flushing.then(() =>
      this.store.markSeen(batch, at).catch((error: unknown) => {
        // Lost activity only makes "last seen" older; the next use after the window writes it again.
        for (const id of batch) this.written.delete(id);
        this.options.log.warn({ err: error, sessions: batch.length }, 'last-seen write failed');
      }),
    );
    return this.flushing;
  }
}
