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

  it('refuses PostgreSQL and anything else, naming the form it takes, never echoing the value', () => {
    expect(parseServerArgs(['--store', 'postgres://lane:s3cret@db.example/laneterm'])).toEqual({
      error:
        '--store: PostgreSQL is not available in this version of the service; give sqlite:PATH ' +
        '(default: DATA_DIR/service.db)',
    });
    const other = parseServerArgs(['--store', 'mysql://lane:s3cret@db']);
    expect(other).toEqual({
      error: '--store: not a store location; give sqlite:PATH (default: DATA_DIR/service.db)',
    });
    expect(parseServerArgs(['--store', 'sqlite:'])).toHaveProperty('error');
  });
});
