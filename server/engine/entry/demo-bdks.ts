import { parseHex } from '../../../drivers/crypto/index.ts';
import type { BdkType } from '../../store/bdk-store.ts';
import type { BdkRegistry } from './bdk-registry.ts';

/**
 * The published test keys a demo service holds, so the simulated readers and PIN pads work out
 * of the box: the ANSI X9.24-1:2009 A.4 TDES test BDK under key set FFFF987654 (the simulators'
 * initial KSN FFFF9876543210E00000), and the X9.24-3:2017 AES-128 test BDK under BDK ID 12345678
 * (initial key ID 1234567890123456). Never keys of real devices.
 */
export const DEMO_BDKS: readonly { keySetId: string; type: BdkType; key: string }[] = [
  { keySetId: 'FFFF987654', type: 'tdes', key: '0123456789ABCDEFFEDCBA9876543210' },
  { keySetId: '12345678', type: 'aes128', key: 'FEDCBA9876543210F1F1F1F1F1F1F1F1' },
];

/** Registers the demo keys a service does not hold yet (a key set already registered is kept). */
export async function seedDemoBdks(bdks: BdkRegistry, nowTs: number): Promise<void> {
  for (const { keySetId, type, key } of DEMO_BDKS) {
    await bdks.add(keySetId, type, parseHex('bdk', key), nowTs);
  }
}
