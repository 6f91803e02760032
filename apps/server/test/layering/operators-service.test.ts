import { describe, expect, it } from 'vitest';

import type { AuditLog } from '../../src/modules/admin/audit-log';
import type { OperatorsRepository } from '../../src/modules/admin/operators/operators.repository';
import { NO_ACCOUNT_FOR_EMAIL, OperatorsService } from '../../src/modules/admin/operators/operators.service';
import { fake, recorder, transactionsOnly, TX, userRow } from './fakes';

const OPERATOR = { kind: 'operator', id: 1 } as const;

function setup(repository: Partial<OperatorsRepository>) {
  const record = recorder(async (..._args: Parameters<AuditLog['record']>) => undefined);
  const userChanged = recorder(async (_userId: number) => undefined);
  const setOperator = recorder(async (userId: number, isOperator: boolean) =>
    userRow({ id: userId, isAdmin: isOperator }),
  );
  const service = new OperatorsService(
    transactionsOnly(),
    fake<OperatorsRepository>({ setOperator, lockOperators: async () => undefined, ...repository }),
    fake<AuditLog>({ record }),
    { userChanged },
  );
  return { service, record, userChanged, setOperator };
}

describe('OperatorsService (fake repository)', () => {
  it('grants the role to the account with that e-mail, audits it in the same transaction and tells the nodes', async () => {
    const { service, record, userChanged, setOperator } = setup({
      findUserByEmail: async () => userRow({ id: 7, email: 'rosa@jala.pe' }),
    });

    const grant = await service.grantByEmail('Rosa@Jala.pe', OPERATOR);

    // The answer is the row as stored after the update (the fake stores it as user7@jala.pe).
    expect(grant).toEqual({
      operator: { id: 7, name: 'Ana Quispe', email: 'user7@jala.pe' },
      wasAlreadyOperator: false,
    });
    expect(setOperator.calls).toEqual([[7, true, TX]]);
    expect(record.calls).toEqual([
      [
        OPERATOR,
        {
          action: 'operator.grant',
          targetType: 'user',
          targetId: 7,
          before: { is_admin: false },
          after: { is_admin: true },
        },
        TX,
      ],
    ]);
    expect(userChanged.calls).toEqual([[7]]);
  });

  it('grants nothing twice: an operator already is one, with no audit row and no news', async () => {
    const { service, record, userChanged, setOperator } = setup({
      findUserByEmail: async () => userRow({ id: 7, isAdmin: true }),
    });

    expect((await service.grantByEmail('rosa@jala.pe', OPERATOR)).wasAlreadyOperator).toBe(true);
    expect(setOperator.calls).toEqual([]);
    expect(record.calls).toEqual([]);
    expect(userChanged.calls).toEqual([]);
  });

  it('refuses an e-mail without an account, saying so on the field', async () => {
    const { service, record } = setup({ findUserByEmail: async () => undefined });

    await expect(service.grantByEmail('nadie@jala.pe', OPERATOR)).rejects.toMatchObject({
      code: 'USER_NOT_FOUND',
      status: 404,
      message: NO_ACCOUNT_FOR_EMAIL,
      fields: { email: NO_ACCOUNT_FOR_EMAIL },
    });
    expect(record.calls).toEqual([]);
  });

  it('never removes the last operator', async () => {
    const { service, record, userChanged, setOperator } = setup({
      findOperator: async (id) => userRow({ id, isAdmin: true }),
      countOperators: async () => 1,
    });

    await expect(service.revoke(1, OPERATOR)).rejects.toMatchObject({ code: 'LAST_OPERATOR', status: 409 });
    expect(setOperator.calls).toEqual([]);
    expect(record.calls).toEqual([]);
    expect(userChanged.calls).toEqual([]);
  });

  it('removes an operator while others remain, locking the operators first, and audits it', async () => {
    const order: string[] = [];
    const { service, record, userChanged, setOperator } = setup({
      lockOperators: async () => {
        order.push('lock');
      },
      findOperator: async (id) => {
        order.push('find');
        return userRow({ id, isAdmin: true });
      },
      countOperators: async () => {
        order.push('count');
        return 2;
      },
    });

    await service.revoke(9, OPERATOR);

    expect(order).toEqual(['lock', 'find', 'count']);
    expect(setOperator.calls).toEqual([[9, false, TX]]);
    expect(record.calls[0]?.[1]).toMatchObject({
      action: 'operator.revoke',
      targetId: 9,
      before: { is_admin: true },
      after: { is_admin: false },
    });
    expect(userChanged.calls).toEqual([[9]]);
  });

  it('answers 404 for someone who is not an operator', async () => {
    const { service } = setup({ findOperator: async () => undefined, countOperators: async () => 3 });

    await expect(service.revoke(9, OPERATOR)).rejects.toMatchObject({
      code: 'USER_NOT_FOUND',
      message: 'Ese usuario no es operador.',
    });
  });
});
