import { CryptoError, parseHex, toHex } from '../../crypto/index.ts';
import { optionalString, requireOption, type CryptoCommand } from './shared/command.ts';
import { EMV_OPTIONS, EMV_SYNOPSIS, readEmvInputs } from './shared/emv-options.ts';

/** An authorisation response code as 8A carries it: two characters, e.g. "00" or "05". */
function responseCode(text: string): Buffer {
  if (!/^[0-9A-Z]{2}$/.test(text)) {
    throw new CryptoError('BAD_INPUT', 'arc', 'arc.an2', 'must be two characters 0-9 A-Z');
  }
  return Buffer.from(text, 'latin1');
}

/**
 * `crypto arpc`: the issuer authentication data (91) an issuer answers the ARQC of `--icc` with
 * (ARPC method 1 ARPC ‖ ARC, method 2 ARPC ‖ CSU, as the CVN says; EMV 4.4 Book 2 §8.2), for the
 * response code `--arc` (default 00, approved); with `--check HEX`, checks a 91 as the card does.
 */
export const command: CryptoCommand = {
  name: 'arpc',
  usage: [`arpc ${EMV_SYNOPSIS} [--arc AN2] [--check HEX]`],
  options: { ...EMV_OPTIONS, arc: { type: 'string' }, check: { type: 'string' } },
  run(values) {
    const { card, tags, from } = readEmvInputs(values);
    const arqc = parseHex('9F26', toHex(tags('9F26') ?? Buffer.alloc(0)), [8]);
    const check = optionalString(values, 'check');
    if (check === undefined) {
      const arc = responseCode(optionalString(values, 'arc') ?? '00');
      const approved = arc.toString('latin1') === '00';
      return toHex(card.issuerAuthenticationData(arqc, tags, arc, approved));
    }
    const { verified, approves } = card.checkIssuerAuthentication(
      arqc,
      tags,
      parseHex('check', requireOption(values, 'check')),
    );
    const { scheme, cvn, arpcMethod } = card.version;
    if (!verified) {
      throw new CryptoError(
        'MALFORMED',
        'check',
        'emv.arpc',
        `does not verify: not the ARPC (method ${arpcMethod}) of ${scheme} CVN ${cvn} under the keys of ${from}`,
      );
    }
    return JSON.stringify(
      { scheme, cvn, keys: from, method: arpcMethod, verified, approves },
      null,
      2,
    );
  },
};
