import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseServerArgs } from '../../../server/config/cli-options.ts';

describe('the --store option', () => {
  it('takes sqlite:PATH, relative to the working directory', () => {
    expect(parseServerArgs(['--store', 'sqlite:data/lane.db'])).toHaveProperty('options.store', {
      backend: 'sqlite',
      path: resolve('data/lane.db'),
    });
    expect(parseServerArgs(['--store', 'sqlite:/srv/laneterm/service.db'])).toHaveProperty(
      'options.store',
      { backend: 'sqlite', path: '/srv/laneterm/service.db' },
    );
  });

  it('leaves the store to the data directory when not given', () => {
    expect(parseServerArgs([])).not.toHaveProperty('options.store');
  });

  it('takes postgres://, several hosts and target_session_attrs, and the pool size, plain by default', () => {
    expect(
      parseServerArgs([
        '--store',
        'postgres://lane:s3cret@db1.example,db2.example:5433/laneterm?target_session_attrs=read-write&pool_max=20',
      ]),
    ).toHaveProperty('options.store', {
      backend: 'postgres',
      hosts: [
        { host: 'db1.example', port: 5432 },
        { host: 'db2.example', port: 5433 },
      ],
      user: 'lane',
      password: 's3cret',
      database: 'laneterm',
      targetSessionAttrs: 'read-write',
      connectTimeoutSeconds: 15,
      poolMax: 20,
      applicationName: 'laneterm',
      tls: { sslmode: 'disable', sslrootcert: undefined, sslcert: undefined, sslkey: undefined },
    });
  });

  it('takes sslmode, sslrootcert, sslcert and sslkey, the files relative to the working directory', () => {
    const store = (query: string) =>
      parseServerArgs(['--store', `postgres://lane@db1.example,db2.example/laneterm?${query}`]);
    expect(
      store('sslmode=verify-full&sslrootcert=tls/ca.pem&sslcert=/etc/c.pem&sslkey=/etc/k.pem'),
    ).toHaveProperty('options.store.tls', {
      sslmode: 'verify-full',
      sslrootcert: resolve('tls/ca.pem'),
      sslcert: '/etc/c.pem',
      sslkey: '/etc/k.pem',
    });
    for (const sslmode of ['disable', 'require', 'verify-ca', 'verify-full']) {
      expect(store(`sslmode=${sslmode}`)).toHaveProperty('options.store.tls.sslmode', sslmode);
    }
    expect(store('sslmode=require&target_session_attrs=read-write')).toHaveProperty(
      'options.store.targetSessionAttrs',
      'read-write',
    );
    expect(store('sslrootcert=system')).toHaveProperty('options.store.tls', {
      sslmode: 'verify-full',
      sslrootcert: 'system',
      sslcert: undefined,
      sslkey: undefined,
    });
  });

  it('refuses a TLS setting that cannot hold, naming the parameter', () => {
    const error = (query: string) => {
      const args = parseServerArgs(['--store', `postgres://lane:s3cret@db/x?${query}`]);
      expect(JSON.stringify(args)).not.toContain('s3cret');
      return 'error' in args ? args.error.split(';')[0] : undefined;
    };
    expect(error('sslmode=prefer')).toBe(
      '--store: sslmode: disable, require, verify-ca, verify-full, not "prefer"',
    );
    expect(error('sslmode=bogus')).toMatch(/^--store: sslmode: /);
    expect(error('sslrootcert=/ca.pem')).toBe(
      '--store: sslrootcert: needs sslmode require, verify-ca or verify-full',
    );
    expect(error('sslmode=require&sslrootcert=')).toBe(
      '--store: sslrootcert: give the path of a PEM file',
    );
    expect(error('sslmode=verify-ca&sslrootcert=system')).toBe(
      '--store: sslrootcert=system: needs sslmode=verify-full',
    );
    expect(error('sslmode=require&sslcert=/c.pem')).toBe(
      '--store: sslcert and sslkey: give both or neither',
    );
  });

  it('refuses anything else, naming the forms it takes, never echoing the value', () => {
    const forms =
      'give sqlite:PATH (default: DATA_DIR/service.db) or ' +
      'postgres://[USER@]HOST[:PORT][,HOST[:PORT]…]/DATABASE';
    expect(parseServerArgs(['--store', 'mysql://lane:s3cret@db'])).toEqual({
      error: `--store: not a store location; ${forms}`,
    });
    const unsupported = parseServerArgs(['--store', 'postgres://lane:s3cret@db/x?sslcrl=crl.pem']);
    expect(unsupported).toEqual({ error: `--store: parameter sslcrl: not supported; ${forms}` });
    expect(JSON.stringify(unsupported)).not.toContain('s3cret');
    expect(parseServerArgs(['--store', 'sqlite:'])).toHaveProperty('error');
  });
});
