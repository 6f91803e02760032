/**
 * Jobs that must run once across the cluster (the trip expiry sweep), not once per node.
 *
 * On PostgreSQL a run happens inside a transaction that first takes `pg_try_advisory_xact_lock(key)`:
 * a node that does not get it skips this turn instead of waiting. Inside the lock, the job's row of
 * `cluster_state` says when it last ran; a conditional upsert moves it forward only when the job is due,
 * so N nodes ticking every period still run it about once per period. Both the lock and the row update
 * belong to the transaction: if the node dies mid-run its connection drops, PostgreSQL rolls back and
 * releases the lock, and the next node to tick runs the job. A run that throws is rolled back the same way.
 *
 * On PGlite (embedded, one process) there is no other node: the job just runs.
 */
import { type Database, schema, sql } from '@jala/db';

export interface ClusterJob {
  /** Row name in cluster_state. */
  name: string;
  /** Advisory lock key, unique per job. */
  lockKey: number;
  /** A run is skipped when the last one (on any node) finished less than this long ago. */
  minIntervalMs: number;
}

export class ClusterLock {
  constructor(
    private readonly db: Database,
    private readonly kind: 'pglite' | 'postgres',
    private readonly nodeId: string,
  ) {}

  /** Runs `work` unless another node holds the job or ran it recently; resolves whether it ran here. */
  async runOnce(job: ClusterJob, work: () => Promise<void>): Promise<boolean> {
    if (this.kind === 'pglite') {
      await work();
      return true;
    }
    return this.db.transaction(async (tx) => {
      const lock = await tx.execute<{ locked: boolean }>(
        sql`select pg_try_advisory_xact_lock(${job.lockKey}) as locked`,
      );
      if (lock.rows[0]?.locked !== true) return false;
      const due = await tx
        .insert(schema.clusterState)
        .values({ name: job.name, value: this.nodeId, updatedAt: sql`now()` })
        .onConflictDoUpdate({
          target: schema.clusterState.name,
          set: { value: this.nodeId, updatedAt: sql`now()` },
          setWhere: sql`${schema.clusterState.updatedAt} <= now() - make_interval(secs => ${job.minIntervalMs / 1000})`,
        })
        .returning({ name: schema.clusterState.name });
      if (due.length === 0) return false;
      await work();
      return true;
    });
  }
}
