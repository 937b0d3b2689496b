import { createHash } from 'node:crypto';
import { type TlvNode, decodeTlv, encodeTlv, findTlv } from '../crypto/index.ts';

/** What the simulated chip remembers of a contact read that went online (first GENERATE AC). */
export interface PendingChipTransaction {
  pan: string;
  /** 9F02, n12 as hex. */
  amount: string;
  /** 9F36, hex. */
  atc: string;
  /** The tags of the first answer the final data repeats (REPEATED_TAGS). */
  repeated: TlvNode[];
}

/** Tags of the first answer the final data repeats: AID, label, TVR, IAD, CVM results, entry mode. */
const REPEATED_TAGS: ReadonlySet<string> = new Set([
  '4F',
  '50',
  '84',
  '95',
  '9F10',
  '9F34',
  '9F39',
]);

/** What the card keeps of a contact read that asked to go online (its first answer's `nodes`). */
export function pendingChipTransaction(
  pan: string,
  amount: string,
  atc: string,
  nodes: readonly TlvNode[],
): PendingChipTransaction {
  return { pan, amount, atc, repeated: nodes.filter((node) => REPEATED_TAGS.has(node.tag)) };
}

/** TSI byte 1 bits (EMV Book 3 Annex C6): issuer authentication, script processing performed. */
const TSI_ISSUER_AUTHENTICATION = 0x10;
const TSI_SCRIPT_PROCESSING = 0x04;
/** TSI byte 1 of the first answer: data authentication, CVM, card and terminal risk management. */
const TSI_FIRST = 0xe8;

/** Approved ("00") as tag 8A carries it. */
const APPROVED = '3030';

const tlv = (tag: string, value: Buffer | string): TlvNode => ({
  tag,
  value: typeof value === 'string' ? Buffer.from(value, 'hex') : value,
});

/**
 * Issuer script results (9F5B, EMV Book 3 Annex A5): for each 71/72 template, the result byte
 * 20 (processed successfully; the simulated card runs every command) and the script id (9F18).
 */
function scriptResults(nodes: readonly TlvNode[]): Buffer | undefined {
  const scripts = nodes.filter((node) => node.tag === '71' || node.tag === '72');
  if (scripts.length === 0) return undefined;
  return Buffer.concat(
    scripts.map((script) =>
      Buffer.concat([
        Buffer.of(0x20),
        findTlv(script.children ?? [], '9F18')?.value ?? Buffer.alloc(4),
      ]),
    ),
  );
}

/**
 * The simulated card's second GENERATE AC on the host response `hostData` (TLV: 91, 8A, 71/72):
 * TC when the issuer approved (8A "00") and the card does not decline, else AAC (a host decline,
 * no answer: 8A Z3, or the card declining on its own). The final data repeats the receipt tags
 * of the first answer, with the final 9F26/9F27, the TSI of what was performed, 8A and 9F5B. The
 * cryptogram is a stand-in (no card keys), as the first one is. Throws TlvError on bad hostData.
 */
export function secondGenerateAc(
  pending: PendingChipTransaction,
  hostData: Buffer,
  cardDeclines: boolean,
): Buffer {
  const host = decodeTlv(hostData);
  const arc = findTlv(host, '8A')?.value ?? Buffer.alloc(0);
  const approved = arc.toString('hex').toUpperCase() === APPROVED && !cardDeclines;
  const cid = approved ? '40' : '00';
  const scripts = scriptResults(host);
  let tsi = TSI_FIRST;
  if (findTlv(host, '91') !== undefined) tsi |= TSI_ISSUER_AUTHENTICATION;
  if (scripts !== undefined) tsi |= TSI_SCRIPT_PROCESSING;
  const cryptogram = createHash('sha256')
    .update(`${pending.pan}|${pending.amount}|${pending.atc}|${cid}`)
    .digest()
    .subarray(0, 8);
  return encodeTlv([
    ...pending.repeated,
    tlv('9B', Buffer.of(tsi, 0x00)),
    tlv('9F02', pending.amount),
    tlv('9F26', cryptogram),
    tlv('9F27', cid),
    tlv('9F36', pending.atc),
    tlv('8A', arc),
    ...(scripts === undefined ? [] : [tlv('9F5B', scripts)]),
  ]);
}
