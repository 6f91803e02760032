import type { DocumentKind } from '@jala/contracts';
import { and, asc, type Database, type DriverDocumentRow, eq, schema } from '@jala/db';

export type DriverDocumentInsert = typeof schema.driverDocuments.$inferInsert;

/** A driver's document rows (the bytes live in DocumentStorage): one current row per driver and kind. */
export class DriverDocumentsRepository {
  constructor(private readonly db: Database) {}

  async findByKind(driverId: number, kind: DocumentKind): Promise<DriverDocumentRow | undefined> {
    const [row] = await this.db
      .select()
      .from(schema.driverDocuments)
      .where(and(eq(schema.driverDocuments.driverId, driverId), eq(schema.driverDocuments.kind, kind)));
    return row;
  }

  /** Stores the document, replacing the driver's previous one of the same kind. */
  async upsert(values: DriverDocumentInsert): Promise<DriverDocumentRow> {
    const [row] = await this.db
      .insert(schema.driverDocuments)
      .values(values)
      .onConflictDoUpdate({ target: [schema.driverDocuments.driverId, schema.driverDocuments.kind], set: values })
      .returning();
    if (!row) throw new Error('upsert driver_documents returned no row');
    return row;
  }

  /** The driver's documents in upload order. */
  async list(driverId: number): Promise<DriverDocumentRow[]> {
    return this.db
      .select()
      .from(schema.driverDocuments)
      .where(eq(schema.driverDocuments.driverId, driverId))
      .orderBy(asc(schema.driverDocuments.id));
  }

  /** One document by id AND owner: another driver's document is simply not found. */
  async findOwned(ownerId: number, documentId: number): Promise<DriverDocumentRow | undefined> {
    const [row] = await this.db
      .select()
      .from(schema.driverDocuments)
      .where(and(eq(schema.driverDocuments.id, documentId), eq(schema.driverDocuments.driverId, ownerId)));
    return row;
  }
}
