import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { StoreTlsError, pgTlsOptions } from '../../../server/store/postgres/pg-tls-options.ts';
import type { PostgresTls } from '../../../server/store/postgres/postgres-location.ts';

const NONE = { sslrootcert: undefined, sslcert: undefined, sslkey: undefined };

/** The error pgTlsOptions refuses `tls` with. */
function refusal(tls: PostgresTls): unknown {
  try {
    pgTlsOptions(tls);
  } catch (error) {
    return error;
  }
  return undefined;
}

describe('the files of the ssl* parameters', () => {
  let dir: string;
  let home: string | undefined;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'laneterm-pg-tls-'));
    home = process.env.HOME;
    process.env.HOME = dir;
  });
  afterEach(() => {
    if (home === undefined) delete process.env.HOME;
    else process.env.HOME = home;
    rmSync(dir, { recursive: true, force: true });
  });

  it('are not read under sslmode=disable, and require needs none', () => {
    expect(pgTlsOptions({ sslmode: 'disable', ...NONE })).toBe(false);
    expect(pgTlsOptions({ sslmode: 'require', ...NONE })).toMatchObject({
      rejectUnauthorized: false,
    });
  });

  it('refuses a file it cannot read, or one holding no certificate, naming the parameter', () => {
    const missing = join(dir, 'ca.pem');
    const unreadable = refusal({ sslmode: 'verify-full', ...NONE, sslrootcert: missing });
    expect(unreadable).toBeInstanceOf(StoreTlsError);
    expect(unreadable).toMatchObject({
      code: 'STORE_TLS',
      message: `store: sslrootcert: cannot read ${missing} (ENOENT)`,
    });
    const garbage = join(dir, 'garbage.pem');
    writeFileSync(garbage, 'not a certificate\n');
    expect(refusal({ sslmode: 'verify-ca', ...NONE, sslrootcert: garbage })).toMatchObject({
      message: `store: sslrootcert: ${garbage} is not a PEM certificate`,
    });
    const client = { sslcert: garbage, sslkey: garbage };
    expect(refusal({ sslmode: 'require', ...NONE, ...client })).toMatchObject({
      message: `store: sslcert: ${garbage} is not a PEM certificate`,
    });
  });

  it('refuses verify-ca and verify-full without a CA, naming libpq’s default file', () => {
    for (const sslmode of ['verify-ca', 'verify-full'] as const) {
      expect(refusal({ sslmode, ...NONE })).toMatchObject({
        code: 'STORE_TLS',
        message:
          `store: sslrootcert: sslmode=${sslmode} checks the server against a CA, and ` +
          `${join(dir, '.postgresql', 'root.crt')} does not exist; give sslrootcert=PATH, or ` +
          'sslrootcert=system for the trusted roots',
      });
    }
  });
});
