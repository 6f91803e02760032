import type { DriverVerification } from '@jala/contracts';
import { describe, expect, it } from 'vitest';

import type { AuditLog } from '../../src/modules/admin/audit-log';
import type { DriverReviewRepository } from '../../src/modules/admin/drivers/driver-review.repository';
import { DriverReviewService } from '../../src/modules/admin/drivers/driver-review.service';
import { fake, profileRow, recorder, transactionsOnly, TX } from './fakes';

const OPERATOR = { kind: 'operator', id: 1 } as const;

function setup(options: {
  profile?: ReturnType<typeof profileRow>;
  alreadyVerified?: boolean;
  phoneVerified?: boolean;
}) {
  const record = recorder(async (..._args: Parameters<AuditLog['record']>) => undefined);
  const documentsReviewed = recorder((_driverId: number, _approved: boolean) => undefined);
  const reject = recorder(async (_driverId: number, _reason: string, _executor?: unknown) => undefined);
  const verifyById = recorder(async (driverId: number): Promise<DriverVerification> => ({
    driver_id: driverId,
    email: 'chofer@jala.pe',
    verification_status: 'verified',
    was_already_verified: options.alreadyVerified ?? false,
  }));
  const service = new DriverReviewService(
    transactionsOnly(),
    fake<DriverReviewRepository>({
      findProfile: async () => options.profile,
      reject,
      hasVerifiedPhone: async () => options.phoneVerified ?? true,
    }),
    { verifyById },
    { file: async () => ({ content_type: 'image/jpeg', data_base64: '' }) },
    fake<AuditLog>({ record }),
    { documentsReviewed },
  );
  return { service, record, documentsReviewed, reject, verifyById };
}

describe('DriverReviewService (fake repository)', () => {
  it('approves in one transaction with its audit row, then tells the driver by push', async () => {
    const { service, record, documentsReviewed, verifyById } = setup({
      profile: profileRow({ userId: 5, verificationStatus: 'rejected', rejectionReason: 'Foto borrosa' }),
    });

    const result = await service.approve(5, OPERATOR);

    expect(result.was_already_verified).toBe(false);
    expect(verifyById.calls).toEqual([[5, TX]]);
    expect(record.calls).toEqual([
      [
        OPERATOR,
        {
          action: 'driver.approve',
          targetType: 'driver',
          targetId: 5,
          before: { verification_status: 'rejected', rejection_reason: 'Foto borrosa' },
          after: { verification_status: 'verified', rejection_reason: null },
        },
        TX,
      ],
    ]);
    expect(documentsReviewed.calls).toEqual([[5, true]]);
  });

  it('approving a driver already verified writes no audit row and sends no push', async () => {
    const { service, record, documentsReviewed } = setup({
      profile: profileRow({ userId: 5, verificationStatus: 'verified' }),
      alreadyVerified: true,
    });

    expect((await service.approve(5, OPERATOR)).was_already_verified).toBe(true);
    expect(record.calls).toEqual([]);
    expect(documentsReviewed.calls).toEqual([]);
  });

  it('rejects with the reason the driver reads, audited with the state before, and tells the driver', async () => {
    const { service, record, documentsReviewed, reject } = setup({ profile: profileRow({ userId: 5 }) });

    expect(await service.reject(5, 'La licencia no se lee', OPERATOR)).toEqual({
      driver_id: 5,
      verification_status: 'rejected',
      rejection_reason: 'La licencia no se lee',
    });
    expect(reject.calls).toEqual([[5, 'La licencia no se lee', TX]]);
    expect(record.calls[0]?.[1]).toMatchObject({
      action: 'driver.reject',
      before: { verification_status: 'pending_verification', rejection_reason: null },
      after: { verification_status: 'rejected', rejection_reason: 'La licencia no se lee' },
    });
    expect(documentsReviewed.calls).toEqual([[5, false]]);
  });

  it('refuses a driver whose mobile is not verified, writing and telling nothing', async () => {
    const { service, record, documentsReviewed, verifyById } = setup({
      profile: profileRow({ userId: 5, verificationStatus: 'pending_verification' }),
      phoneVerified: false,
    });
    await expect(service.approve(5, OPERATOR)).rejects.toMatchObject({
      code: 'DRIVER_PHONE_NOT_VERIFIED',
      status: 409,
    });
    expect(verifyById.calls).toEqual([]);
    expect(record.calls).toEqual([]);
    expect(documentsReviewed.calls).toEqual([]);
  });

  it('answers 404 for someone without a driver profile, changing and telling nothing', async () => {
    const { service, record, documentsReviewed, reject, verifyById } = setup({ profile: undefined });

    await expect(service.approve(5, OPERATOR)).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: 'Conductor no encontrado.',
    });
    await expect(service.reject(5, 'x', OPERATOR)).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: 'Conductor no encontrado.',
    });
    expect(verifyById.calls).toEqual([]);
    expect(reject.calls).toEqual([]);
    expect(record.calls).toEqual([]);
    expect(documentsReviewed.calls).toEqual([]);
  });
});
