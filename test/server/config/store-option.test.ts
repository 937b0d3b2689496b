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

  it('takes postgres://, several hosts and target_session_attrs, and the pool size', () => {
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
    });
  });

  it('refuses anything else, naming the forms it takes, never echoing the value', () => {
    const forms =
      'give sqlite:PATH (default: DATA_DIR/service.db) or ' +
      'postgres://[USER@]HOST[:PORT][,HOST[:PORT]…]/DATABASE';
    expect(parseServerArgs(['--store', 'mysql://lane:s3cret@db'])).toEqual({
      error: `--store: not a store location; ${forms}`,
    });
    const unsupported = parseServerArgs(['--store', 'postgres://lane:s3cret@db/x?sslmode=bogus']);
    expect(unsupported).toEqual({ error: `--store: parameter sslmode: not supported; ${forms}` });
    expect(JSON.stringify(unsupported)).not.toContain('s3cret');
    expect(parseServerArgs(['--store', 'sqlite:'])).toHaveProperty('error');
  });
});
