export * as schema from './schema';
export * from './client';
export type { QueryListener } from './query-timing';
export type { DbExecutor, Transaction } from './db-executor';
export type * from './rows';
// One import point for query operators, so every package uses the same drizzle-orm instance.
export { sql, eq, and, or, ne, gt, gte, lt, lte, inArray, isNull, isNotNull, desc, asc, count } from 'drizzle-orm';
