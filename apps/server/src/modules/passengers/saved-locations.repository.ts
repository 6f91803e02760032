import type { SavedLocation } from '@jala/contracts';
import { and, asc, count, type Database, eq, schema } from '@jala/db';

type SavedLocationRow = typeof schema.savedLocations.$inferSelect;

/** numeric(9,6) comes back as a decimal string; the API serves numbers (spec §3 'Saved location'). */
function toSavedLocation(row: SavedLocationRow): SavedLocation {
  return {
    id: row.id,
    name: row.name,
    address: row.address,
    latitude: Number(row.latitude),
    longitude: Number(row.longitude),
  };
}

export class SavedLocationsRepository {
  constructor(private readonly db: Database) {}

  async listForUser(userId: number): Promise<SavedLocation[]> {
    const rows = await this.db
      .select()
      .from(schema.savedLocations)
      .where(eq(schema.savedLocations.userId, userId))
      .orderBy(asc(schema.savedLocations.createdAt), asc(schema.savedLocations.id));
    return rows.map(toSavedLocation);
  }

  async countForUser(userId: number): Promise<number> {
    const [row] = await this.db
      .select({ total: count() })
      .from(schema.savedLocations)
      .where(eq(schema.savedLocations.userId, userId));
    return row?.total ?? 0;
  }

  async insert(userId: number, place: Omit<SavedLocation, 'id'>): Promise<SavedLocation> {
    const [row] = await this.db
      .insert(schema.savedLocations)
      .values({
        userId,
        name: place.name,
        address: place.address,
        latitude: place.latitude.toFixed(6),
        longitude: place.longitude.toFixed(6),
      })
      .returning();
    if (!row) throw new Error('insert saved_locations returned no row');
    return toSavedLocation(row);
  }

  /** Deletes the place only when it belongs to the user; true when a row went away. */
  async deleteOwned(userId: number, id: number): Promise<boolean> {
    const rows = await this.db
      .delete(schema.savedLocations)
      .where(and(eq(schema.savedLocations.id, id), eq(schema.savedLocations.userId, userId)))
      .returning({ id: schema.savedLocations.id });
    return rows.length > 0;
  }
}
