import { describe, expect, it } from 'vitest';
import { SERVER_USAGE, parseServerArgs } from '../../../server/config/cli-options.ts';
import { withDefaults } from '../../../server/config/server-options.ts';

describe('server options for connections and memory', () => {
  it('reads them into the service limits, each in its unit', () => {
    const args = parseServerArgs([
      '--frame-timeout',
      '4',
      '--max-connections',
      '100',
      '--max-connections-per-source',
      '8',
      '--max-unsent-bytes',
      '32768',
      '--max-buffered-bytes',
      '1048576',
    ]);
    if (!('options' in args)) throw new Error(JSON.stringify(args));
    expect(args.options.limits).toMatchObject({
      frameTimeoutMs: 4000,
      maxConnections: 100,
      maxConnectionsPerSource: 8,
      maxUnsentBytes: 32_768,
      maxBufferedBytes: 1_048_576,
    });
  });

  it('refuses values out of range, naming the option and the range', () => {
    expect(parseServerArgs(['--max-unsent-bytes', '1000'])).toEqual({
      error: '--max-unsent-bytes: a whole number from 16384 to 1073741824',
    });
    expect(parseServerArgs(['--frame-timeout', '0'])).toEqual({
      error: '--frame-timeout: a whole number from 1 to 86400',
    });
    expect(parseServerArgs(['--max-connections-per-source', 'many'])).toEqual({
      error: '--max-connections-per-source: a whole number from 1 to 1000000',
    });
  });

  it('documents the defaults: per source well below the cap, 10 s frames, 64 MiB of buffers', () => {
    const { limits } = withDefaults({});
    expect(limits).toMatchObject({
      frameTimeoutMs: 10_000,
      maxConnections: 512,
      maxConnectionsPerSource: 64,
      maxUnsentBytes: 65_536,
      maxBufferedBytes: 67_108_864,
    });
    for (const option of [
      '--frame-timeout S',
      '--max-connections-per-source N',
      '--max-unsent-bytes N',
      '--max-buffered-bytes N',
    ])
      expect(SERVER_USAGE).toContain(option);
  });
});
