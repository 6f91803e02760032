import {
  DOCUMENT_KINDS,
  type DocumentFile,
  type DocumentKind,
  type DriverDocument,
  type DriverDocumentsState,
} from '@jala/contracts';
import type { DriverDocumentRow } from '@jala/db';
import { canResubmitDocuments, documentExpiryNotice, driverDocumentsExpired } from '@jala/domain';

import { AppError } from '../../../lib/app-error';
import type { DocumentStorage } from '../../../lib/document-storage';
import { normalizeUploadedImage } from '../../../lib/images';
import type { DriverDocumentsRepository } from './driver-documents.repository';
import type { DriverProfileRepository } from './driver-profile.repository';
import { isLicenseValidOn } from './license-rules';

export const SOAT_EXPIRED_MESSAGE =
  'El SOAT está vencido. Sube la foto de un SOAT vigente e ingresa su fecha de vencimiento.';

/** Longest edge of a stored document photo: enough to read a licence number, small enough for a phone. */
export const DOCUMENT_MAX_EDGE = 1600;

export function toDocumentDto(row: DriverDocumentRow): DriverDocument {
  return {
    id: row.id,
    kind: row.kind,
    content_type: row.contentType,
    width: row.width,
    height: row.height,
    byte_size: row.byteSize,
    uploaded_at: row.createdAt.toISOString(),
  };
}

/**
 * A driver's verification documents (licence both sides, SOAT, property card, vehicle with plate): upload
 * (normalised, one current file per kind), read back (only the owner here; operators through the admin
 * module), and submit for review with the SOAT's expiry. Private: files are addressed by the owner's id
 * plus the document id, and their storage keys are random.
 */
export class DriverDocumentsService {
  constructor(
    private readonly documents: DriverDocumentsRepository,
    private readonly profiles: Pick<DriverProfileRepository, 'find' | 'update'>,
    private readonly storage: DocumentStorage,
    private readonly now: () => Date,
  ) {}

  async upload(driverId: number, kind: DocumentKind, base64: string): Promise<DriverDocument> {
    await this.requireProfile(driverId);
    const image = await normalizeUploadedImage(Buffer.from(base64, 'base64'), { maxEdge: DOCUMENT_MAX_EDGE });
    const key = await this.storage.put(image.bytes, image.contentType);
    const values = {
      driverId,
      kind,
      storageKey: key,
      storage: this.storage.kind,
      contentType: image.contentType,
      byteSize: image.bytes.length,
      width: image.width,
      height: image.height,
      createdAt: this.now(),
    };
    const previous = await this.documents.findByKind(driverId, kind);
    const row = await this.documents.upsert(values);
    // The replaced file is no longer reachable; remove its bytes (best effort: an orphan is only space).
    if (previous && previous.storageKey !== key) await this.storage.delete(previous.storageKey).catch(() => undefined);
    return toDocumentDto(row);
  }

  async state(driverId: number): Promise<DriverDocumentsState> {
    const profile = await this.requireProfile(driverId);
    const documents = await this.list(driverId);
    const dates = { licenseExpiryDate: profile.licenseExpiryDate, soatExpiryDate: profile.soatExpiryDate };
    return {
      documents,
      missing: DOCUMENT_KINDS.filter((kind) => !documents.some((d) => d.kind === kind)),
      verification_status: profile.verificationStatus,
      rejection_reason: profile.verificationStatus === 'rejected' ? profile.rejectionReason : null,
      submitted_at: profile.documentsSubmittedAt?.toISOString() ?? null,
      license_expiry_date: profile.licenseExpiryDate,
      soat_expiry_date: profile.soatExpiryDate,
      expiry_notice: documentExpiryNotice(dates, this.now()),
      documents_expired: driverDocumentsExpired(dates, this.now()),
    };
  }

  async list(driverId: number): Promise<DriverDocument[]> {
    return (await this.documents.list(driverId)).map(toDocumentDto);
  }

  /** One document's bytes, loaded by id AND owner: another driver's id is a 404. */
  async file(ownerId: number, documentId: number): Promise<DocumentFile> {
    const row = await this.documents.findOwned(ownerId, documentId);
    if (!row) throw new AppError('DOCUMENT_NOT_FOUND');
    const bytes = await this.storage.get(row.storageKey);
    if (!bytes) throw new AppError('DOCUMENT_NOT_FOUND');
    return { content_type: row.contentType, data_base64: bytes.toString('base64') };
  }

  /**
   * Sends the five documents for review (again, after a rejection or a renewal): back to
   * pending_verification — new papers need an operator's eyes — and to the end of the queue. A verified
   * driver is refused (409) unless renewing papers that are expired or about to expire.
   */
  async submit(driverId: number, soatExpiryDate: string): Promise<DriverDocumentsState> {
    const profile = await this.requireProfile(driverId);
    const dates = { licenseExpiryDate: profile.licenseExpiryDate, soatExpiryDate: profile.soatExpiryDate };
    // A verified driver resubmitting would only drop out of matching until an operator looks again.
    if (!canResubmitDocuments(profile.verificationStatus, documentExpiryNotice(dates, this.now())))
      throw new AppError('DOCUMENTS_ALREADY_VERIFIED');
    if (!isLicenseValidOn(soatExpiryDate, this.now())) {
      throw new AppError('VALIDATION', SOAT_EXPIRED_MESSAGE, { soat_expiry_date: SOAT_EXPIRED_MESSAGE });
    }
    const missing = (await this.state(driverId)).missing;
    if (missing.length > 0) throw new AppError('DOCUMENTS_INCOMPLETE');
    await this.profiles.update(driverId, {
      soatExpiryDate,
      documentsSubmittedAt: this.now(),
      verificationStatus: 'pending_verification',
      rejectionReason: null,
    });
    return this.state(driverId);
  }

  private async requireProfile(driverId: number) {
    const profile = await this.profiles.find(driverId);
    if (!profile) throw new AppError('DRIVER_PROFILE_MISSING');
    return profile;
  }
}
