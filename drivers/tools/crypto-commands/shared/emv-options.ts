import type { ParseArgsConfig } from 'node:util';
import {
  EmvCardKeys,
  cryptogramVersion,
  decodeTlv,
  emvTagReader,
  issuerKeysFor,
  loadIssuerKeys,
  panSequenceOf,
  parseHex,
  type EmvScheme,
  type EmvTagReader,
  type IssuerMasterKeys,
} from '../../../crypto/index.ts';
import {
  UsageError,
  choice,
  hexOption,
  optionalString,
  requireOption,
  type OptionValues,
} from './command.ts';

/** Options of the EMV cryptogram commands: the card, its chip data and where its keys come from. */
export const EMV_OPTIONS = {
  pan: { type: 'string' },
  psn: { type: 'string' },
  icc: { type: 'string' },
  keys: { type: 'string' },
  imk: { type: 'string' },
  'imk-smi': { type: 'string' },
  scheme: { type: 'string' },
  cvn: { type: 'string' },
} as const satisfies ParseArgsConfig['options'];

/** The synopsis of those options. */
export const EMV_SYNOPSIS =
  '--pan DIGITS [--psn NN] --icc HEX [--keys FILE | --imk HEX [--imk-smi HEX] --scheme visa|mastercard --cvn N]';

/** A card's keys and the chip data of one transaction, as a command line gives them. */
export interface EmvInputs {
  card: EmvCardKeys;
  tags: EmvTagReader;
  /** Where the keys came from: the BIN of the keys file, or "--imk". */
  from: string;
}

function givenKeys(values: OptionValues): IssuerMasterKeys {
  const scheme = choice('scheme', requireOption(values, 'scheme'), ['visa', 'mastercard'] as const);
  const cvn = Number(requireOption(values, 'cvn'));
  const imkAc = hexOption(values, 'imk', [16]);
  const smi = optionalString(values, 'imk-smi');
  return {
    version: cryptogramVersion(scheme satisfies EmvScheme, cvn),
    imkAc,
    imkSmi: smi === undefined ? imkAc : parseHex('imk-smi', smi, [16]),
    imkSmc: imkAc,
  };
}

/**
 * The card's keys and chip data: the icc's TLV, the PAN given apart (the reader sends it
 * encrypted), the PAN sequence number from --psn or 5F34; the issuer keys from --imk with
 * --scheme and --cvn, else from the keys file (--keys, default resources/issuer-keys.json) by
 * the PAN's BIN.
 */
export function readEmvInputs(values: OptionValues): EmvInputs {
  const pan = requireOption(values, 'pan');
  const tags = emvTagReader(decodeTlv(hexOption(values, 'icc')));
  const psn = optionalString(values, 'psn') ?? panSequenceOf(tags);
  if (values.imk !== undefined) {
    return { card: new EmvCardKeys(givenKeys(values), pan, psn), tags, from: '--imk' };
  }
  const file = optionalString(values, 'keys');
  const issuer = issuerKeysFor(file === undefined ? loadIssuerKeys() : loadIssuerKeys(file), pan);
  if (issuer === undefined) {
    throw new UsageError('no issuer keys for the BIN of --pan; give --imk, --scheme and --cvn');
  }
  return { card: new EmvCardKeys(issuer, pan, psn), tags, from: issuer.bin };
}
