/**
 * A signed-in person changes their password knowing the current one (both profiles). A wrong current password
 * is a 400 under its field; success ends every other session of the account on every node (this one stays),
 * kills any reset link still live, and mails "Tu contraseña cambió".
 */
import type { ChangePasswordRequest } from '@jala/contracts';
import type { Database } from '@jala/db';

import { AppError, ERRORS } from '../../../lib/app-error';
import type { Mail } from '../../mail';
import { hashPassword, verifyPassword } from '../password';
import type { UsersRepository } from '../users.repository';
import { passwordChangedMail } from './password-mails';
import type { PasswordsRepository } from './passwords.repository';

export interface PasswordChangeDeps {
  db: Pick<Database, 'transaction'>;
  users: Pick<UsersRepository, 'findById'>;
  passwords: PasswordsRepository;
  mail: Mail;
  now: () => Date;
  publicUrl: string;
  /** Ends these sessions on every node (their MQTT connections included), after the change commits. */
  endSessions: (sessionIds: readonly string[]) => Promise<void>;
}

const wrongCurrentPassword = () =>
  new AppError('CURRENT_PASSWORD_WRONG', undefined, {
    current_password: ERRORS.CURRENT_PASSWORD_WRONG.message,
  });

export class PasswordChangeService {
  constructor(private readonly d: PasswordChangeDeps) {}

  /** `sessionId`: the session making the change, which stays open. */
  async changePassword(userId: number, sessionId: string, input: ChangePasswordRequest): Promise<void> {
    const user = await this.d.users.findById(userId);
    if (!user) throw new AppError('UNAUTHORIZED');
    if (!(await verifyPassword(user.passwordHash, input.current_password))) throw wrongCurrentPassword();
    const passwordHash = await hashPassword(input.password);
    const now = this.d.now();
    const ended = await this.d.db.transaction(async (tx) => {
      const change = { currentHash: user.passwordHash, passwordHash };
      // Changed meanwhile (another device, a reset link): what was typed is no longer the current password.
      if (!(await this.d.passwords.replacePassword(userId, change, now, tx))) throw wrongCurrentPassword();
      return this.d.passwords.revokeSessions(userId, sessionId, now, tx);
    });
    await this.d.endSessions(ended);
    const to = { email: user.email, firstName: user.firstName };
    this.d.mail.later('password-changed', (send) =>
      send(passwordChangedMail(to, { how: 'change', at: now, publicUrl: this.d.publicUrl })),
    );
  }
}
