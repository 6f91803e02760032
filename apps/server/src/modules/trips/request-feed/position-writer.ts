/**
 * Drivers' live positions, written behind: a driver on a trip publishes on driver_location/{trip} every few
 * seconds, and one UPDATE per publish was the embedded database's busiest work with a few thousand phones
 * open. The latest position of each driver is kept here and written for every driver at once, at most
 * `intervalMs` later. Nothing reads a position that fresh from the database: the passenger's kept trip is
 * updated in memory on every node (LiveTrips.driverMoved), the stage changes carry the phone's own position,
 * and the operators' map, matching and the share page can be a second behind. A crash loses at most that
 * second of positions.
 */
import type { FastifyBaseLogger } from 'fastify';

export interface PendingPosition {
  driverId: number;
  latitude: number;
  longitude: number;
  at: Date;
}

/** Writes positions in one statement; a row older than the one stored must not replace it. */
export type PositionStore = (positions: readonly PendingPosition[]) => Promise<void>;

export class DriverPositionWriter {
  private pending = new Map<number, PendingPosition>();
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> = Promise.resolve();

  constructor(
    private readonly store: PositionStore,
    private readonly intervalMs: number,
    private readonly log: Pick<FastifyBaseLogger, 'warn'>,
  ) {}

  /** Keeps the driver's latest position until the next write. */
  record(position: PendingPosition): void {
    const kept = this.pending.get(position.driverId);
    if (kept && kept.at > position.at) return;
    this.pending.set(position.driverId, position);
    this.timer ??= setTimeout(() => void this.flush(), this.intervalMs);
  }

  /** Positions waiting to be written (for /metrics and tests). */
  get size(): number {
    return this.pending.size;
  }

  /** Writes every kept position now (one write at a time; a failed batch is kept for the next one). */
  flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.flushing = this.flushing.then(async () => {
      if (this.pending.size === 0) return;
      const batch = [...this.pending.values()];
      this.pending = new Map();
      try {
        await this.store(batch);
      } catch (error) {
        this.log.warn(
          { err: error, positions: batch.length },
          'writing driver positions failed; kept for the next write',
        );
        for (const position of batch)
          if (!this.pending.has(position.driverId)) this.pending.set(position.driverId, position);
        this.timer ??= setTimeout(() => void this.flush(), this.intervalMs);
      }
    });
    return this.flushing;
  }

  /** On shutdown: the last positions are written before the database closes. */
  async close(): Promise<void> {
    await this.flush();
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }
}
