/**
 * What remains of a deleted account in the records other people keep (trips, receipts, earnings, ratings):
 * the row stays so those records keep their reference, but the person is gone from it.
 */

/** The name every screen, receipt and list shows for a deleted account (first name and full name alike). */
export const DELETED_USER_NAME = 'Usuario eliminado';

/** The domain of the placeholder e-mail of a deleted account: `.invalid` never resolves (RFC 2606). */
export const DELETED_EMAIL_DOMAIN = 'eliminado.jala.invalid';

/**
 * The e-mail a deleted account keeps: unique (the users table's e-mail is unique) and undeliverable, so the
 * person's own address is free to sign up again and nothing is ever sent to the placeholder.
 */
export function deletedAccountEmail(userId: number, nonce: string): string {
  return `cuenta-${userId}-${nonce}@${DELETED_EMAIL_DOMAIN}`;
}

export function isDeletedAccountEmail(email: string): boolean {
  return email.toLowerCase().endsWith(`@${DELETED_EMAIL_DOMAIN}`);
}
