import { decodeTlv, findTlv } from '../../drivers/crypto/index.ts';
import { type CardRead, DeviceError } from '../../drivers/index.ts';
import type { DeviceConfig } from './device-config.ts';

/** The EMV reader profile's KSN tag (docs/devices.md, "EMV reads: icc and the NGA reader profile"). */
const EMV_KSN_TAG = 'DFEE12';

/** The DUKPT KSN a read was encrypted under, uppercase hex; undefined for a clear (wedge) swipe. */
export function ksnOfRead(read: CardRead): string | undefined {
  if (read.kind === 'encrypted-swipe' || read.kind === 'keyed') return read.e_id;
  if (read.kind === 'plain-swipe') return undefined;
  const ksn = findTlv(decodeTlv(Buffer.from(read.icc, 'hex')), EMV_KSN_TAG)?.value;
  return ksn?.toString('hex').toUpperCase();
}

/** The key set a device is configured with; none for the wedge reader and the printer. */
export function keySetOf(config: DeviceConfig): string | undefined {
  return 'keySet' in config ? config.keySet : undefined;
}

/**
 * Refuses data encrypted under another key set than the device is configured for: the KSN must
 * start with `keySet` (its key set id, ANSI X9.24). A mismatch means the device was injected from
 * another BDK and the service could not decrypt it: PROTOCOL on field keySet, which faults the
 * device until a read of the right key set.
 */
export function checkKeySet(
  role: string,
  keySet: string | undefined,
  ksn: string | undefined,
): void {
  if (keySet === undefined || ksn === undefined || ksn.startsWith(keySet)) return;
  throw new DeviceError(
    'PROTOCOL',
    `${role}: KSN is not of key set ${keySet}; the device holds keys of another BDK`,
    { field: 'keySet' },
  );
}
