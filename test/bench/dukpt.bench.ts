// DUKPT key derivation cost, counted against the single TDES block encryption it is built from.
import { createCipheriv } from 'node:crypto';
import { bench, describe } from 'vitest';
import { TdesDukptDevice, tdesDukptIpek, tdesDukptKey } from '../../drivers/crypto/index.ts';

const BDK = Buffer.from('0123456789ABCDEFFEDCBA9876543210', 'hex');
const KSN = Buffer.from('FFFF9876543210E00001', 'hex');
/** The initial KSN a device is loaded with: counter 0. */
const INITIAL_KSN = Buffer.from('FFFF9876543210E00000', 'hex');
/** A counter with ten one-bits: the most work a host derivation can take. */
const KSN_HARDEST = Buffer.from('FFFF9876543210FFC000', 'hex');
const BLOCK = Buffer.from('0412AC89ABCDEF67', 'hex');
const KEY24 = Buffer.concat([BDK, BDK.subarray(0, 8)]);

describe('TDES DUKPT', () => {
  bench('baseline: one TDES block encryption', () => {
    const cipher = createCipheriv('des-ede3', KEY24, null).setAutoPadding(false);
    cipher.update(BLOCK);
    cipher.final();
  });
  bench('LaneTerm: host PIN key for a KSN with one counter bit', () => {
    tdesDukptKey(BDK, KSN, 'pin');
  });
  bench('LaneTerm: host PIN key for a KSN with ten counter bits', () => {
    tdesDukptKey(BDK, KSN_HARDEST, 'pin');
  });
  const newDevice = (): TdesDukptDevice =>
    new TdesDukptDevice(tdesDukptIpek(BDK, INITIAL_KSN), INITIAL_KSN);
  let device = newDevice();
  bench('LaneTerm: device next transaction (future-key registers)', () => {
    try {
      device.nextTransaction();
    } catch {
      device = newDevice();
    }
  });
});
