import { type TlvNode, decodeTlv, encodeTlv, findTlv } from '../crypto/index.ts';
import type { ChipTransaction, SimulatedChip } from './simulated-chip.ts';

/** What the simulated reader keeps of a contact read that went online (first GENERATE AC). */
export interface PendingChipTransaction {
  chip: SimulatedChip;
  transaction: ChipTransaction;
  /** 9F02, n12 as hex. */
  amount: string;
  /** The TVR (95) the terminal sent with the first GENERATE AC. */
  tvr: Buffer;
  /** The tags of the first answer the final data repeats (REPEATED_TAGS). */
  repeated: TlvNode[];
}

/** Tags of the first answer the final data repeats: AID, label, CVM results, entry mode. */
const REPEATED_TAGS: ReadonlySet<string> = new Set(['4F', '50', '84', '9F34', '9F39']);

/** What the card keeps of a contact read that asked to go online (its first answer's `nodes`). */
export function pendingChipTransaction(
  chip: SimulatedChip,
  transaction: ChipTransaction,
  nodes: readonly TlvNode[],
): PendingChipTransaction {
  const value = (tag: string) => findTlv(nodes, tag)?.value ?? Buffer.alloc(0);
  return {
    chip,
    transaction,
    amount: value('9F02').toString('hex'),
    tvr: Buffer.from(value('95')),
    repeated: nodes.filter((node) => REPEATED_TAGS.has(node.tag)),
  };
}

/**
 * TSI byte 1 bits (EMV 4.4 Book 3 Annex C6): offline data authentication, cardholder
 * verification, card and terminal risk management performed (the first answer's E8), issuer
 * authentication performed, script processing performed.
 */
const TSI_FIRST = 0xe8;
const TSI_ISSUER_AUTHENTICATION = 0x10;
const TSI_SCRIPT_PROCESSING = 0x04;

/**
 * TVR byte 5 bits (EMV 4.4 Book 3 Annex C5): issuer authentication failed, script processing
 * failed before the final GENERATE AC, script processing failed after it.
 */
const TVR_ISSUER_AUTHENTICATION_FAILED = 0x40;
const TVR_SCRIPT_FAILED_BEFORE = 0x20;
const TVR_SCRIPT_FAILED_AFTER = 0x10;

/** Approved ("00") as tag 8A carries it. */
const APPROVED = '3030';

/** "Unable to go online, offline approved" (Y3) as tag 8A carries it (EMV Book 4 Annex A6). */
const OFFLINE_APPROVED = '5933';

/** How the simulated devices spoil a completion: the card-decline and bad-arpc faults. */
export interface CompletionFaults {
  /** The card declines at its second GENERATE AC even when the issuer approved. */
  cardDeclines: boolean;
  /** The issuer authentication data reaches the card altered, so its ARPC does not verify. */
  arpcAltered: boolean;
}

const tlv = (tag: string, value: Buffer | string): TlvNode => ({
  tag,
  value: typeof value === 'string' ? Buffer.from(value, 'hex') : value,
});

/**
 * Runs the issuer scripts of one template (71 before, 72 after the final GENERATE AC): each
 * command's MAC is checked by the card; the result per script (EMV 4.4 Book 4 Annex A5) is 2n
 * processed, or 1n failed at its nth command, then its script id (9F18). Undefined results when
 * the template is absent; `failed` when a command failed.
 */
function runScripts(
  pending: PendingChipTransaction,
  host: readonly TlvNode[],
  template: '71' | '72',
): { results: Buffer[]; failed: boolean } {
  const results: Buffer[] = [];
  let failed = false;
  for (const script of host.filter((node) => node.tag === template)) {
    const children = script.children ?? [];
    const commands = children.filter((node) => node.tag === '86');
    const bad = commands.findIndex(
      (command) => !pending.chip.scriptCommand(pending.transaction, command.value),
    );
    if (bad >= 0) failed = true;
    const result = bad < 0 ? 0x20 : 0x10 | Math.min(bad + 1, 0x0e);
    const id = findTlv(children, '9F18')?.value ?? Buffer.alloc(4);
    results.push(Buffer.concat([Buffer.of(result), id]));
  }
  return { results, failed };
}

/**
 * The simulated card and reader completing a contact transaction on the host response `hostData`
 * (TLV: 91, 8A, 71/72; EMV 4.4 Book 3 §10.9–10.10): scripts of 71 run, then the issuer
 * authentication data (91) is given to the card, which checks its ARPC (EXTERNAL AUTHENTICATE or
 * the second GENERATE AC's data, as its CVN takes it; a failure sets TVR "issuer authentication
 * failed"), then the second GENERATE AC: TC when the issuer approved (8A "00" and 91's answer)
 * and the ARPC verified, or when the terminal could not go online and approves offline (8A Y3,
 * EMV Book 3 §10.7), else AAC; then scripts of 72. The final data repeats the receipt tags
 * of the first answer, with the final TVR, IAD (its CVR updated), TSI, 9F26/9F27, 8A and 9F5B.
 * Throws TlvError on bad hostData.
 */
export function secondGenerateAc(
  pending: PendingChipTransaction,
  hostData: Buffer,
  faults: CompletionFaults,
): Buffer {
  const host = decodeTlv(hostData);
  const arc = findTlv(host, '8A')?.value ?? Buffer.alloc(0);
  const tvr = Buffer.from(pending.tvr);
  let tsi = TSI_FIRST;
  const before = runScripts(pending, host, '71');
  if (before.failed) tvr[4] = (tvr[4] ?? 0) | TVR_SCRIPT_FAILED_BEFORE;
  const data = findTlv(host, '91')?.value;
  if (data !== undefined) {
    tsi |= TSI_ISSUER_AUTHENTICATION;
    const given = Buffer.from(data);
    if (faults.arpcAltered) given[0] = (given[0] ?? 0) ^ 0x01;
    if (!pending.chip.authenticateIssuer(pending.transaction, given).verified) {
      tvr[4] = (tvr[4] ?? 0) | TVR_ISSUER_AUTHENTICATION_FAILED;
    }
  }
  const issuerApproves = pending.transaction.issuer?.approves ?? true;
  const code = arc.toString('hex').toUpperCase();
  const wantsTc = (code === APPROVED && issuerApproves) || code === OFFLINE_APPROVED;
  const answer = pending.chip.secondGenerateAc(
    pending.transaction,
    wantsTc && !faults.cardDeclines,
    Buffer.from(tvr),
  );
  const after = runScripts(pending, host, '72');
  if (after.failed) tvr[4] = (tvr[4] ?? 0) | TVR_SCRIPT_FAILED_AFTER;
  const results = [...before.results, ...after.results];
  if (results.length > 0) tsi |= TSI_SCRIPT_PROCESSING;
  return encodeTlv([
    ...pending.repeated,
    tlv('95', tvr),
    tlv('9F10', answer.iad),
    tlv('9B', Buffer.of(tsi, 0x00)),
    tlv('9F02', pending.amount),
    tlv('9F26', answer.cryptogram),
    tlv('9F27', Buffer.of(answer.cid)),
    tlv('9F36', pending.transaction.tags.get('9F36') ?? Buffer.alloc(2)),
    tlv('8A', arc),
    ...(results.length === 0 ? [] : [tlv('9F5B', Buffer.concat(results))]),
  ]);
}
