import {
  AES_DUKPT_KEY_TYPES,
  AES_KEY_USAGES,
  aesDukptKey,
  TDES_KEY_USAGES,
  tdesDukptKey,
  toHex,
} from '../../crypto/index.ts';
import {
  choice,
  optionalString,
  requireOption,
  UsageError,
  type CryptoCommand,
} from './shared/command.ts';
import { DUKPT_OPTIONS, readDukptInputs } from './shared/dukpt-options.ts';

/** `crypto key`: the working key of one usage for a KSN, as the host derives it. */
export const command: CryptoCommand = {
  name: 'key',
  usage: [
    `key --bdk HEX --ksn HEX --usage ${TDES_KEY_USAGES.join('|')}`,
    `key --aes128|--aes256 --bdk HEX --ksn HEX --usage ${AES_KEY_USAGES.join('|')} [--key-type ${AES_DUKPT_KEY_TYPES.join('|')}]`,
  ],
  options: { ...DUKPT_OPTIONS, usage: { type: 'string' }, 'key-type': { type: 'string' } },
  run(values) {
    const { kind, bdk, ksn } = readDukptInputs(values);
    const usage = requireOption(values, 'usage');
    const keyType = optionalString(values, 'key-type');
    if (kind === 'tdes') {
      if (keyType !== undefined) {
        throw new UsageError('--key-type applies to AES DUKPT only');
      }
      return toHex(tdesDukptKey(bdk, ksn, choice('usage', usage, TDES_KEY_USAGES)));
    }
    const type =
      keyType === undefined ? undefined : choice('key-type', keyType, AES_DUKPT_KEY_TYPES);
    return toHex(aesDukptKey(bdk, ksn, choice('usage', usage, AES_KEY_USAGES), type));
  },
};
