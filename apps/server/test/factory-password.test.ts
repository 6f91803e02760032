import { FACTORY_PASSWORD, FACTORY_PASSWORD_HASH } from '@jala/test-factories/database';
import { describe, expect, it } from 'vitest';

import { hashPassword, verifyPassword } from '../src/modules/auth/password';

describe('factory accounts', () => {
  it('log in with FACTORY_PASSWORD: its precomputed hash is one the server verifies', async () => {
    expect(await verifyPassword(FACTORY_PASSWORD_HASH, FACTORY_PASSWORD)).toBe(true);
    expect(await verifyPassword(FACTORY_PASSWORD_HASH, 'otra-clave')).toBe(false);
  });

  it('use the parameters the server hashes with today', async () => {
    const parameters = (hash: string) => hash.split('$').slice(1, 4).join('$');
    expect(parameters(FACTORY_PASSWORD_HASH)).toBe(parameters(await hashPassword(FACTORY_PASSWORD)));
  });
});
