import {
  buildPinBlock,
  decryptPinBlockAes,
  decryptPinBlockTdes,
  encryptPinBlockAes,
  encryptPinBlockTdes,
  parseHex,
  parsePinBlock,
  toHex,
  type PinBlockFormat,
} from '../../crypto/index.ts';
import {
  choice,
  hexOption,
  optionalString,
  requireOption,
  type CryptoCommand,
  type OptionValues,
} from './shared/command.ts';

const FORMATS = ['0', '1', '2', '3', '4'] as const;

/** Builds a PIN block, enciphered under --key when given (TDES for 0-3, AES for 4). */
function build(format: PinBlockFormat, values: OptionValues): string {
  const pan = optionalString(values, 'pan');
  const fill = optionalString(values, 'fill');
  const block = buildPinBlock(
    format,
    requireOption(values, 'pin'),
    pan,
    fill === undefined ? {} : { fill },
  );
  if (values.key === undefined) {
    return toHex(block);
  }
  if (format === 4) {
    return toHex(
      encryptPinBlockAes(
        hexOption(values, 'key', [16, 24, 32]),
        block,
        requireOption(values, 'pan'),
      ),
    );
  }
  return toHex(encryptPinBlockTdes(hexOption(values, 'key', [16, 24]), block));
}

/** Reads the PIN out of a PIN block, deciphering it under --key first when given. */
function parse(format: PinBlockFormat, values: OptionValues): string {
  const pan = optionalString(values, 'pan');
  let block = parseHex('parse', requireOption(values, 'parse'), [format === 4 ? 16 : 8]);
  if (values.key !== undefined) {
    block =
      format === 4
        ? decryptPinBlockAes(
            hexOption(values, 'key', [16, 24, 32]),
            block,
            requireOption(values, 'pan'),
          )
        : decryptPinBlockTdes(hexOption(values, 'key', [16, 24]), block);
  }
  return parsePinBlock(format, block, pan);
}

/** `crypto pinblock`: build or parse an ISO 9564-1 PIN block. */
export const command: CryptoCommand = {
  name: 'pinblock',
  usage: [
    'pinblock --format 0|1|2|3|4 --pin DIGITS [--pan DIGITS] [--fill HEX] [--key HEX]',
    'pinblock --parse HEX --format 0|1|2|3|4 [--pan DIGITS] [--key HEX]',
  ],
  options: {
    format: { type: 'string' },
    pin: { type: 'string' },
    pan: { type: 'string' },
    fill: { type: 'string' },
    key: { type: 'string' },
    parse: { type: 'string' },
  },
  run(values) {
    const format = Number(
      choice('format', requireOption(values, 'format'), FORMATS),
    ) as PinBlockFormat;
    return values.parse === undefined ? build(format, values) : parse(format, values);
  },
};
