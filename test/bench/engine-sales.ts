// One process of `npm run bench:server -- --engine`: sales through the engine and the SQLite store
// of the checkout at ROOT (its engine tests' fixture: a TransactionService over a fresh database
// file with the durable commit, the loopback processor), CLIENTS at a time, with no network,
// authentication or request parsing; prints, as one JSON line, the CPU ms each sale cost in each
// round (docs/architecture.md, CPU per sale). Arguments: ROOT SECONDS ROUNDS CLIENTS.
import { pathToFileURL } from 'node:url';
import type * as EngineFixtures from '../server/engine/helpers/engine-fixture.ts';

const [root = '.', seconds = '3', rounds = '3', clients = '32'] = process.argv.slice(2);
const fixtures = pathToFileURL(`${root}/test/server/engine/helpers/engine-fixture.ts`).href;
const { EngineFixture, keyedSale } = (await import(fixtures)) as typeof EngineFixtures;

const fx = new EngineFixture();
const sale = keyedSale('12.34');

/** Sales for `ms`, CLIENTS at a time; returns how many were approved. */
async function sales(ms: number): Promise<number> {
  let approved = 0;
  const end = performance.now() + ms;
  await Promise.all(
    Array.from({ length: Number(clients) }, async () => {
      while (performance.now() < end) {
        const answer = await fx.run('sale', sale);
        if (answer.code !== 'AUTH') throw new Error(`sale not approved: ${answer.code}`);
        approved += 1;
      }
    }),
  );
  fx.pace.seen.length = 0;
  return approved;
}

await sales(Number(seconds) * 1000);
const cpuMsPerSale: number[] = [];
for (let round = 0; round < Number(rounds); round += 1) {
  const before = process.cpuUsage();
  const count = await sales(Number(seconds) * 1000);
  const used = process.cpuUsage(before);
  cpuMsPerSale.push((used.user + used.system) / 1000 / count);
}
await fx.close();
console.log(JSON.stringify({ cpuMsPerSale }));
