import { parseHex } from '../../crypto/index.ts';
import { decodeSwipeCapture } from '../../readers/swipe-capture.ts';
import { choice, hexOption, requireOption, type CryptoCommand } from './shared/command.ts';

/**
 * `crypto swipe`: checks the framing and hashes of a captured MagTek report or ID TECH frame,
 * decrypts it with the BDK and prints masked account, last four, name, expiry and service code
 * as JSON. Never prints the PAN or a track.
 */
export const command: CryptoCommand = {
  name: 'swipe',
  usage: ['swipe --format magtek|idtech --bdk HEX RAW_HEX'],
  options: { format: { type: 'string' }, bdk: { type: 'string' } },
  positionals: ['RAW_HEX'],
  run(values, [raw = '']) {
    const format = choice('format', requireOption(values, 'format'), ['magtek', 'idtech'] as const);
    const bdk = hexOption(values, 'bdk', [16]);
    return JSON.stringify(decodeSwipeCapture(format, bdk, parseHex('RAW_HEX', raw)), null, 2);
  },
};
