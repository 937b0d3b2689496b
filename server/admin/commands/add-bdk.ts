import { CryptoError, parseHex } from '../../../drivers/crypto/index.ts';
import { unixSeconds } from '../../shared/clock.ts';
import { BDK_TYPES, bdkShapeProblem, keyCheckValue } from '../../engine/index.ts';
import type { BdkType } from '../../store/bdk-store.ts';
import { AdminError, type AdminCommand } from '../admin-command.ts';
import { openBdks, readSecretOption } from '../admin-lookups.ts';

/**
 * `add-bdk <key-set-id> --type T (--key HEX | --key-stdin)`: registers the base derivation key of
 * a key set (ANSI X9.24), sealed with the card vault; prints its check value, never the key.
 */
export const adminCommand: AdminCommand = {
  name: 'add-bdk',
  summary:
    'register a DUKPT base derivation key: TDES by key set id (10 hex), AES by BDK ID (8 hex)',
  usage: 'add-bdk <key-set-id> --type tdes|aes128|aes256 (--key HEX | --key-stdin)',
  options: {
    type: { type: 'string' },
    key: { type: 'string' },
    'key-stdin': { type: 'boolean' },
  },
  positionals: 1,
  async run(context, args) {
    const keySetId = (args.positionals[0] ?? '').toUpperCase();
    const type = args.values.type;
    if (typeof type !== 'string' || !(BDK_TYPES as readonly string[]).includes(type)) {
      throw new AdminError(`--type: one of ${BDK_TYPES.join(', ')}`);
    }
    const text = await readSecretOption(context, args, 'key');
    let key: Buffer;
    try {
      key = parseHex('key', text.trim());
    } catch (error) {
      if (error instanceof CryptoError) throw new AdminError('key: must be hex digits');
      throw error;
    }
    const problem = bdkShapeProblem(keySetId, type as BdkType, key);
    if (problem !== undefined) throw new AdminError(problem);
    const bdks = openBdks(context);
    if (!(await bdks.add(keySetId, type as BdkType, key, unixSeconds(context.now())))) {
      throw new AdminError(`key set ${keySetId}: already has a key; remove-bdk it first`);
    }
    const checkValue = keyCheckValue(type as BdkType, key);
    context.out(`key set ${keySetId}: ${type} key added, check value ${checkValue}`);
  },
};
