/**
 * PostgreSQL error checks that work for node-postgres and PGlite errors alike; drizzle wraps the driver's
 * error in `cause`, so walk the chain.
 */
interface PgErrorFields {
  code?: unknown;
  constraint?: unknown;
  cause?: unknown;
}

function findPgError(error: unknown): PgErrorFields | undefined {
  let current = error as PgErrorFields | undefined;
  for (let depth = 0; current && depth < 5; depth++) {
    if (typeof current.code === 'string' && /^[0-9A-Z]{5}$/.test(current.code)) return current;
    current = current.cause as PgErrorFields | undefined;
  }
  return undefined;
}

/** A unique-constraint violation, optionally of one named constraint or index. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const pgError = findPgError(error);
  if (pgError?.code !== '23505') return false;
  return constraint === undefined || pgError.constraint === constraint;
}

export function isCheckViolation(error: unknown): boolean {
  return findPgError(error)?.code === '23514';
}
