import type { EmvCompletion, HostAnswer } from '../../drivers/index.ts';
import type { JournalEntry } from './journal/journal-types.ts';
import type { LaneContext } from './lane-context.ts';
import { WorkflowCancelled } from './workflow-control.ts';

const isApproved = (entry: JournalEntry): boolean =>
  entry.state === 'approved' || entry.state === 'partial';

/**
 * Ends a contact chip read on the service's answer (docs/devices.md, Completing a chip
 * transaction): the EMV reader gives the card the answer's issuer data (8A Z3 when none came,
 * or the terminal's own Y3 or Z3 for an offline decision)
 * and the card's second GENERATE AC answers TC or AAC, which the entry's receipts then state
 * (its final cryptogram, TVR and TSI, kept in the journal; the answer's rcpt_emv_* are the
 * ARQC's). The completion is undefined when the reader could not complete, which is written to
 * the lane's log and told to the cashier (chip_not_completed).
 */
export async function finishChip(
  ctx: LaneContext,
  entry: JournalEntry,
  issuerData: HostAnswer,
): Promise<{ entry: JournalEntry; completion: EmvCompletion | undefined }> {
  const completion = await ctx.devices.completeChip(issuerData).catch((error: unknown) => {
    console.error(`lane: the EMV reader could not complete the chip: ${(error as Error).message}`);
    ctx.notify({
      level: 'warning',
      code: 'chip_not_completed',
      params: { operation: entry.operation },
    });
    return undefined;
  });
  if (completion?.receipt.cryptogram === undefined) return { entry, completion };
  const chipped = ctx.journal.recordChip(entry.id, {
    cryptogramType: completion.cryptogramType,
    cryptogram: completion.receipt.cryptogram,
    ...(completion.receipt.tvr === undefined ? {} : { tvr: completion.receipt.tvr }),
    ...(completion.receipt.tsi === undefined ? {} : { tsi: completion.receipt.tsi }),
  });
  return { entry: chipped, completion };
}

/**
 * A contact chip sale's or preauth's end (docs/api.md, EMV): the card completes on the answer
 * (finishChip). An AAC after an approval is the card declining it: the lane reverses the
 * approval with the card's final data (icc) and answers the entry as declined by the card
 * (card_declined). A reversal the service did not apply cancels the workflow (`workflowId`),
 * whose cancel reverses the approval. A reader that cannot complete leaves the answer as it is.
 */
export async function completeChip(
  ctx: LaneContext,
  workflowId: string,
  answered: JournalEntry,
  issuerData?: string,
): Promise<JournalEntry> {
  const { entry, completion } = await finishChip(ctx, answered, issuerData);
  if (completion?.cryptogramType !== 'AAC' || !isApproved(entry) || entry.ttid === undefined)
    return entry;
  const reversal = await ctx.payments.send({
    workflowId,
    operation: 'reversal',
    purpose: 'compensate',
    parentId: entry.id,
    targetTtid: entry.ttid,
    amountMinor: entry.approvedMinor ?? entry.amountMinor,
    params: { icc: completion.icc },
    ...(entry.card === undefined ? {} : { card: entry.card }),
    ...(entry.tender === undefined ? {} : { tender: entry.tender }),
  });
  if (reversal.kind !== 'answered' || !isApproved(reversal.entry))
    throw new WorkflowCancelled('lane');
  return { ...entry, state: 'declined', reason: 'card_declined', decidedBy: 'lane' };
}
