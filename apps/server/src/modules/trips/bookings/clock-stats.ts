/**
 * What /metrics reads of this node's turns of the marketplace's clock (plain numbers, no metrics library
 * here). `timerLagSeconds`: how late the last timer fired after the one before (a busy event loop delays it;
 * Node's interval restarts from each firing). The cluster-wide lag — how long past their expiry pending
 * trips still wait — is read from the database when scraped (metrics/metrics.repository.ts).
 */
export class TripClockStats {
  timerLagSeconds = 0;
  /** Turns this node ran (on a cluster, the node that took the turn's lock). */
  turnsRun = 0;
  turnsFailed = 0;
  /** Seconds the last turn run here took (0 = none yet). */
  lastTurnSeconds = 0;
  private lastFiredAt: number | null = null;

  /** The sweep's timer fired (monotonic milliseconds). */
  fired(at: number, periodMs: number): void {
    if (this.lastFiredAt !== null) this.timerLagSeconds = Math.max(0, at - this.lastFiredAt - periodMs) / 1000;
    this.lastFiredAt = at;
  }

  /** A turn ran here: how long it took, and whether it failed. */
  turned(seconds: number, failed: boolean): void {
    this.turnsRun += 1;
    if (failed) this.turnsFailed += 1;
    this.lastTurnSeconds = seconds;
  }
}
