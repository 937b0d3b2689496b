import type { ParseArgsConfig } from 'node:util';
import { flag, hexOption, UsageError, type OptionValues } from './command.ts';

/** Which DUKPT a command runs: TDES (X9.24-1) by default, AES (X9.24-3) with a BDK size switch. */
export type DukptKind = 'tdes' | 'aes128' | 'aes256';

/** The BDK, the KSN and the DUKPT kind given on a command line. */
export interface DukptInputs {
  kind: DukptKind;
  /** 16 bytes (TDES, AES-128) or 32 bytes (AES-256). */
  bdk: Buffer;
  /** 10 or 8 bytes (TDES), 12 bytes (AES). */
  ksn: Buffer;
}

/** Options shared by the DUKPT commands: --bdk, --ksn and the --aes128 / --aes256 switches. */
export const DUKPT_OPTIONS = {
  bdk: { type: 'string' },
  ksn: { type: 'string' },
  aes128: { type: 'boolean' },
  aes256: { type: 'boolean' },
} as const satisfies ParseArgsConfig['options'];

/** Which DUKPT the command line asks for; UsageError when both AES switches are given. */
export function dukptKind(values: OptionValues): DukptKind {
  if (flag(values, 'aes128') && flag(values, 'aes256')) {
    throw new UsageError('--aes128 and --aes256 exclude each other');
  }
  return flag(values, 'aes128') ? 'aes128' : flag(values, 'aes256') ? 'aes256' : 'tdes';
}

/**
 * Reads --bdk and --ksn with the lengths the chosen DUKPT takes: a TDES KSN of 10 bytes (8
 * without its leading FFFF), an AES KSN of `aesKsnLengths` bytes (12 unless told).
 */
export function readDukptInputs(
  values: OptionValues,
  aesKsnLengths: readonly number[] = [12],
): DukptInputs {
  const kind = dukptKind(values);
  const bdk = hexOption(values, 'bdk', kind === 'aes256' ? [32] : [16]);
  const ksn = hexOption(values, 'ksn', kind === 'tdes' ? [8, 10] : aesKsnLengths);
  return { kind, bdk, ksn };
}
