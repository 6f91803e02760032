import type { DocumentFile, DriverReview, DriverVerification, QueuedDriver } from '@jala/contracts';
import type { Database, DbExecutor } from '@jala/db';

import { AppError } from '../../../lib/app-error';
import { fullName } from '../../../lib/person-name';
import { type DriverDocumentsService, toDocumentDto } from '../../drivers/account/driver-documents.service';
import type { PushNotifications } from '../../notifications/push-notifications';
import type { AuditActor, AuditLog } from '../audit-log';
import type { DriverReviewRepository } from './driver-review.repository';
import { DRIVER_NOT_FOUND_MESSAGE, type DriverVerificationService } from './driver-verification.service';

/**
 * The verification queue: drivers who sent their documents and wait for an operator, oldest submission
 * first, with every document; approving makes them matchable at once, rejecting stores a reason the driver
 * reads in "Documentos" and answers by uploading again (which puts them back in the queue).
 */
export class DriverReviewService {
  constructor(
    private readonly db: Pick<Database, 'transaction'>,
    private readonly drivers: DriverReviewRepository,
    private readonly verification: Pick<DriverVerificationService, 'verifyById'>,
    private readonly documents: Pick<DriverDocumentsService, 'file'>,
    private readonly audit: AuditLog,
    /** The driver is told of the decision by push, after its commit. */
    private readonly notifications: Pick<PushNotifications, 'documentsReviewed'>,
  ) {}

  async queue(): Promise<QueuedDriver[]> {
    const rows = await this.drivers.queue();
    const documents = await this.drivers.documentsOf(rows.map((r) => r.user.id));
    return rows.map(({ user, profile, vehicle }) => ({
      id: user.id,
      name: fullName(user),
      email: user.email,
      phone: user.phone,
      phone_verified: user.phone !== null && user.phoneVerifiedAt !== null,
      license_number: profile.licenseNumber,
      license_expiry_date: profile.licenseExpiryDate,
      soat_expiry_date: profile.soatExpiryDate,
      submitted_at: (profile.documentsSubmittedAt ?? profile.createdAt).toISOString(),
      documents: documents.filter((d) => d.driverId === user.id).map(toDocumentDto),
      vehicle: vehicle
        ? {
            vehicle_type: vehicle.vehicleType,
            brand: vehicle.brand,
            model: vehicle.model,
            license_plate: vehicle.licensePlate,
            color: vehicle.color,
          }
        : null,
    }));
  }

  /** A driver's document for an operator (the driver id and the document id must match). */
  async file(driverId: number, documentId: number): Promise<DocumentFile> {
    return this.documents.file(driverId, documentId);
  }

  /**
   * The verification and its audit row are one transaction: both are written or neither. A driver whose
   * mobile is not confirmed by SMS code is refused (passengers call that number), unless already verified.
   */
  async approve(driverId: number, actor: AuditActor): Promise<DriverVerification> {
    const approved = await this.db.transaction(async (tx) => {
      const before = await this.reviewState(driverId, tx);
      if (before.verification_status !== 'verified' && !(await this.drivers.hasVerifiedPhone(driverId, tx)))
        throw new AppError('DRIVER_PHONE_NOT_VERIFIED');
      const result = await this.verification.verifyById(driverId, tx);
      if (!result.was_already_verified) {
        await this.audit.record(
          actor,
          {
            action: 'driver.approve',
            targetType: 'driver',
            targetId: driverId,
            before,
            after: { verification_status: 'verified', rejection_reason: null },
          },
          tx,
        );
      }
      return result;
    });
    if (!approved.was_already_verified) this.notifications.documentsReviewed(driverId, true);
    return approved;
  }

  async reject(driverId: number, reason: string, actor: AuditActor): Promise<DriverReview> {
    await this.db.transaction(async (tx) => {
      const before = await this.reviewState(driverId, tx);
      await this.drivers.reject(driverId, reason, tx);
      await this.audit.record(
        actor,
        {
          action: 'driver.reject',
          targetType: 'driver',
          targetId: driverId,
          before,
          after: { verification_status: 'rejected', rejection_reason: reason },
        },
        tx,
      );
    });
    this.notifications.documentsReviewed(driverId, false);
    return { driver_id: driverId, verification_status: 'rejected', rejection_reason: reason };
  }

  /** The decision's "before" for the audit row; an unknown driver is a 404. */
  private async reviewState(driverId: number, executor: DbExecutor) {
    const profile = await this.drivers.findProfile(driverId, executor);
    if (!profile) throw new AppError('NOT_FOUND', DRIVER_NOT_FOUND_MESSAGE);
    return { verification_status: profile.verificationStatus, rejection_reason: profile.rejectionReason };
  }
}
