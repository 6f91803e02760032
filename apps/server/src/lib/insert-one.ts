import type { Database } from '@jala/db';
import { getTableName } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';

/**
 * Inserts one row and returns it as stored (ids, defaults). A missing row is a broken database, not a user
 * error: it throws, naming the table.
 */
export async function insertOne<T extends PgTable>(
  db: Pick<Database, 'insert'>,
  table: T,
  values: T['$inferInsert'],
): Promise<T['$inferSelect']> {
  const [row] = (await db.insert(table).values(values).returning()) as T['$inferSelect'][];
  if (!row) throw new Error(`insert ${getTableName(table)} returned no row`);
  return row;
}
