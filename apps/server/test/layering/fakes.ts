import type { Database, DriverProfileRow, Transaction, UserRow } from '@jala/db';

/**
 * A stand-in for a repository or service of which a test needs only some methods. Any other method the
 * code under test reaches for fails the test loudly instead of returning undefined.
 */
export function fake<T extends object>(methods: Partial<T>): T {
  return new Proxy(methods, {
    get(target, name) {
      if (name in target) return target[name as keyof typeof target];
      // Not a thenable: `await fake(...)` must not look for `then`.
      if (name === 'then') return undefined;
      throw new Error(`fake: ${String(name)} was not expected to be called`);
    },
  }) as T;
}

/** The transaction handle the fake database passes: repositories' calls can be checked to run inside it. */
export const TX = { fakeTransaction: true } as unknown as Transaction;

/** A database that only runs transactions, handing `TX` to the work (a throw inside means a rollback). */
export function transactionsOnly(): Pick<Database, 'transaction'> & { count: number } {
  const db = {
    count: 0,
    transaction: (async (work: (tx: Transaction) => Promise<unknown>) => {
      db.count += 1;
      return work(TX);
    }) as Database['transaction'],
  };
  return db;
}

export function userRow(values: Partial<UserRow> & { id: number }): UserRow {
  return {
    email: `user${values.id}@jala.pe`,
    firstName: 'Ana',
    lastName: 'Quispe',
    phone: '987654321',
    userType: 'passenger',
    isAdmin: false,
    suspendedAt: null,
    suspensionReason: null,
    createdAt: new Date('2026-03-01T12:00:00Z'),
    updatedAt: new Date('2026-03-01T12:00:00Z'),
    ...values,
  } as UserRow;
}

export function profileRow(values: Partial<DriverProfileRow> & { userId: number }): DriverProfileRow {
  return { verificationStatus: 'pending_verification', rejectionReason: null, ...values } as DriverProfileRow;
}

/** Every call of a recorded function, in order. */
export function recorder<Args extends unknown[], Result>(result: (...args: Args) => Result) {
  const calls: Args[] = [];
  const fn = (...args: Args): Result => {
    calls.push(args);
    return result(...args);
  };
  return Object.assign(fn, { calls });
}
