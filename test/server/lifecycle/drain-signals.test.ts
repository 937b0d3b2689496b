import { describe, expect, it } from 'vitest';
import { KvTestClient } from '../helpers/kv-client.ts';
import { portAfter, runEntry } from '../helpers/server-process.ts';
import { useTempDirs } from '../helpers/temp-dirs.ts';

const tempDir = useTempDirs();

/**
 * Starts the service, opens a key/value connection holding half a frame (its STX only), which a
 * drain waits for, and sends SIGTERM once the service has read it.
 */
async function drainingWithHalfAFrame(drainSeconds: string) {
  const args = ['--port', '0', '--plain-port', '0', '--data', tempDir(), '--demo'];
  const run = runEntry('server/cli.ts', [
    ...args,
    '--log-level',
    'warn',
    '--drain-timeout',
    drainSeconds,
  ]);
  const port = await portAfter(run, 'plain:');
  await run.line(/demo profile API key/);
  const kv = await KvTestClient.connect({ host: '127.0.0.1', port });
  kv.sendRaw('\x02');
  // Gives the service a moment to read the byte; were it not read, no drain would wait for it.
  await new Promise((resolve) => setTimeout(resolve, 300));
  run.child.kill('SIGTERM');
  await run.line(/SIGTERM: draining/);
  return { run, kv };
}

describe('a drain waiting on an open connection', () => {
  it('ends at --drain-timeout, cuts the connection and exits 0', async () => {
    const { run, kv } = await drainingWithHalfAFrame('1');
    expect(await run.exited).toBe(0);
    await kv.closed;
    expect(run.stdout.join('\n')).toMatch(
      /drain ended with connections open.*"reason":"timeout"|"reason":"timeout".*drain ended/,
    );
  }, 60_000);

  it('ends at a second SIGTERM and exits 0', async () => {
    const { run, kv } = await drainingWithHalfAFrame('600');
    run.child.kill('SIGTERM');
    await run.line(/SIGTERM: stopping/);
    expect(await run.exited).toBe(0);
    await kv.closed;
    expect(run.stdout.join('\n')).toMatch(/"reason":"cut"/);
  }, 60_000);
});
