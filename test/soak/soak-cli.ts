// `npm run soak`: N lanes × M mixed transactions (sales with refunds and reversals, preauths with
// completions, gift issues, loads and sales) over REST v2, REST v1 and key/value against a service
// killed with SIGKILL at random moments and started again; then every lane's record of answers is
// reconciled against the store and printed as answered / unknown-then-resolved / lost /
// double-charged. Exits 1 when anything was lost or charged twice.
// Options: --clients N (default 12), --transactions M (default 60), --kill-min MS and --kill-max MS
// (time between kills, default 2000 and 6000), --seed S (default the time), --help.
import { parseArgs } from 'node:util';
import { runSoak } from './soak-run.ts';
import { tallyTable } from './soak-reconcile.ts';

const USAGE = `usage: npm run soak -- [--clients N] [--transactions M] [--kill-min MS] [--kill-max MS] [--seed S]
  --clients N        lanes sending at once (default 12)
  --transactions M   transactions per lane (default 60)
  --kill-min MS      least time between two kills of the service (default 2000)
  --kill-max MS      most time between two kills of the service (default 6000)
  --seed S           seed of the mix and the kill times (default from the clock)`;
const { values } = parseArgs({
  options: {
    help: { type: 'boolean', short: 'h' },
    clients: { type: 'string' },
    transactions: { type: 'string' },
    'kill-min': { type: 'string' },
    'kill-max': { type: 'string' },
    seed: { type: 'string' },
  },
});
if (values.help === true) {
  console.log(USAGE);
  process.exit(0);
}
const given = [
  values.clients,
  values.transactions,
  values['kill-min'],
  values['kill-max'],
  values.seed,
];
if (given.some((text) => text !== undefined && !/^[0-9]{1,9}$/.test(text))) {
  console.error(`soak: every option takes a whole number\n${USAGE}`);
  process.exit(2);
}
const options = {
  clients: Number(values.clients ?? 12),
  transactions: Number(values.transactions ?? 60),
  killEveryMs: [Number(values['kill-min'] ?? 2000), Number(values['kill-max'] ?? 6000)] as [
    number,
    number,
  ],
  seed: Number(values.seed ?? Date.now() % 1_000_000),
};
console.log(
  `LaneTerm soak: ${options.clients} lanes × ${options.transactions} transactions over v2, v1 and key/value, SIGKILL every ${options.killEveryMs.join('–')} ms, seed ${options.seed}`,
);
const result = await runSoak(options);
console.log(`requests ${result.records}, kills ${result.kills}`);
console.log(tallyTable(result.tally));
for (const problem of result.tally.problems) console.log(`  ${problem}`);
process.exitCode = result.tally.lost === 0 && result.tally.doubleCharged === 0 ? 0 : 1;
