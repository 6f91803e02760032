/**
 * Runs short synchronous CPU tasks (a push's encryption) a slice at a time. Tasks queue up; the event loop
 * runs them back to back for at most `sliceMs`, then yields (setImmediate) so timers, I/O and other
 * requests run before the next slice. A fan-out to 1,000 devices becomes many short turns instead of one
 * long stall (bench/push.bench.ts), and every job's encryption shares the same budget per turn.
 *
 * Chosen over a worker thread after measuring both for 1,000 encryptions on the 2-core dev machine: with
 * the VAPID header cached the work left is ~0.13 ms per device, and slices kept the delay p99 at 17-22 ms
 * for 130-230 ms of CPU; a worker kept it at 15-20 ms but took 0.9-1.25 s (web-push's per-message VAPID
 * signing, and every message copied both ways), and would need its own entry in the server bundle.
 */
export class TimeSlicer {
  private readonly tasks: (() => void)[] = [];
  private scheduled = false;

  constructor(private readonly sliceMs: number) {}

  run<T>(work: () => T): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.tasks.push(() => {
        try {
          resolve(work());
        } catch (error) {
          reject(error instanceof Error ? error : new Error(String(error)));
        }
      });
      this.schedule();
    });
  }

  private schedule(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    setImmediate(() => this.drain());
  }

  private drain(): void {
    this.scheduled = false;
    const until = performance.now() + this.sliceMs;
    // At least one task per turn, so a task slower than the slice still makes progress.
    do this.tasks.shift()?.();
    while (this.tasks.length > 0 && performance.now() < until);
    if (this.tasks.length > 0) this.schedule();
  }
}
