import { and, type Database, eq, isNull, schema } from '@jala/db';

/** Who an SOS push goes to: every operator whose account is not suspended. */
export class OperatorRecipientsRepository {
  constructor(private readonly db: Database) {}

  async activeOperatorIds(): Promise<number[]> {
    const operators = await this.db
      .select({ id: schema.users.id })
      .from(schema.users)
      .where(and(eq(schema.users.isAdmin, true), isNull(schema.users.suspendedAt)));
    return operators.map((operator) => operator.id);
  }
}
