import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseServerArgs } from '../../../server/config/cli-options.ts';
import { vaultKeyOptions, withDefaults } from '../../../server/config/server-options.ts';

describe('server options for the card vault key and the processor queue', () => {
  it('reads the key custody and the in-flight limits', () => {
    const args = parseServerArgs([
      '--vault-key-file',
      'keys/vault.kek',
      '--processor-in-flight',
      '32',
      '--merchant-in-flight',
      '4',
    ]);
    expect(args).toHaveProperty('options.vaultKey', {
      kind: 'file',
      path: resolve('keys/vault.kek'),
    });
    expect(args).toHaveProperty('options.limits.processorInFlight', 32);
    expect(args).toHaveProperty('options.limits.merchantInFlight', 4);
    expect(parseServerArgs(['--vault-key-env', 'KEK'])).toHaveProperty('options.vaultKey', {
      kind: 'env',
      variable: 'KEK',
    });
    expect(parseServerArgs(['--vault-keychain'])).toHaveProperty('options.vaultKey', {
      kind: 'keychain',
    });
  });

  it('refuses two custodies at once and a limit out of range', () => {
    expect(parseServerArgs(['--vault-keychain', '--vault-key-env', 'KEK'])).toEqual({
      error: '--vault-key-file, --vault-key-env, --vault-keychain: give one at most',
    });
    expect(parseServerArgs(['--merchant-in-flight', '0'])).toEqual({
      error: '--merchant-in-flight: a whole number from 1 to 10000',
    });
  });

  it('wraps a new data directory under the custody given, the variable, the training key or the keychain', () => {
    const given = { kind: 'file', path: '/etc/laneterm/vault.kek' } as const;
    expect(vaultKeyOptions(withDefaults({ vaultKey: given }), {})).toEqual({
      required: given,
      initial: given,
    });
    const variable = { LANETERM_VAULT_KEK: 'x' };
    expect(vaultKeyOptions(withDefaults({}), variable).initial).toEqual({
      kind: 'env',
      variable: 'LANETERM_VAULT_KEK',
    });
    expect(vaultKeyOptions(withDefaults({ demo: true }), {}).initial).toEqual({ kind: 'training' });
    expect(vaultKeyOptions(withDefaults({}), { LANETERM_VAULT_KEK: '' })).toEqual({
      required: undefined,
      initial: { kind: 'keychain' },
    });
  });
});
