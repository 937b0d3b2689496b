import { DateTime } from 'luxon';
import { unixSeconds } from '../shared/clock.ts';
import type { EngineContext } from './engine-context.ts';
import { settleBatch } from './operations/settle.ts';

/** Days an authorization keeps its card data when it is never completed, reversed or voided. */
const AUTHORIZATION_CARD_RETENTION_DAYS = 30;

/** How often the service runs its housekeeping, in milliseconds (default 30 s). */
export const HOUSEKEEPING_INTERVAL_MS = 30_000;

/** The latest moment at or before `now` when the clock in `timeZone` read HH:MM. */
function lastOccurrence(settleTime: string, timeZone: string, now: Date): Date {
  const [hour = 0, minute = 0] = settleTime.split(':').map(Number);
  let at = DateTime.fromJSDate(now, { zone: timeZone }).set({
    hour,
    minute,
    second: 0,
    millisecond: 0,
  });
  if (at.toMillis() > now.getTime()) at = at.minus({ days: 1 });
  return at.toJSDate();
}

/**
 * Automatic settlement: every profile whose daily settle time (HH:MM, merchant's zone) has come
 * since its last run gets its open batch settled, and the run recorded, in one store transaction.
 * A time passed while the service was down is caught up at the next run. Returns the number of
 * batches settled.
 */
export async function runDueSettlements(ctx: EngineContext, now: Date): Promise<number> {
  let settled = 0;
  for (const setting of await ctx.store.merchants.autoSettleSettings()) {
    const due = unixSeconds(lastOccurrence(setting.settleTime, setting.profile.timeZone, now));
    if (setting.lastRunTs !== null && setting.lastRunTs >= due) continue;
    const nowTs = unixSeconds(now);
    const { profileId } = setting.profile;
    await ctx.store.transaction(async (tx) => {
      const batch = await tx.batches.open(profileId);
      if (batch !== undefined && (await settleBatch(ctx, tx, batch, nowTs)) !== undefined) {
        settled += 1;
        ctx.logger.info({ profileId, batch: batch.number }, 'batch auto-settled');
      }
      await tx.merchants.markAutoSettled(profileId, nowTs);
    });
  }
  return settled;
}

/** Clears the card data of authorizations older than the retention period; returns the count. */
export function clearStaleCardData(ctx: EngineContext, now: Date): Promise<number> {
  const nowTs = unixSeconds(now);
  return ctx.store.transactions.clearStaleCards(
    nowTs - AUTHORIZATION_CARD_RETENTION_DAYS * 86_400,
    nowTs,
  );
}
