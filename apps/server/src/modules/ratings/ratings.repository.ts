import { and, eq, schema, type Database } from '@jala/db';
import { fullName } from '../../lib/person-name';

export type RatingRow = typeof schema.ratings.$inferSelect;

export class RatingsRepository {
  constructor(private readonly db: Database) {}

  async findRating(tripId: number, raterId: number): Promise<RatingRow | undefined> {
    const [row] = await this.db.select().from(schema.ratings)
      .where(and(eq(schema.ratings.tripId, tripId), eq(schema.ratings.raterId, raterId)));
    return row;
  }

  async insert(values: typeof schema.ratings.$inferInsert): Promise<RatingRow> {
    const [row] = await this.db.insert(schema.ratings).values(values).returning();
    if (!row) throw new Error('insert ratings returned no row');
    return row;
  }

  async findUserName(userId: number): Promise<string | null> {
    const [row] = await this.db.select({ firstName: schema.users.firstName, lastName: schema.users.lastName })
      .from(schema.users).where(eq(schema.users.id, userId));
    return row ? fullName(row) : null;
  }
}
