import {
  aesCbcDecrypt,
  aesDukptKey,
  tdesCbcDecrypt,
  tdesDukptKey,
  toHex,
  type AesKeyUsage,
  type TdesKeyUsage,
} from '../../crypto/index.ts';
import { choice, hexOption, requireOption, type CryptoCommand } from './shared/command.ts';
import { DUKPT_OPTIONS, readDukptInputs } from './shared/dukpt-options.ts';

const TDES_USAGES: readonly TdesKeyUsage[] = ['pin', 'data-request', 'data-response'];
const AES_USAGES: readonly AesKeyUsage[] = ['pin', 'data-encrypt', 'data-decrypt', 'data-both'];

/**
 * `crypto decrypt`: CBC decryption with a zero IV under the DUKPT key of a usage, as a host
 * decrypts reader data (MagTek: pin; ID TECH: data-request). Prints the clear data as hex.
 */
export const command: CryptoCommand = {
  name: 'decrypt',
  usage: [
    `decrypt --bdk HEX --ksn HEX --usage ${TDES_USAGES.join('|')} --data HEX`,
    `decrypt --aes128|--aes256 --bdk HEX --ksn HEX --usage ${AES_USAGES.join('|')} --data HEX`,
  ],
  options: { ...DUKPT_OPTIONS, usage: { type: 'string' }, data: { type: 'string' } },
  run(values) {
    const { kind, bdk, ksn } = readDukptInputs(values);
    const usage = requireOption(values, 'usage');
    const data = hexOption(values, 'data');
    if (kind === 'tdes') {
      return toHex(
        tdesCbcDecrypt(tdesDukptKey(bdk, ksn, choice('usage', usage, TDES_USAGES)), data),
      );
    }
    return toHex(aesCbcDecrypt(aesDukptKey(bdk, ksn, choice('usage', usage, AES_USAGES)), data));
  },
};
