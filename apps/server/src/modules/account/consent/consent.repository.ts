import { and, type Database, eq, isNull, lt, or, schema } from '@jala/db';
import { LEGAL_DOCUMENTS } from '@jala/domain';

/** Acceptances of the legal documents (the `consents` table) and the version kept on the account. */
export class ConsentRepository {
  constructor(private readonly db: Database) {}

  /**
   * Records the acceptance of `version` (both documents) unless the account already accepted it or a later one;
   * false when there was nothing to record. One transaction: the rows and the account's version agree.
   */
  async accept(userId: number, version: string, at: Date): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const u = schema.users;
      const updated = await tx
        .update(u)
        .set({ consentVersion: version, updatedAt: at })
        .where(and(eq(u.id, userId), isNull(u.deletedAt), or(isNull(u.consentVersion), lt(u.consentVersion, version))))
        .returning({ id: u.id });
      if (updated.length === 0) return false;
      await tx.insert(schema.consents).values(
        LEGAL_DOCUMENTS.map((document) => ({
          userId,
          document,
          version,
          source: 'renewal' as const,
          acceptedAt: at,
        })),
      );
      return true;
    });
  }
}
