// `npm run soak`: N lanes × M mixed transactions (sales with refunds and reversals, preauths with
// completions, gift issues, loads and sales) over REST v2, REST v1 and key/value against a service
// killed with SIGKILL at random moments and started again; then every lane's record of answers is
// reconciled against the store and printed as answered / unknown-then-resolved / lost /
// double-charged. Exits 1 when anything was lost or charged twice.
// `npm run soak -- --store postgres`: the lane soak (docs/scaling.md, The lane soak): lane
// processes with journals on disk against --instances service instances over PostgreSQL with a
// synchronous standby, lanes and instances SIGKILLed, the standby promoted once; every journal
// reconciled against the store. Exits 1 when anything was lost, charged twice or left unresolved.
import { parseArgs } from 'node:util';
import { runSoak } from './soak-run.ts';
import { tallyTable, type SoakTally } from './soak-reconcile.ts';
import { runLaneSoak } from './soak-lanes-run.ts';

const USAGE = `usage: npm run soak -- [--clients N] [--transactions M] [--kill-min MS] [--kill-max MS] [--seed S]
       npm run soak -- --store postgres [--lanes N] [--instances M] [--sales K] [--kill-min MS] [--kill-max MS] [--seed S]
  --clients N        lanes sending at once (default 12)
  --transactions M   transactions per lane (default 60)
  --store postgres   the lane soak: lane processes over PostgreSQL with a standby (default: the
                     client soak over one SQLite service)
  --lanes N          lane processes, with --store postgres (default 50)
  --instances M      service instances, each its own data directory, with --store postgres (default 2)
  --sales K          sales per lane, with --store postgres (default 20)
  --late-answer-ms MS   how long a lane listens for a late answer, with --store postgres (default
                     30000; with the 10 s answer deadline, when "no record" means not charged)
  --kill-min MS      least time between two kills (default 2000)
  --kill-max MS      most time between two kills (default 6000)
  --seed S           seed of the mix and the kill times (default from the clock)`;
const { values } = parseArgs({
  options: {
    help: { type: 'boolean', short: 'h' },
    store: { type: 'string' },
    clients: { type: 'string' },
    transactions: { type: 'string' },
    lanes: { type: 'string' },
    instances: { type: 'string' },
    sales: { type: 'string' },
    'late-answer-ms': { type: 'string' },
    'kill-min': { type: 'string' },
    'kill-max': { type: 'string' },
    seed: { type: 'string' },
  },
});
if (values.help === true) {
  console.log(USAGE);
  process.exit(0);
}
if (values.store !== undefined && values.store !== 'postgres' && values.store !== 'sqlite') {
  console.error(`soak: --store is postgres or sqlite, not "${values.store}"\n${USAGE}`);
  process.exit(2);
}
const { store, help: _help, ...numbers } = values;
if (Object.values(numbers).some((text) => text !== undefined && !/^[0-9]{1,9}$/.test(text))) {
  console.error(`soak: every option but --store takes a whole number\n${USAGE}`);
  process.exit(2);
}
const killEveryMs: [number, number] = [
  Number(values['kill-min'] ?? 2000),
  Number(values['kill-max'] ?? 6000),
];
const seed = Number(values.seed ?? Date.now() % 1_000_000);

/** Prints the tally and its problems; true when nothing was lost or charged twice. */
function report(tally: SoakTally): boolean {
  console.log(tallyTable(tally));
  for (const problem of tally.problems) console.log(`  ${problem}`);
  return tally.lost === 0 && tally.doubleCharged === 0;
}

if (store === 'postgres') {
  const options = {
    lanes: Number(values.lanes ?? 50),
    instances: Number(values.instances ?? 2),
    sales: Number(values.sales ?? 20),
    lateAnswerMs: Number(values['late-answer-ms'] ?? 30_000),
    killEveryMs,
    seed,
    log: (line: string) => console.log(`  ${line}`),
  };
  console.log(
    `LaneTerm lane soak: ${options.lanes} lane processes × ${options.sales} sales, ${options.instances} instances over PostgreSQL with a synchronous standby, a SIGKILL every ${killEveryMs.join('–')} ms, seed ${seed}`,
  );
  const result = await runLaneSoak(options);
  const { latency, rssMiB, kills } = result;
  console.log(
    [
      `lanes ${options.lanes}, instances ${options.instances}, ${result.seconds.toFixed(0)} s`,
      `sales ${result.sales} (journal entries ${result.entries}; on screen ${JSON.stringify(result.outcomes)})`,
      `kills: lanes ${kills.lanes}, instances ${kills.instances}; lane crashes ${result.crashes.length}`,
      `promotion: primary SIGKILL to standby writable ${result.promotionMs?.toFixed(0) ?? '(none)'} ms`,
      `swipe to result on screen: p50 ${(latency.p50 / 1000).toFixed(2)} s, p99 ${(latency.p99 / 1000).toFixed(2)} s`,
      `peak RSS: lanes ${rssMiB.laneLow}–${rssMiB.laneHigh} MiB, instances up to ${rssMiB.instanceHigh} MiB`,
    ].join('\n'),
  );
  for (const crash of result.crashes) console.log(`  ${crash}`);
  const clean = report(result.tally) && result.tally.unresolved === 0;
  process.exitCode = clean && result.crashes.length === 0 ? 0 : 1;
} else {
  const options = {
    clients: Number(values.clients ?? 12),
    transactions: Number(values.transactions ?? 60),
    killEveryMs,
    seed,
  };
  console.log(
    `LaneTerm soak: ${options.clients} lanes × ${options.transactions} transactions over v2, v1 and key/value, SIGKILL every ${killEveryMs.join('–')} ms, seed ${seed}`,
  );
  const result = await runSoak(options);
  console.log(`requests ${result.records}, kills ${result.kills}`);
  process.exitCode = report(result.tally) ? 0 : 1;
}
