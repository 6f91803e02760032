import type { Database } from './client';

/** A transaction handle, as `db.transaction(async (tx) => …)` passes it. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/** Anything repositories can run a query on: the database itself or an open transaction. */
export type DbExecutor = Database | Transaction;
