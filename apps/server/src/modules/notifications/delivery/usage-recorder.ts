/**
 * Records which devices' push services accepted a push (`last_used_at`), many sends to one statement: while
 * one UPDATE runs, the devices accepted meanwhile wait together for the next. A fan-out to 1,000 devices
 * costs a few statements instead of one per user, leaving the database (the single embedded PGlite
 * connection, or PostgreSQL's pool) to the requests being served meanwhile, /api/health among them.
 *
 * A statement covers at most MAX_IDS_PER_STATEMENT devices: PGlite runs each statement synchronously on the
 * event loop, and an UPDATE of 1,000 rows held it ~20 ms there (over 100 ms cold) where 100 take a few.
 */
export const MAX_IDS_PER_STATEMENT = 100;

interface Batch {
  ids: number[];
  written: Promise<void>;
}

export class UsageRecorder {
  /** The batch still taking ids: it is written once the statement before it has finished. */
  private open: Batch | null = null;
  private previous: Promise<void> = Promise.resolve();

  constructor(private readonly write: (ids: number[]) => Promise<void>) {}

  /** Resolves once statements including all these ids have run (so the queue is idle only after them). */
  async record(ids: readonly number[]): Promise<void> {
    const written = new Set<Promise<void>>();
    for (const id of ids) {
      const batch = this.open && this.open.ids.length < MAX_IDS_PER_STATEMENT ? this.open : this.next();
      batch.ids.push(id);
      written.add(batch.written);
    }
    await Promise.all(written);
  }

  private next(): Batch {
    const batch: Batch = { ids: [], written: Promise.resolve() };
    batch.written = this.previous.then(() => {
      if (this.open === batch) this.open = null;
      return this.write(batch.ids);
    });
    this.previous = batch.written.catch(() => undefined);
    this.open = batch;
    return batch;
  }
}
