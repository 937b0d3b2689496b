// Test helper: a catalogue card's simulated chip that went online, and the host data its issuer
// answers, computed as the simulated issuer computes them.
import {
  EmvCardKeys,
  type TlvNode,
  encodeTlv,
  issuerKeysFor,
  loadIssuerKeys,
} from '../../../../drivers/crypto/index.ts';
import { findCard, loadCardCatalogue } from '../../../../drivers/sim/card-catalogue.ts';
import {
  type CompletionFaults,
  type PendingChipTransaction,
  pendingChipTransaction,
} from '../../../../drivers/sim/emv-card-completion.ts';
import { SimulatedChip } from '../../../../drivers/sim/simulated-chip.ts';

/** No fault: the card neither declines on its own nor gets altered issuer data. */
export const NO_FAULT: CompletionFaults = { cardDeclines: false, arpcAltered: false };

const tlv = (tag: string, value: Buffer): TlvNode => ({ tag, value });
const hex = (text: string): Buffer => Buffer.from(text, 'hex');

/** A chip online: each `pending()` runs a fresh first GENERATE AC; `hostData` answers it. */
export interface ChipOnline {
  chip: SimulatedChip;
  pending: () => PendingChipTransaction;
  /** The issuer's answer to the last ARQC: 91 (its ARPC), 8A `code`, and `extra` templates. */
  hostData: (code: string, extra?: TlvNode[]) => Buffer;
}

/** The chip of catalogue card `id` with its BIN's issuer keys, online for `amountMinor`. */
export function chipOnline(id: string, amountMinor: number): ChipOnline {
  const card = findCard(loadCardCatalogue(), id);
  const issuer = issuerKeysFor(loadIssuerKeys(), card.pan);
  if (issuer === undefined || card.emv === null) throw new Error(`${id}: no chip with issuer keys`);
  const chip = new SimulatedChip(new EmvCardKeys(issuer, card.pan, card.emv.panSequence), '01');
  let last: PendingChipTransaction | undefined;
  const pending = (): PendingChipTransaction => {
    const terminal = new Map([
      ['9F02', hex(String(amountMinor).padStart(12, '0'))],
      ['9F03', hex('000000000000')],
      ['9F1A', hex('0840')],
      ['95', hex('0000008000')],
      ['5F2A', hex('0840')],
      ['9A', hex('250615')],
      ['9C', hex('00')],
      ['9F37', hex('CAFEBABE')],
    ]);
    const { transaction, answer } = chip.firstGenerateAc(terminal, hex('1980'));
    const first = [
      tlv('4F', hex(card.emv?.aid ?? '')),
      tlv('50', Buffer.from(card.emv?.label ?? '', 'latin1')),
      tlv('9F34', hex('420300')),
      ...[...terminal].map(([tag, value]) => tlv(tag, value)),
      tlv('9F26', answer.cryptogram),
    ];
    last = pendingChipTransaction(chip, transaction, first);
    return last;
  };
  const hostData = (code: string, extra: TlvNode[] = []): Buffer => {
    const arc = Buffer.from(code, 'latin1');
    const tx = last?.transaction;
    if (tx === undefined) throw new Error('no ARQC yet');
    const data = chip.keys.issuerAuthenticationData(
      tx.arqc,
      (t) => tx.tags.get(t),
      arc,
      code === '00',
    );
    return encodeTlv([tlv('91', data), tlv('8A', arc), ...extra]);
  };
  return { chip, pending, hostData };
}
