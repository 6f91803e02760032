import { and, type Database, eq, schema } from '@jala/db';

import { insertOne } from '../../lib/insert-one';
import { fullName } from '../../lib/person-name';

export type RatingRow = typeof schema.ratings.$inferSelect;

export class RatingsRepository {
  constructor(private readonly db: Database) {}

  async findRating(tripId: number, raterId: number): Promise<RatingRow | undefined> {
    const [row] = await this.db
      .select()
      .from(schema.ratings)
      .where(and(eq(schema.ratings.tripId, tripId), eq(schema.ratings.raterId, raterId)));
    return row;
  }

  async insert(values: typeof schema.ratings.$inferInsert): Promise<RatingRow> {
    return insertOne(this.db, schema.ratings, values);
  }

  async findUserName(userId: number): Promise<string | null> {
    const [row] = await this.db
      .select({ firstName: schema.users.firstName, lastName: schema.users.lastName })
      .from(schema.users)
      .where(eq(schema.users.id, userId));
    return row ? fullName(row) : null;
  }
}
