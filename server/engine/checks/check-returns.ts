import { Code, MsoftCode } from '../../../protocol/index.ts';
import { unixSeconds } from '../clock.ts';
import type { EngineContext } from '../engine-context.ts';
import type { CheckRecord, CheckReturnRecord } from '../../store/check-store.ts';
import { updateTransaction } from '../transaction-writes.ts';

/**
 * Seconds after its batch settles that a check's ACH return is due by default: 60, so a training
 * run sees its returns within minutes (a real return comes within two banking days; NACHA
 * Operating Rules). `--check-return-seconds` sets it.
 */
export const DEFAULT_CHECK_RETURN_SECONDS = 60;

/** The user a return's event is recorded under: the ACH network, not a login. */
const RETURN_USER = 'ach';

/**
 * Records a check's return: the transaction gains RETURNED in txnstatus and a "return" event
 * (its phard_code the return code), and its entry the return, losing its sealed account; all in
 * one commit.
 */
async function recordReturn(
  ctx: EngineContext,
  entry: CheckRecord,
  returned: CheckReturnRecord,
): Promise<void> {
  await ctx.store.transaction(async (tx) => {
    const txn = await tx.transactions.find(entry.merchantId, entry.ttid);
    if (txn === undefined) throw new Error(`check ${entry.ttid} has no transaction`);
    await updateTransaction(
      tx,
      txn,
      { addFlag: 'RETURNED' },
      {
        action: 'return',
        amount: txn.amount,
        code: Code.DENY,
        msoftCode: MsoftCode.INT_SUCCESS,
        phardCode: returned.code,
        verbiage: `RETURNED ${returned.code} ${returned.reason}`,
        stan: null,
        stanSeq: null,
        username: RETURN_USER,
      },
      returned.ts,
    );
    await tx.checks.close(entry.ttid, returned);
  });
  ctx.logger.info({ ttid: entry.ttid, returnCode: returned.code }, 'check returned');
}

/**
 * Asks the processor about every settled check whose return time has come (oldest first): one
 * that came back is recorded (recordReturn), one that stands loses its sealed account. An entry
 * stays due until it is answered, so a failure or a restart loses no return. Returns how many
 * came back.
 */
export async function runDueReturns(ctx: EngineContext, now: Date): Promise<number> {
  let returned = 0;
  for (const entry of await ctx.store.checks.due(unixSeconds(now))) {
    if (entry.accountSealed === null) continue;
    const account = ctx.vault.unseal(entry.accountSealed, 'check').pan;
    const answer = await ctx.processor.achReturn({
      abaroute: entry.abaroute,
      account,
      accounttype: entry.accounttype,
    });
    if (answer === null) {
      await ctx.store.checks.close(entry.ttid, null);
      continue;
    }
    await recordReturn(ctx, entry, { ...answer, ts: unixSeconds(ctx.clock()) });
    returned += 1;
  }
  return returned;
}
