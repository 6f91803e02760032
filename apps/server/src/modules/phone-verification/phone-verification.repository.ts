import { and, type Database, type DbExecutor, eq, gt, lt, type PhoneVerificationCodeRow, schema, sql } from '@jala/db';
import { PHONE_CODE_MAX_TRIES } from '@jala/domain';

const codes = schema.phoneVerificationCodes;

/** The account's number and its confirmation, and the one code in flight per account. */
export class PhoneVerificationRepository {
  constructor(private readonly db: Database) {}

  async findAccount(userId: number): Promise<{ phone: string | null; phoneVerifiedAt: Date | null } | undefined> {
    const [row] = await this.db
      .select({ phone: schema.users.phone, phoneVerifiedAt: schema.users.phoneVerifiedAt })
      .from(schema.users)
      .where(eq(schema.users.id, userId));
    return row;
  }

  async findCode(userId: number): Promise<PhoneVerificationCodeRow | undefined> {
    const [row] = await this.db.select().from(codes).where(eq(codes.userId, userId));
    return row;
  }

  /**
   * Stores a new code in place of the account's last one, unless that one was sent to the same number after
   * `resendAfter` (then false: a concurrent request won the minute). One statement, so two taps at once
   * cannot both send.
   */
  async replaceCode(values: Omit<PhoneVerificationCodeRow, 'tries'>, resendAfter: Date): Promise<boolean> {
    const stored = await this.db
      .insert(codes)
      .values({ ...values, tries: 0 })
      .onConflictDoUpdate({
        target: codes.userId,
        set: {
          phone: values.phone,
          codeHash: values.codeHash,
          salt: values.salt,
          sentAt: values.sentAt,
          expiresAt: values.expiresAt,
          tries: 0,
        },
        setWhere: sql`${codes.phone} <> excluded.phone or ${codes.sentAt} <= ${resendAfter}`,
      })
      .returning({ userId: codes.userId });
    return stored.length > 0;
  }

  /** Removes this code (and only it: a newer one stays), e.g. when its SMS could not be sent. */
  async deleteCode(userId: number, codeHash: string): Promise<void> {
    await this.db.delete(codes).where(and(eq(codes.userId, userId), eq(codes.codeHash, codeHash)));
  }

  /**
   * Spends one try of this code before it is compared, so no number of simultaneous guesses gets more than
   * the maximum of comparisons; undefined when the code is gone, dead or out of tries. Returns the tries
   * spent, this one included.
   */
  async spendTry(userId: number, codeHash: string, now: Date): Promise<number | undefined> {
    const [row] = await this.db
      .update(codes)
      .set({ tries: sql`${codes.tries} + 1` })
      .where(
        and(
          eq(codes.userId, userId),
          eq(codes.codeHash, codeHash),
          lt(codes.tries, PHONE_CODE_MAX_TRIES),
          gt(codes.expiresAt, now),
        ),
      )
      .returning({ tries: codes.tries });
    return row?.tries;
  }

  /**
   * Marks the number confirmed, if it is still the account's (a change of number since the code was sent
   * wins), and drops the code; whether it was confirmed.
   */
  async confirm(userId: number, phone: string, at: Date, executor: DbExecutor = this.db): Promise<boolean> {
    const confirmed = await executor
      .update(schema.users)
      .set({ phoneVerifiedAt: at })
      .where(and(eq(schema.users.id, userId), eq(schema.users.phone, phone)))
      .returning({ id: schema.users.id });
    await executor.delete(codes).where(eq(codes.userId, userId));
    return confirmed.length > 0;
  }
}
