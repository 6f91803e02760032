/**
 * "¿Olvidaste tu contraseña?": a link by e-mail that lets its holder choose a new password once.
 *
 * - Asking answers the same, in the same time, whether or not the e-mail has an account: the route only queues
 *   a mail job (looking the account up, storing the link, sending the mail all happen in it, off the answer's
 *   path), and the budgets it spends (per address, per e-mail) count an unknown e-mail the same way.
 * - A link is 256 random bits stored as a hash, dies after PASSWORD_RESET_MINUTES, once used, when a newer one
 *   is asked for, or when the password changes another way; the page is told which, to say so.
 * - Using it changes the password and ends every session of the account on every node (their HTTP tokens
 *   answer 401, their MQTT connections close, their devices stop getting pushes), then mails "Tu contraseña
 *   cambió". The person signs in again with the new password.
 */
import { PASSWORD_RESET_MINUTES, type PasswordResetConfirm, type PasswordResetLink } from '@jala/contracts';
import type { Database } from '@jala/db';

import { AppError } from '../../../lib/app-error';
import type { Mail } from '../../mail';
import { hashPassword } from '../password';
import type { UsersRepository } from '../users.repository';
import { passwordChangedMail, passwordResetMail, resetLinkUrl } from './password-mails';
import type { PasswordsRepository, ResetLinkRow } from './passwords.repository';
import { hashResetToken, newResetToken } from './reset-token';

export interface PasswordResetDeps {
  db: Pick<Database, 'transaction'>;
  users: Pick<UsersRepository, 'findByEmail'>;
  passwords: PasswordsRepository;
  mail: Mail;
  now: () => Date;
  publicUrl: string;
  /** Ends every session of the account on every node (MQTT connections included) after the change commits. */
  signOutEverywhere: (userId: number, sessionIds: readonly string[]) => Promise<void>;
}

export class PasswordResetService {
  constructor(private readonly d: PasswordResetDeps) {}

  /** Queues the reset mail for `email` (normalised by the contract) and returns before anything is looked up. */
  requestReset(email: string): void {
    this.d.mail.later('password-reset', async (send) => {
      const user = await this.d.users.findByEmail(email);
      if (!user) return;
      const createdAt = this.d.now();
      const { token, tokenHash } = newResetToken();
      await this.d.db.transaction(async (tx) => {
        if (!(await this.d.passwords.lockUser(user.id, tx))) return;
        const expiresAt = new Date(createdAt.getTime() + PASSWORD_RESET_MINUTES * 60_000);
        await this.d.passwords.replaceLiveLink({ userId: user.id, tokenHash, createdAt, expiresAt }, tx);
      });
      await send(passwordResetMail(user, resetLinkUrl(this.d.publicUrl, token)));
    });
  }

  /** Whether the link can still be used, and for which account (its holder read it in that mailbox). */
  async checkLink(token: string): Promise<PasswordResetLink> {
    const link = this.liveLink(await this.d.passwords.findLink(hashResetToken(token)));
    return { email: link.email, expires_at: link.reset.expiresAt.toISOString() };
  }

  async resetPassword(input: PasswordResetConfirm): Promise<void> {
    const tokenHash = hashResetToken(input.token);
    const { reset, email, firstName } = this.liveLink(await this.d.passwords.findLink(tokenHash));
    // Hashed only for a link that works: a made-up token costs no argon2 work.
    const passwordHash = await hashPassword(input.password);
    const now = this.d.now();
    const ended = await this.d.db.transaction(async (tx) => {
      await this.d.passwords.lockUser(reset.userId, tx);
      if (!(await this.d.passwords.useLink(reset.id, now, tx))) {
        // Used, replaced or expired since it was read: say which, as a fresh read tells it.
        this.liveLink(await this.d.passwords.findLink(tokenHash, tx));
        throw new AppError('RESET_LINK_USED');
      }
      await this.d.passwords.setPassword(reset.userId, passwordHash, now, tx);
      return this.d.passwords.revokeSessions(reset.userId, null, now, tx);
    });
    await this.d.signOutEverywhere(reset.userId, ended);
    const to = { email, firstName };
    this.d.mail.later('password-changed', (send) =>
      send(passwordChangedMail(to, { how: 'reset', at: now, publicUrl: this.d.publicUrl })),
    );
  }

  /** The link, if it can still be used; else the error that tells the person why not. */
  private liveLink(link: ResetLinkRow | undefined): ResetLinkRow {
    if (!link) throw new AppError('RESET_LINK_INVALID');
    const { reset } = link;
    if (reset.endReason === 'used') throw new AppError('RESET_LINK_USED');
    if (reset.endReason === 'replaced') throw new AppError('RESET_LINK_REPLACED');
    if (reset.endReason === 'password_changed')
      throw new AppError(
        'RESET_LINK_REPLACED',
        'Tu contraseña cambió después de que pediste este enlace, así que ya no sirve. Si necesitas cambiarla otra vez, pide uno nuevo.',
      );
    if (reset.expiresAt.getTime() <= this.d.now().getTime()) throw new AppError('RESET_LINK_EXPIRED');
    return link;
  }
}
