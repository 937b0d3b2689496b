import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createConnection } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { LaneEvent } from '../../../main/lane-api/index.ts';
import { listenLaneSocket, type LaneSocket } from '../../../main/start/lane-socket.ts';
import { startLaneBench, type LaneBench } from '../lane/helpers/lane-bench.ts';
import { LaneSocketClient } from '../lane/helpers/lane-socket-client.ts';

const dir = mkdtempSync(join(tmpdir(), 'laneterm-socket-'));
let bench: LaneBench;
beforeAll(async () => {
  bench = await startLaneBench({ devices: { reader: 'wedge' } });
});
afterAll(async () => {
  await bench.stop();
  rmSync(dir, { recursive: true, force: true });
});

let socket: LaneSocket | undefined;
afterEach(async () => {
  await socket?.close();
  socket = undefined;
});

function rawLine(path: string, text: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const connection = createConnection(path, () => connection.write(text));
    let got = '';
    connection.setEncoding('utf8');
    connection.on('data', (chunk: string) => {
      got += chunk;
      if (got.includes('"reply"')) {
        connection.destroy();
        resolve(got.split('\n').find((line) => line.includes('"reply"')) ?? '');
      }
    });
    connection.on('close', () => resolve(got));
    connection.on('error', reject);
  });
}

describe('lane socket', () => {
  it('answers commands by id, streams events, and only its owner can connect', async () => {
    const umask = process.umask();
    socket = await listenLaneSocket(bench.lane.engine, join(dir, 'a', 'lane.sock'));
    expect(statSync(socket.path).mode & 0o077).toBe(0);
    expect(statSync(join(dir, 'a')).mode & 0o777).toBe(0o700);
    expect(process.umask()).toBe(umask);
    const client = await LaneSocketClient.connect(socket.path);
    const events: LaneEvent[] = [];
    client.subscribe((event) => events.push(event));
    const reply = await client.send({ type: 'history.void', entryId: 'no-such-entry' });
    expect(reply).toEqual({
      ok: false,
      error: { code: 'not_found', message: 'no entry with that id', field: 'entryId' },
    });
    const { workflowId } = await bench.driver.send({ type: 'day.open' });
    await bench.driver.idle();
    expect(events[0]?.type).toBe('snapshot');
    expect(events).toContainEqual(
      expect.objectContaining({
        type: 'workflow',
        workflow: expect.objectContaining({ id: workflowId }),
      }),
    );
    client.close();
  });

  it('refuses a line that is not JSON and a command that breaks the schema; nothing starts', async () => {
    socket = await listenLaneSocket(bench.lane.engine, join(dir, 'b.sock'));
    expect(JSON.parse(await rawLine(socket.path, 'not json\n'))).toMatchObject({
      id: null,
      reply: { ok: false, error: { code: 'invalid_command', rule: 'json' } },
    });
    const bad = JSON.stringify({ id: 7, command: { type: 'sale.start', amountMinor: -1 } });
    expect(JSON.parse(await rawLine(socket.path, `${bad}\n`))).toMatchObject({
      id: 7,
      reply: { ok: false, error: { code: 'invalid_command', field: 'amountMinor' } },
    });
    expect((await bench.driver.send({ type: 'lane.snapshot' })).workflow).toBeNull();
  });

  it('closes a connection that sends a line longer than 64 KiB, unanswered', async () => {
    socket = await listenLaneSocket(bench.lane.engine, join(dir, 'c.sock'));
    const got = await rawLine(socket.path, 'x'.repeat(70 * 1024));
    expect(got).not.toContain('"reply"');
    expect(got).toContain('"snapshot"');
  });

  it('replaces a socket file a dead lane left, and refuses a path a live lane listens on', async () => {
    const path = join(dir, 'd.sock');
    writeFileSync(path, '');
    socket = await listenLaneSocket(bench.lane.engine, path);
    await expect(listenLaneSocket(bench.lane.engine, path)).rejects.toThrow(
      /another lane is listening/,
    );
  });
});
