import { and, type Database, desc, eq, schema, sql } from '@jala/db';

/** The stored conversations between a trip's passenger and each driver (chat_messages). */
export class ChatRepository {
  constructor(private readonly db: Database) {}

  /**
   * Inserts a chat message and trims its conversation to the `keep` newest; false when the message was
   * already stored (same trip, driver, sender and client id: an MQTT QoS 1 resend), which trims nothing.
   */
  async insert(values: typeof schema.chatMessages.$inferInsert, keep: number): Promise<boolean> {
    const inserted = await this.db
      .insert(schema.chatMessages)
      .values(values)
      .onConflictDoNothing()
      .returning({ id: schema.chatMessages.id });
    if (inserted.length === 0) return false;
    await this.trim(values.tripId, values.driverId, keep);
    return true;
  }

  /**
   * Deletes what is older than the conversation's `keep` newest messages (history order: stored time, then
   * id). The cut is found by walking the conversation index from the newest end at most `keep` + 1 entries,
   * so a short conversation costs a few index entries and a flooded one a bounded walk, never a count.
   * It runs as its own statement after the insert committed, not in one transaction with it: concurrent
   * inserts (the broker stores publishes in parallel) then each trim what they see, and the last trim to
   * start sees every committed insert, so the conversation ends at exactly `keep` messages.
   */
  private async trim(tripId: number, driverId: number, keep: number): Promise<void> {
    const m = schema.chatMessages;
    await this.db.delete(m).where(
      and(
        eq(m.tripId, tripId),
        eq(m.driverId, driverId),
        sql`(${m.createdAt}, ${m.id}) <= (
      select kept.created_at, kept.id from ${m} kept where kept.trip_id = ${tripId} and kept.driver_id = ${driverId}
      order by kept.created_at desc, kept.id desc offset ${keep} limit 1)`,
      ),
    );
  }

  /**
   * A page of one conversation, newest first: up to `limit` messages stored before the message `before`
   * (the whole conversation without it), plus whether older ones remain. A cursor naming a message of
   * another conversation, or one trimmed meanwhile, compares to null and reads an empty page.
   */
  async page(tripId: number, driverId: number, page: { before: number | undefined; limit: number }) {
    const m = schema.chatMessages;
    const rows = await this.db
      .select()
      .from(m)
      .where(
        and(
          eq(m.tripId, tripId),
          eq(m.driverId, driverId),
          page.before === undefined
            ? undefined
            : sql`(${m.createdAt}, ${m.id}) < (
        select mark.created_at, mark.id from ${m} mark where mark.id = ${page.before} and mark.trip_id = ${tripId} and mark.driver_id = ${driverId})`,
        ),
      )
      .orderBy(desc(m.createdAt), desc(m.id))
      .limit(page.limit + 1);
    return { rows: rows.slice(0, page.limit), more: rows.length > page.limit };
  }
}
