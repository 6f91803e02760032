/**
 * What the command-line tools do, in one place for both ways they run: opening the embedded database
 * themselves (no server holds DATA_DIR), or through a running server's inbox (operator-inbox.ts). Same
 * services, same audit rows, same Spanish answers either way.
 */
import type { Database } from '@jala/db';
import { isValidEmail } from '@jala/domain';

import { AppError } from '../../../lib/app-error';
import type { AccountChanges } from '../../../realtime/cluster-bus';
import { AuditLog } from '../audit-log';
import { AuditLogRepository } from '../audit-log.repository';
import { DriverVerificationRepository } from '../drivers/driver-verification.repository';
import { DriverVerificationService } from '../drivers/driver-verification.service';
import { OperatorsRepository } from './operators.repository';
import { OperatorsService } from './operators.service';

export const COMMANDS = ['create-operator', 'verify-driver'] as const;
export type CommandName = (typeof COMMANDS)[number];

/** ok: done (or already so); otherwise the Spanish reason (no such account, no driver profile). */
export interface CommandResult {
  ok: boolean;
  message: string;
}

/** `changes`: a running server's, so a new operator's cached session says so at once on every node. */
export async function runCommand(
  db: Database,
  command: CommandName,
  email: string,
  changes?: AccountChanges,
): Promise<CommandResult> {
  if (!isValidEmail(email)) return { ok: false, message: 'El correo no es válido.' };
  try {
    return command === 'create-operator' ? await makeOperator(db, email, changes) : await verifyDriver(db, email);
  } catch (error) {
    if (error instanceof AppError && error.status === 404) return { ok: false, message: error.message };
    throw error;
  }
}

async function makeOperator(db: Database, email: string, changes: AccountChanges | undefined): Promise<CommandResult> {
  const { operator, wasAlreadyOperator } = await new OperatorsService(
    db,
    new OperatorsRepository(db),
    new AuditLog(new AuditLogRepository(db)),
    changes,
  ).grantByEmail(email, { kind: 'system', label: 'línea de comandos (create-operator)' });
  return {
    ok: true,
    message: wasAlreadyOperator ? `${operator.email} ya era operador.` : `${operator.email} ahora es operador de Jala.`,
  };
}

/** The verification and its audit row in one transaction: both are written or neither. */
async function verifyDriver(db: Database, email: string): Promise<CommandResult> {
  const audit = new AuditLog(new AuditLogRepository(db));
  const result = await db.transaction(async (tx) => {
    const verified = await new DriverVerificationService(new DriverVerificationRepository(db)).verifyByEmail(email, tx);
    if (!verified.was_already_verified) {
      await audit.record(
        { kind: 'system', label: 'línea de comandos (verify-driver)' },
        {
          action: 'driver.approve',
          targetType: 'driver',
          targetId: verified.driver_id,
          after: { verification_status: 'verified' },
        },
        tx,
      );
    }
    return verified;
  });
  return {
    ok: true,
    message: result.was_already_verified
      ? `El conductor ${result.email} (id ${result.driver_id}) ya estaba verificado.`
      : `Conductor ${result.email} (id ${result.driver_id}) verificado correctamente.`,
  };
}
