import { describe, expect, it } from 'vitest';

import type { AuditLog } from '../../src/modules/admin/audit-log';
import type { AdminUsersRepository } from '../../src/modules/admin/users/admin-users.repository';
import { UsersAdminService } from '../../src/modules/admin/users/users-admin.service';
import { fake, recorder, transactionsOnly, TX, userRow } from './fakes';

const OPERATOR = { kind: 'operator', id: 1 } as const;

function setup(withdrawn: number[]) {
  const events: string[] = [];
  const step = (name: string) => async () => {
    events.push(name);
  };
  const users = fake<AdminUsersRepository>({
    find: async (id) => userRow({ id, userType: 'driver' }),
    setSuspension: async (id, values) => {
      events.push('suspend');
      return userRow({ id, ...values });
    },
    revokeSessions: step('revoke sessions'),
    setDriverOffline: step('offline'),
  });
  const withdrawOpenOffers = recorder(async (_executor: unknown, _driverId: number) => {
    events.push('withdraw');
    return withdrawn;
  });
  const offersWithdrawn = recorder(async (_driverId: number, _tripIds: number[]) => {
    events.push('trips told');
  });
  const service = new UsersAdminService(
    transactionsOnly(),
    users,
    { withdrawOpenOffers },
    fake<AuditLog>({ record: step('audit') }),
    { disconnectUser: step('disconnect'), disconnectSession: step('disconnect session') },
    { userChanged: step('changed') },
    offersWithdrawn,
  );
  return { service, events, withdrawOpenOffers, offersWithdrawn };
}

describe('UsersAdminService (fake repository)', () => {
  it('suspends in one transaction, then disconnects the user, then tells the trips of the withdrawn offers', async () => {
    const { service, events, withdrawOpenOffers, offersWithdrawn } = setup([31, 32]);

    const user = await service.suspend(8, 'Conducta abusiva', OPERATOR);

    expect(user.suspension_reason).toBe('Conducta abusiva');
    expect(events).toEqual(['suspend', 'revoke sessions', 'offline', 'withdraw', 'audit', 'disconnect', 'trips told']);
    expect(withdrawOpenOffers.calls).toEqual([[TX, 8]]);
    expect(offersWithdrawn.calls).toEqual([[8, [31, 32]]]);
  });

  it('tells the trips module nothing when the user had no open offers', async () => {
    const { service, offersWithdrawn } = setup([]);

    await service.suspend(8, 'Conducta abusiva', OPERATOR);

    expect(offersWithdrawn.calls).toEqual([]);
  });

  it('never lets an operator suspend themselves', async () => {
    const { service, events } = setup([]);

    await expect(service.suspend(OPERATOR.id, 'x', OPERATOR)).rejects.toMatchObject({ code: 'CANNOT_SUSPEND_SELF' });
    expect(events).toEqual([]);
  });
});
