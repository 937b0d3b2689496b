import { aesDukptInitialKey, tdesDukptIpek, toHex } from '../../crypto/index.ts';
import type { CryptoCommand } from './shared/command.ts';
import { DUKPT_OPTIONS, readDukptInputs } from './shared/dukpt-options.ts';

/** `crypto ipek`: the initial key a device is loaded with (X9.24-1 IPEK, X9.24-3 initial key). */
export const command: CryptoCommand = {
  name: 'ipek',
  usage: [
    'ipek --bdk HEX --ksn HEX                      TDES IPEK (10-byte KSN)',
    'ipek --aes128|--aes256 --bdk HEX --ksn HEX    AES initial key (12-byte KSN or 8-byte key ID)',
  ],
  options: DUKPT_OPTIONS,
  run(values) {
    const { kind, bdk, ksn } = readDukptInputs(values, [8, 12]);
    return toHex(kind === 'tdes' ? tdesDukptIpek(bdk, ksn) : aesDukptInitialKey(bdk, ksn));
  },
};
