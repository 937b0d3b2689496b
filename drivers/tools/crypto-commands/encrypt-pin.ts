import {
  aesDukptKey,
  buildPinBlock,
  encryptPinBlockAes,
  encryptPinBlockTdes,
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

const TDES_FORMATS = ['0', '1', '3'] as const;

/** `crypto encrypt-pin`: the encrypted PIN block a DUKPT PIN pad sends for a KSN. */
export const command: CryptoCommand = {
  name: 'encrypt-pin',
  usage: [
    'encrypt-pin --bdk HEX --ksn HEX --pin DIGITS --pan DIGITS [--format 0|1|3] [--fill HEX]',
    'encrypt-pin --aes128|--aes256 --bdk HEX --ksn HEX --pin DIGITS --pan DIGITS [--fill HEX]',
  ],
  options: {
    ...DUKPT_OPTIONS,
    pin: { type: 'string' },
    pan: { type: 'string' },
    format: { type: 'string' },
    fill: { type: 'string' },
  },
  run(values) {
    const { kind, bdk, ksn } = readDukptInputs(values);
    const pin = requireOption(values, 'pin');
    const pan = requireOption(values, 'pan');
    const fill = optionalString(values, 'fill');
    const options = fill === undefined ? {} : { fill };
    const format = optionalString(values, 'format');
    if (kind !== 'tdes') {
      if (format !== undefined && format !== '4') {
        throw new UsageError('AES DUKPT PIN pads send format 4 PIN blocks');
      }
      const pinKey = aesDukptKey(bdk, ksn, 'pin');
      return toHex(encryptPinBlockAes(pinKey, buildPinBlock(4, pin, pan, options), pan));
    }
    const tdesFormat = Number(choice('format', format ?? '0', TDES_FORMATS)) as 0 | 1 | 3;
    return toHex(
      encryptPinBlockTdes(
        tdesDukptKey(bdk, ksn, 'pin'),
        buildPinBlock(tdesFormat, pin, pan, options),
      ),
    );
  },
};
