import { type Database, eq, schema } from '@jala/db';

const ROW = 'vapid_keys';

/** The VAPID key pair's row in `cluster_state`: both keys in one JSON value, so a pair is never mixed. */
export class VapidKeysRepository {
  constructor(private readonly db: Database) {}

  /** Stores the value unless a node stored one first (then that one stays). */
  async storeIfAbsent(value: string): Promise<void> {
    await this.db.insert(schema.clusterState).values({ name: ROW, value }).onConflictDoNothing();
  }

  async read(): Promise<string | undefined> {
    const [row] = await this.db
      .select({ value: schema.clusterState.value })
      .from(schema.clusterState)
      .where(eq(schema.clusterState.name, ROW));
    return row?.value;
  }
}
