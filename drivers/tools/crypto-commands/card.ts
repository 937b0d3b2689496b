import { detectBrand, lastFour, luhnValid, maskPan, panLengthValid } from '../../crypto/index.ts';
import type { CryptoCommand } from './shared/command.ts';

/** `crypto card`: Luhn, brand and masked form of a PAN as JSON; the PAN itself is never printed. */
export const command: CryptoCommand = {
  name: 'card',
  usage: ['card PAN'],
  options: {},
  positionals: ['PAN'],
  run(_values, [pan = '']) {
    const last = lastFour(pan);
    const brand = detectBrand(pan);
    const report = {
      masked: maskPan(pan),
      lastFour: last,
      length: pan.length,
      luhn: luhnValid(pan),
      brand: brand === null ? null : { code: brand.code, name: brand.name },
      lengthValid: brand === null ? null : panLengthValid(pan, brand),
    };
    return JSON.stringify(report, null, 2);
  },
};
