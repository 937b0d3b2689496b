import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RestClient, type RestAnswer } from '../durability/helpers/rest-client.ts';
import { ServerProcess } from '../durability/helpers/server-process.ts';
import { admin } from '../helpers/admin-run.ts';
import { useTempDirs } from '../helpers/temp-dirs.ts';

const tempDir = useTempDirs('laneterm-fairness-');
let server: ServerProcess;
let merchantA: RestClient;
let merchantB: RestClient;
let merchantBId: number;

/** A sale the processor answers after 20 s (docs/test-cards.md, delay triggers). */
const SLOW = { account: '4111111111111111', expdate: '1230', amount: '8.20' };
/** A sale the processor answers at once. */
const QUICK = { ...SLOW, amount: '8.00' };
const BACKLOG = 20;

/** The service's "sent to the processor" debug lines, in order. */
function sent(): Record<string, unknown>[] {
  return server.logLines().filter((line) => line.msg === 'sent to the processor');
}

async function until(condition: () => boolean): Promise<void> {
  for (let waited = 0; !condition(); waited += 1) {
    if (waited === 400) throw new Error('the service never got there');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

beforeAll(async () => {
  const dir = tempDir();
  expect((await admin(dir, ['add-user', 'acme', '--password', 'acme-password'])).code).toBe(0);
  expect((await admin(dir, ['add-profile', 'acme', 'main'])).code).toBe(0);
  const key = await admin(dir, ['create-api-key', 'acme', '--profile', 'main']);
  const id = /api key id:\s+(\S+)/.exec(key.out)?.[1] ?? '';
  const secret = /api key secret:\s+(\S+)/.exec(key.out)?.[1] ?? '';
  merchantBId = Number(/\(id (\d+)/.exec((await admin(dir, ['show-merchant', 'acme'])).out)?.[1]);
  server = await ServerProcess.start(dir, ['--log-level', 'debug']);
  merchantA = new RestClient(server.plainPort, server.apiKey);
  merchantB = new RestClient(server.plainPort, { id, secret });
});
afterAll(async () => {
  await server.kill9();
});

describe('merchants share the processor fairly', () => {
  it('admits a second merchant’s sale beside the first one’s backlog, and answers it before any of it', async () => {
    const answered: string[] = [];
    const backlog = Array.from({ length: BACKLOG }, (_, i) =>
      merchantA.send('POST', 'transaction/purchase', SLOW).then(
        (answer: RestAnswer) => answered.push(`a${i}`) && answer,
        () => undefined,
      ),
    );
    await until(() => sent().length === 8);
    const quick = await merchantB.send('POST', 'transaction/purchase', QUICK);
    answered.push('b');
    expect(quick.body).toMatchObject({ code: 'AUTH' });
    expect(answered).toEqual(['b']);

    const admitted = sent().filter((line) => line.merchant === merchantBId);
    expect(admitted).toHaveLength(1);
    const [b] = admitted;
    expect(b).toMatchObject({ merchant_in_flight: 1, in_flight: 9, waiting: BACKLOG - 8 });
    expect(sent().filter((line) => line.merchant !== merchantBId)).toHaveLength(8);
    expect(backlog).toHaveLength(BACKLOG);
  });
});
