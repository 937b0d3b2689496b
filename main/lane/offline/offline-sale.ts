import { iccWithFinalData, type EmvCompletion, type HostAnswer } from '../../../drivers/index.ts';
import type { Tender } from '../../lane-api/index.ts';
import type { ForwardCard } from '../journal/offline-entries.ts';
import type { JournalEntry } from '../journal/journal-types.ts';
import type { LaneContext } from '../lane-context.ts';
import type { FirstGenerateAc } from './card-offline-decision.ts';
import { offlineManager } from './offline-managers.ts';
import { type OfflineCandidate, offlineVerdict } from './offline-verdict.ts';

/** What a card read tells the offline decision (docs/lane.md › Offline). */
export type OfflineRead = Omit<OfflineCandidate, 'tender' | 'amountMinor'>;

/** The card of a sale whose request could not leave. */
export interface OfflineSaleCard {
  /** The request's card fields as the reader produced them. */
  readonly fields: ForwardCard;
  readonly offline: OfflineRead;
  /** A contact chip read: the card waits for the terminal's 8A (Y3 or Z3). */
  readonly chip?: boolean;
}

/** What the offline step needs of its workflow. */
export interface OfflineSaleHost {
  readonly ctx: LaneContext;
  readonly workflowId: string;
  /** Completes the waiting chip with `answer`, keeping its final decision on the entry. */
  finishChip(
    entry: JournalEntry,
    answer: HostAnswer,
  ): Promise<{ entry: JournalEntry; completion: EmvCompletion | undefined }>;
  /** The override step (reason offline_limit): a manager's name and secret; `refused` after a wrong one. */
  askManager(refused: boolean): Promise<{ readonly username: string; readonly password: string }>;
}

/** Wrong name or secret this many times and the sale is declined (docs/lane.md › Offline). */
const MANAGER_TRIES = 3;

/** The manager of lane.yaml `offline.managers` who passed the limit, or undefined after 3 wrong tries. */
async function managerOverride(host: OfflineSaleHost): Promise<string | undefined> {
  for (let tries = 0; tries < MANAGER_TRIES; tries += 1) {
    const given = await host.askManager(tries > 0);
    const name = await offlineManager(host.ctx.offline.managers, given.username, given.password);
    if (name !== undefined) return name;
  }
  return undefined;
}

/**
 * A sale the service could not be reached for (docs/lane.md › Offline): undefined when this lane
 * never approves offline (the cashier is offered retry as before). Otherwise the lane's verdict
 * (offlineVerdict): approved, the entry joins the queue with the reader's card fields, after a
 * waiting chip answered TC to 8A Y3; refused, a waiting chip is given Z3 and the entry is
 * declined offline_refused with the rule it broke; a chip answering AAC to Y3 is declined so too.
 * A chip's queued icc carries its final TC (iccWithFinalData), the cryptogram forwarded. A limit
 * a manager may pass asks for one (lane.yaml offline.managers) up to 3 times: passed, the
 * approval names the manager; not, the sale is declined override_refused.
 */
export async function offlineSale(
  host: OfflineSaleHost,
  notSent: JournalEntry,
  card: OfflineSaleCard,
  tender: Tender,
  amountMinor: number,
): Promise<JournalEntry | undefined> {
  const { ctx } = host;
  if (!ctx.offline.allowed || notSent.operation !== 'sale') return undefined;
  const totals = ctx.journal.offline.totals(ctx.training);
  const candidate: OfflineCandidate = { ...card.offline, tender, amountMinor };
  let verdict = offlineVerdict(ctx.offline, candidate, totals, ctx.now());
  let overriddenBy: string | undefined;
  if (verdict.kind === 'lane_refused' && verdict.refusal.overridable) {
    overriddenBy = await managerOverride(host);
    if (overriddenBy !== undefined)
      verdict = offlineVerdict(ctx.offline, candidate, totals, ctx.now(), true);
  }
  if (verdict.kind !== 'approve') {
    if (card.chip === true) await host.finishChip(notSent, { arc: 'Z3' });
    const refused = verdict.kind === 'lane_refused' && verdict.refusal.overridable;
    const rule =
      verdict.kind === 'lane_refused' ? verdict.refusal.rule : `the card (${verdict.arc})`;
    return ctx.journal.recordOutcome(notSent.id, {
      state: 'declined',
      reason: refused ? 'override_refused' : 'offline_refused',
      decidedBy: 'lane',
      verbiage: `not approved offline: ${rule}${refused ? '; no manager passed it' : ''}`,
    });
  }
  let entry = notSent;
  let fields = card.fields;
  if (card.chip === true && verdict.arc === 'Y3') {
    const finished = await host.finishChip(notSent, { arc: 'Y3' });
    if (finished.completion?.cryptogramType !== 'TC') {
      return ctx.journal.recordOutcome(notSent.id, {
        state: 'declined',
        reason: 'offline_refused',
        decidedBy: 'lane',
        verbiage: 'not approved offline: the card declined (AAC)',
      });
    }
    entry = finished.entry;
    const first = fields['icc'];
    if (first !== undefined)
      fields = { ...fields, icc: iccWithFinalData(first, finished.completion.icc) };
  }
  const approved = ctx.journal.offline.approve(
    entry.id,
    fields,
    host.workflowId,
    ctx.now(),
    overriddenBy,
  );
  return approved ?? entry;
}

/** A contact chip's first GENERATE AC as its read tells it, for the card's offline decision. */
export function firstAcOfRead(
  receipt: { readonly cryptogramType?: 'ARQC' | 'TC' | 'AAC'; readonly tvr?: string },
  iacDefault: string | undefined,
): FirstGenerateAc | undefined {
  if (receipt.cryptogramType === undefined || receipt.tvr === undefined) return undefined;
  return {
    cryptogramType: receipt.cryptogramType,
    tvr: receipt.tvr,
    ...(iacDefault === undefined ? {} : { iacDefault }),
  };
}
