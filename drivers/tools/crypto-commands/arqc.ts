import { CryptoError, toHex } from '../../crypto/index.ts';
import type { CryptoCommand } from './shared/command.ts';
import { EMV_OPTIONS, EMV_SYNOPSIS, readEmvInputs } from './shared/emv-options.ts';

/**
 * `crypto arqc`: the application cryptogram a card computes over the chip data of `--icc`, under
 * the issuer keys of its BIN (resources/issuer-keys.json) or given; when the icc carries 9F26, it
 * is checked, and one that differs is an error naming the cryptogram the keys give.
 */
export const command: CryptoCommand = {
  name: 'arqc',
  usage: [`arqc ${EMV_SYNOPSIS}`],
  options: EMV_OPTIONS,
  run(values) {
    const { card, tags, from } = readEmvInputs(values);
    const cryptogram = card.applicationCryptogram(tags);
    const sent = tags('9F26');
    const { scheme, cvn } = card.version;
    if (sent !== undefined && !sent.equals(cryptogram)) {
      throw new CryptoError(
        'MALFORMED',
        '9F26',
        'emv.arqc',
        `does not verify: ${scheme} CVN ${cvn} under the keys of ${from} gives ${toHex(cryptogram)}`,
      );
    }
    const report = {
      scheme,
      cvn,
      keys: from,
      cryptogram: toHex(cryptogram),
      ...(sent !== undefined && { verified: true }),
    };
    return JSON.stringify(report, null, 2);
  },
};
