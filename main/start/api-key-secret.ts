import { AsyncEntry } from '@napi-rs/keyring';
import { readFileSync, statSync } from 'node:fs';
import { LaneFault } from '../lane/errors.ts';

/** The keychain service the lane keeps API key secrets under; the account is "apikey:<key id>". */
export const KEYCHAIN_SERVICE = 'laneterm';

/** The environment variable read when neither the keychain nor a file holds the secret. */
export const SECRET_ENV = 'LANETERM_API_KEY_SECRET';

/** Where a secret was found. */
export type SecretSource = 'keychain' | 'file' | 'environment';

const entry = (keyId: string): AsyncEntry => new AsyncEntry(KEYCHAIN_SERVICE, `apikey:${keyId}`);

function missing(keyId: string, why: string): LaneFault {
  return new LaneFault(
    'invalid_config',
    'server.apiKeyId',
    'secret.missing',
    `no secret for API key ${keyId} (${why}): store it in the OS keychain with ` +
      '"npm start -- store-api-key --config FILE" (it reads the secret from standard input), or ' +
      `give server.apiKeySecretFile (a file only its owner may read), or set ${SECRET_ENV}`,
  );
}

/** A secret file that only its owner may read (like an SSH key), or a LaneFault saying why not. */
function readSecretFile(path: string): string {
  let mode: number;
  try {
    mode = statSync(path).mode;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'unreadable';
    throw new LaneFault('invalid_config', 'server.apiKeySecretFile', 'file', `${path}: ${code}`);
  }
  if (process.platform !== 'win32' && (mode & 0o077) !== 0) {
    throw new LaneFault(
      'invalid_config',
      'server.apiKeySecretFile',
      'file.mode',
      `${path}: group or others may read it; chmod 600 it`,
    );
  }
  return readFileSync(path, 'utf8').trim();
}

/**
 * The profile API key's secret: from the OS keychain (@napi-rs/keyring: Keychain, Credential
 * Manager, Secret Service) where there is one and it holds it; else from the secret file; else
 * from LANETERM_API_KEY_SECRET. A LaneFault says what to do when none has it. Never logged.
 */
export async function readApiKeySecret(
  keyId: string,
  secretFile?: string,
  env: NodeJS.ProcessEnv = process.env,
): Promise<{ secret: string; source: SecretSource }> {
  let why = 'not in the keychain';
  try {
    const secret = await entry(keyId).getPassword();
    if (secret !== null && secret !== undefined && secret !== '')
      return { secret, source: 'keychain' };
  } catch (error) {
    why = `no usable keychain: ${error instanceof Error ? error.message : String(error)}`;
  }
  if (secretFile !== undefined) return { secret: readSecretFile(secretFile), source: 'file' };
  const fromEnv = env[SECRET_ENV];
  if (fromEnv !== undefined && fromEnv !== '') return { secret: fromEnv, source: 'environment' };
  throw missing(keyId, why);
}

/** Stores a profile API key's secret in the OS keychain; throws LaneFault when there is none. */
export async function storeApiKeySecret(keyId: string, secret: string): Promise<void> {
  try {
    await entry(keyId).setPassword(secret);
  } catch (error) {
    throw new LaneFault(
      'invalid_config',
      'keychain',
      'keychain.unavailable',
      `the OS keychain cannot store the secret (${error instanceof Error ? error.message : String(error)}); ` +
        `use server.apiKeySecretFile or ${SECRET_ENV} instead`,
    );
  }
}
