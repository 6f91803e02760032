export * as schema from './schema';
export * from './client';
// One import point for query operators, so every package uses the same drizzle-orm instance.
export { sql, eq, and, or, ne, gt, gte, lt, lte, inArray, isNull, isNotNull, desc, asc, count } from 'drizzle-orm';
