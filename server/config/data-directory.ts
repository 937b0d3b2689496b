import envPaths from 'env-paths';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The service's data directory by default: the user's data directory for "laneterm" (env-paths:
 * ~/.local/share/laneterm on Linux, ~/Library/Application Support/laneterm on macOS,
 * %LOCALAPPDATA%\laneterm\Data on Windows) with a "server" folder inside.
 */
export function defaultDataDirectory(): string {
  return join(envPaths('laneterm', { suffix: '' }).data, 'server');
}

/** The files the service keeps in its data directory. */
export interface DataFiles {
  root: string;
  /** SQLite database (WAL files beside it). */
  database: string;
  /** The 32-byte key sealing TOTP secrets, itself sealed by the card vault, mode 0600. */
  secretKey: string;
  /** Generated TLS certificate (PEM) unless --cert is given. */
  certificate: string;
  /** Its private key (PEM), mode 0600. */
  privateKey: string;
  /** The demo merchant's profile API key, JSON {id, secret}, mode 0600. */
  demoApiKey: string;
  /**
   * Folder where earlier versions wrote e-mailed and texted receipt copies; a start moves them into
   * the store's outbox and removes it (legacy-outbox.ts).
   */
  outbox: string;
}

/** Creates the data directory if needed (mode 0700 when created) and names its files. */
export function prepareDataDirectory(root: string): DataFiles {
  mkdirSync(root, { recursive: true, mode: 0o700 });
  return {
    root,
    database: join(root, 'service.db'),
    secretKey: join(root, 'totp-key.sealed'),
    certificate: join(root, 'tls-cert.pem'),
    privateKey: join(root, 'tls-key.pem'),
    demoApiKey: join(root, 'demo-apikey.json'),
    outbox: join(root, 'outbox'),
  };
}
