/**
 * Groups a burst of events for one key (a chat conversation and its recipient) into as few pushes as the
 * queue can send: at most one job per key is queued or running at a time. An event that arrives meanwhile
 * joins the next push instead of queueing one of its own, so a burst of 30 chat messages costs one or two
 * pushes (each carrying the latest message and how many there were), not 30 jobs of encryption and
 * requests, and cannot fill the queue that every other notification shares.
 *
 * Per node, in memory: each chat message is pushed by the node that stored it, so a burst on one node is
 * grouped there; the entry goes once its last push is sent.
 */
export type CoalescedSend<T> = (latest: T, count: number) => Promise<void>;

interface Run<T> {
  latest: T;
  /** Events not pushed yet. */
  waiting: number;
  /** Events this run's pushes already covered: a later push replaces the earlier one on the phone (same tag), so it counts them too. */
  pushed: number;
}

export class PushCoalescer<T> {
  private readonly runs = new Map<string, Run<T>>();

  constructor(
    private readonly enqueue: (name: string, job: () => Promise<void>) => boolean,
    private readonly name: string,
  ) {}

  add(key: string, event: T, send: CoalescedSend<T>): void {
    const run = this.runs.get(key);
    if (run) {
      run.latest = event;
      run.waiting += 1;
      return;
    }
    const fresh: Run<T> = { latest: event, waiting: 1, pushed: 0 };
    this.runs.set(key, fresh);
    this.schedule(key, fresh, send);
  }

  private schedule(key: string, run: Run<T>, send: CoalescedSend<T>): void {
    const queued = this.enqueue(this.name, async () => {
      run.pushed += run.waiting;
      run.waiting = 0;
      try {
        await send(run.latest, run.pushed);
      } finally {
        // Events that arrived while this push was being sent get one more push; else the run ends.
        if (run.waiting > 0) this.schedule(key, run, send);
        else this.runs.delete(key);
      }
    });
    if (!queued) this.runs.delete(key);
  }
}
