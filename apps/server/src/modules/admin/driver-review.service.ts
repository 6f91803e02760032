import type { PushNotifications } from '../notifications/push-notifications';
import type { DocumentFile, DriverReview, DriverVerification, QueuedDriver } from '@jala/contracts';
import { and, asc, eq, inArray, isNotNull, schema, type Database } from '@jala/db';
import { AppError } from '../../lib/app-error';
import type { DbExecutor } from '../drivers/db-executor';
import { toDocumentDto, type DriverDocumentsService } from '../drivers/driver-documents.service';
import { DRIVER_NOT_FOUND_MESSAGE, type DriverVerificationService } from '../drivers/driver-verification.service';
import type { AuditActor, AuditLog } from './audit-log';
import { fullName } from '../../lib/person-name';

/**
 * The verification queue: drivers who sent their documents and wait for an operator, oldest submission
 * first, with every document; approving makes them matchable at once, rejecting stores a reason the driver
 * reads in "Documentos" and answers by uploading again (which puts them back in the queue).
 */
export class DriverReviewService {
  constructor(
    private readonly db: Database,
    private readonly verification: DriverVerificationService,
    private readonly documents: DriverDocumentsService,
    private readonly audit: AuditLog,
    /** The driver is told of the decision by push, after its commit. */
    private readonly notifications: Pick<PushNotifications, 'documentsReviewed'>,
  ) {}

  async queue(): Promise<QueuedDriver[]> {
    const rows = await this.db.select({ user: schema.users, profile: schema.driverProfiles, vehicle: schema.vehicles })
      .from(schema.driverProfiles)
      .innerJoin(schema.users, eq(schema.users.id, schema.driverProfiles.userId))
      .leftJoin(schema.vehicles, eq(schema.vehicles.id, schema.driverProfiles.activeVehicleId))
      .where(and(eq(schema.driverProfiles.verificationStatus, 'pending_verification'), isNotNull(schema.driverProfiles.documentsSubmittedAt)))
      .orderBy(asc(schema.driverProfiles.documentsSubmittedAt), asc(schema.driverProfiles.userId))
      .limit(100);
    const ids = rows.map((r) => r.user.id);
    const documents = ids.length === 0 ? [] : await this.db.select().from(schema.driverDocuments)
      .where(inArray(schema.driverDocuments.driverId, ids)).orderBy(asc(schema.driverDocuments.id));
    return rows.map(({ user, profile, vehicle }) => ({
      id: user.id,
      name: fullName(user),
      email: user.email,
      phone: user.phone,
      license_number: profile.licenseNumber,
      license_expiry_date: profile.licenseExpiryDate,
      soat_expiry_date: profile.soatExpiryDate,
      submitted_at: (profile.documentsSubmittedAt ?? profile.createdAt).toISOString(),
      documents: documents.filter((d) => d.driverId === user.id).map(toDocumentDto),
      vehicle: vehicle
        ? { vehicle_type: vehicle.vehicleType, brand: vehicle.brand, model: vehicle.model, license_plate: vehicle.licensePlate, color: vehicle.color }
        : null,
    }));
  }

  /** A driver's document for an operator (the driver id and the document id must match). */
  async file(driverId: number, documentId: number): Promise<DocumentFile> {
    return this.documents.file(driverId, documentId);
  }

  /** The verification and its audit row are one transaction: both are written or neither. */
  async approve(driverId: number, actor: AuditActor): Promise<DriverVerification> {
    const approved = await this.db.transaction(async (tx) => {
      const before = await reviewState(tx, driverId);
      const result = await this.verification.verifyById(driverId, tx);
      if (!result.was_already_verified) {
        await this.audit.record(actor, { action: 'driver.approve', targetType: 'driver', targetId: driverId, before, after: { verification_status: 'verified', rejection_reason: null } }, tx);
      }
      return result;
    });
    if (!approved.was_already_verified) this.notifications.documentsReviewed(driverId, true);
    return approved;
  }

  async reject(driverId: number, reason: string, actor: AuditActor): Promise<DriverReview> {
    await this.db.transaction(async (tx) => {
      const before = await reviewState(tx, driverId);
      await tx.update(schema.driverProfiles).set({ verificationStatus: 'rejected', rejectionReason: reason })
        .where(eq(schema.driverProfiles.userId, driverId));
      await this.audit.record(actor, { action: 'driver.reject', targetType: 'driver', targetId: driverId, before, after: { verification_status: 'rejected', rejection_reason: reason } }, tx);
    });
    this.notifications.documentsReviewed(driverId, false);
    return { driver_id: driverId, verification_status: 'rejected', rejection_reason: reason };
  }
}

/** Read on the transaction's executor: PGlite's single connection would wait forever for one outside it. */
async function reviewState(executor: DbExecutor, driverId: number) {
  const [profile] = await executor.select().from(schema.driverProfiles).where(eq(schema.driverProfiles.userId, driverId));
  if (!profile) throw new AppError('NOT_FOUND', DRIVER_NOT_FOUND_MESSAGE);
  return { verification_status: profile.verificationStatus, rejection_reason: profile.rejectionReason };
}
