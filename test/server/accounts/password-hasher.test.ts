import { describe, expect, it } from 'vitest';
import {
  hashPassword,
  verifyDecoyPassword,
  verifyPassword,
} from '../../../server/accounts/password-hasher.ts';

describe('password hashing (scrypt)', () => {
  it('stores scheme, cost, salt and hash, never the password', async () => {
    const stored = await hashPassword('publ1ct3st');
    expect(stored).toMatch(/^scrypt\$15\$8\$1\$[A-Za-z0-9+/=]{24}\$[A-Za-z0-9+/=]{44}$/);
    expect(stored).not.toContain('publ1ct3st');
  });

  it('salts every hash: the same password hashes differently twice', async () => {
    expect(await hashPassword('same-password')).not.toBe(await hashPassword('same-password'));
  });

  it('verifies the right password and refuses a wrong one', async () => {
    const stored = await hashPassword('correct horse');
    expect(await verifyPassword('correct horse', stored)).toBe(true);
    expect(await verifyPassword('correct hors', stored)).toBe(false);
    expect(await verifyPassword('', stored)).toBe(false);
  });

  it('never matches a malformed stored hash', async () => {
    expect(await verifyPassword('x', 'plain-text')).toBe(false);
    expect(await verifyPassword('x', 'bcrypt$1$2$3$4$5')).toBe(false);
  });

  it('spends a real verification on the decoy and always refuses', async () => {
    expect(await verifyDecoyPassword('anything')).toBe(false);
  });
});
