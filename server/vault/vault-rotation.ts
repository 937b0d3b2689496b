import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import {
  describeCustody,
  forgetKek,
  obtainKek,
  sameCustody,
  type KekCustody,
} from './kek-custody.ts';
import { createSecretFile } from './secret-files.ts';
import { VaultKeyError } from './vault-key-error.ts';
import { unwrapVaultKey } from './vault-key.ts';
import {
  WRAPPED_KEY_FILE,
  kekCheck,
  readWrappedKeyFile,
  wrapDataKey,
  writeWrappedKeyFile,
  type WrappedKeyFile,
  type Wrapping,
} from './wrapped-key-file.ts';

/** True while process `pid` runs (signal 0 checks without sending anything). */
function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Runs `work` holding card-vault.json.lock, taking over a lock its dead holder left. */
function withRotationLock<T>(dataDir: string, work: () => T): T {
  const lock = join(dataDir, `${WRAPPED_KEY_FILE}.lock`);
  if (!createSecretFile(lock, String(process.pid))) {
    const holder = Number(readFileSync(lock, 'utf8'));
    if (Number.isInteger(holder) && holder > 0 && running(holder)) {
      throw new VaultKeyError('VAULT_KEY_BUSY', `${lock}: process ${holder} is rotating the keys`);
    }
    rmSync(lock, { force: true });
    if (!createSecretFile(lock, String(process.pid))) {
      throw new VaultKeyError('VAULT_KEY_BUSY', `${lock}: another process is rotating the keys`);
    }
  }
  try {
    return work();
  } finally {
    rmSync(lock, { force: true });
  }
}

/** A rotation worked out: the new wrapping, the one in use, and how to put the new KEK in place. */
export interface RotationPlan {
  from: KekCustody;
  to: KekCustody;
  next: Wrapping;
  current: Wrapping;
  /** Puts the new KEK in its place (keychain entry or key file); the old one is gone after. */
  keep: () => void;
  /** Removes the old KEK's keychain entry once no wrapping needs it. */
  forgetOld: () => void;
}

/**
 * Works out a rotation of `file`'s KEK to `target` (default where it is now): refuses the training
 * key and a target holding the KEK in use (PCI DSS 3.6.1, 3.7.4).
 */
export function planRotation(
  dataDir: string,
  file: WrappedKeyFile,
  target: KekCustody | undefined,
  where?: string,
): RotationPlan {
  const { key, wrapping: current } = unwrapVaultKey(dataDir, file, where);
  const from = current.kek;
  const to = target ?? from;
  if (to.kind === 'training') {
    throw new VaultKeyError(
      'VAULT_KEK_MISMATCH',
      `${describeCustody(to)} is shared by every demo data directory and is not rotated: ` +
        'move this one to the keychain, a key file or a variable',
    );
  }
  const inPlace = sameCustody(from, to);
  const { kek, keep } = obtainKek({ custody: to, vaultId: file.vault, dataDir }, !inPlace);
  if (kekCheck(kek) === current.check) {
    throw new VaultKeyError(
      'VAULT_KEK_MISMATCH',
      `${describeCustody(to)} holds the key-encrypting key in use: give a new one`,
    );
  }
  const forgetOld = () => {
    if (!inPlace) forgetKek({ custody: from, vaultId: file.vault, dataDir });
  };
  return { from, to, next: wrapDataKey(key, kek, to), current, keep, forgetOld };
}

/**
 * Re-wraps the card vault's data key of `dataDir` under a new key-encrypting key (PCI DSS 3.6.1,
 * 3.7.4), kept in `target` (default where the current one is): a new random key in the keychain
 * or a key file, the key already in a key file or variable named as a new place. The data key
 * and every sealed card stay as they are, so a running service is not disturbed. Safe against a
 * crash at any point: the new wrapping is written beside the old before the new KEK replaces the
 * old one, and the old wrapping is dropped only after. Returns the custody before and after.
 */
export function rotateVaultKek(
  dataDir: string,
  target?: KekCustody,
): { from: KekCustody; to: KekCustody } {
  return withRotationLock(dataDir, () => {
    const file = readWrappedKeyFile(dataDir);
    if (file === undefined) {
      throw new VaultKeyError('VAULT_KEK_MISSING', `${dataDir}: holds no card vault key yet`);
    }
    const { from, to, next, current, keep, forgetOld } = planRotation(dataDir, file, target);
    writeWrappedKeyFile(dataDir, { ...file, wrapped: [next, current] });
    keep();
    writeWrappedKeyFile(dataDir, { ...file, wrapped: [next] });
    forgetOld();
    return { from, to };
  });
}
