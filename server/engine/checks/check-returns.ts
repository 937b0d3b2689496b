import { Code, MsoftCode } from '../../../protocol/index.ts';
import { unixSeconds } from '../../shared/clock.ts';
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
 * Records a check's return: its entry gains the return, losing its sealed account, and the
 * transaction RETURNED in txnstatus and a "return" event (its phard_code the return code); all in
 * one commit. Returns false, recording nothing, when the entry was closed meanwhile (another
 * instance answered it first).
 */
async function recordReturn(
  ctx: EngineContext,
  entry: CheckRecord,
  returned: CheckReturnRecord,
): Promise<boolean> {
  const recorded = await ctx.store.transaction(async (tx) => {
    if (!(await tx.checks.close(entry.ttid, returned))) return false;
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
    return true;
  });
  if (recorded) ctx.logger.info({ ttid: entry.ttid, returnCode: returned.code }, 'check returned');
  return recorded;
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
    if (await recordReturn(ctx, entry, { ...answer, ts: unixSeconds(ctx.clock()) })) returned += 1;
  }
  return returned;
}
