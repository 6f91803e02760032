import { randomBytes } from 'node:crypto';

import type { Database } from '@jala/db';
import { DELETED_USER_NAME, deletedAccountEmail } from '@jala/domain';
import type { FastifyBaseLogger } from 'fastify';

import { AppError } from '../../../lib/app-error';
import type { DocumentStorage } from '../../../lib/document-storage';
import type { RealtimeDisconnects } from '../../../realtime/cluster-bus';
import type { AuditLog } from '../../admin/audit-log';
import { verifyPassword } from '../../auth/password';
import type { AccountDeletionRepository } from './account-deletion.repository';

/** Not an argon2 hash: nothing verifies against it, whatever is typed (the e-mail is gone too). */
const NO_PASSWORD = '!cuenta-eliminada';

/** What the deletion tells other modules after its commit. */
export interface DeletionHooks {
  /** The trips module's: withdrawn offers leave the passengers' lists and the driver's trips. */
  offersWithdrawn(driverId: number, tripIds: number[]): Promise<void>;
  /** The trips module's read models of the account (status, feed, stats) are dropped. */
  touchAccount(userId: number): Promise<void>;
}

/**
 * 'Eliminar mi cuenta' (Ley 29733, the right of cancellation). Confirmed with the password and refused while a
 * trip is live or a ride is booked (the other party counts on it), and for the console's last operator.
 * In one transaction, under a lock of the account's row: offers withdrawn, every session revoked, what only
 * served the person deleted (devices, saved places, trusted contacts, share links, the driver's photo,
 * documents and online log), their written text dropped, and the row anonymised ('Usuario eliminado', an
 * undeliverable placeholder e-mail that frees the address for a new account, no phone) so trips, receipts,
 * earnings and ratings keep their reference; the deletion is audited. After the commit: the documents' bytes
 * leave their storage (database or S3), every node closes the account's MQTT connections and forgets it (the
 * mechanism of an operator's suspension), and the marketplace is told of the withdrawn offers.
 * docs/DATA-RETENTION.md says what is kept, and why.
 */
export class AccountDeletionService {
  constructor(
    private readonly d: {
      db: Pick<Database, 'transaction'>;
      deletion: AccountDeletionRepository;
      audit: AuditLog;
      documents: DocumentStorage;
      realtime: RealtimeDisconnects;
      hooks: DeletionHooks;
      now: () => Date;
      log: FastifyBaseLogger;
    },
  ) {}

  async delete(userId: number, password: string): Promise<void> {
    const { deletion, audit } = this.d;
    // The password first, outside the transaction: argon2 takes tens of milliseconds, no lock is held meanwhile.
    const found = await deletion.find(userId);
    if (!found || found.deletedAt) throw new AppError('UNAUTHORIZED');
    if (!(await verifyPassword(found.passwordHash, password))) {
      throw new AppError('PASSWORD_INCORRECT', undefined, { password: 'La contraseña no es correcta.' });
    }

    let withdrawn: number[] = [];
    let documentKeys: string[] = [];
    await this.d.db.transaction(async (tx) => {
      const user = await deletion.lockUser(tx, userId);
      // Deleted by a request that passed the password check at the same time: nothing left to do.
      if (!user || user.deletedAt) throw new AppError('UNAUTHORIZED');
      const blocking = await deletion.blockingTrips(tx, userId);
      if (blocking.some((trip) => !trip.isBooking)) throw new AppError('ACCOUNT_HAS_LIVE_TRIP');
      if (blocking.length > 0) throw new AppError('ACCOUNT_HAS_BOOKING');
      if (user.isAdmin && (await deletion.otherOperators(tx, userId)) === 0)
        throw new AppError('LAST_OPERATOR', 'Eres el único operador: nombra a otro antes de eliminar tu cuenta.');

      const now = this.d.now();
      withdrawn = await deletion.withdrawOffers(tx, userId);
      await deletion.revokeSessions(tx, userId, now);
      await deletion.deletePersonalRows(tx, userId);
      documentKeys = await deletion.deleteDocuments(tx, userId);
      await deletion.dropWrittenText(tx, userId);
      const nonce = randomBytes(6).toString('hex');
      await deletion.anonymise(
        tx,
        userId,
        {
          email: deletedAccountEmail(userId, nonce),
          passwordHash: NO_PASSWORD,
          firstName: DELETED_USER_NAME,
          lastName: '',
          licenseNumber: `ELIMINADO-${userId}-${nonce}`,
        },
        now,
      );
      await audit.record(
        { kind: 'account_holder', id: userId },
        {
          action: 'user.delete',
          targetType: 'user',
          targetId: userId,
          // States, never the person: the log outlives the account and must not bring the name back.
          before: { user_type: user.userType, deleted_at: null },
          after: {
            user_type: user.userType,
            deleted_at: now.toISOString(),
            documents_deleted: documentKeys.length,
            offers_withdrawn: withdrawn.length,
          },
        },
        tx,
      );
    });

    // After the commit: a reconnect now finds every session revoked.
    await this.d.realtime.disconnectUser(userId);
    await this.d.hooks.touchAccount(userId);
    if (withdrawn.length > 0) await this.d.hooks.offersWithdrawn(userId, withdrawn);
    await this.deleteDocumentBytes(documentKeys);
  }

  /**
   * The rows are gone, so no route can reach these bytes any more; a failure (S3 away) is logged with the keys
   * for an operator to remove by hand, never shown to the person whose account is already deleted.
   */
  private async deleteDocumentBytes(keys: string[]): Promise<void> {
    const failed: string[] = [];
    for (const key of keys) {
      await this.d.documents.delete(key).catch(() => failed.push(key));
    }
    if (failed.length > 0)
      this.d.log.error({ keys: failed }, 'deleted account: document bytes left in storage, remove them by hand');
  }
}
