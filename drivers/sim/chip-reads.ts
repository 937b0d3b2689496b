import { randomBytes } from 'node:crypto';
import {
  EmvCardKeys,
  POS_ENTRY,
  PROFILE_TAGS,
  type BinIssuerKeys,
  type IssuerMasterKeys,
  type TlvNode,
  cryptogramVersion,
  encodeTlv,
  issuerKeysFor,
} from '../crypto/index.ts';
import type { TestCard } from './card-catalogue.ts';
import { type ChipTransaction, SimulatedChip } from './simulated-chip.ts';

const tlv = (tag: string, value: Buffer | string): TlvNode => ({
  tag,
  value: typeof value === 'string' ? Buffer.from(value, 'hex') : value,
});
const hex = (text: string): Buffer => Buffer.from(text, 'hex');
const bcd = (digits: string): string => (digits.length % 2 === 0 ? digits : `${digits}F`);
const maskedPan = (pan: string): string =>
  `${pan.slice(0, 6)}${'*'.repeat(pan.length - 10)}${pan.slice(-4)}`;

/**
 * Application interchange profile (82, EMV 4.4 Book 3 Annex C1): cardholder verification, terminal
 * risk management and CDA supported (19 80), and for a card that takes its ARPC by EXTERNAL
 * AUTHENTICATE (Visa CVN 10, ARPC method 1) issuer authentication supported (1D 80).
 */
const AIP = { cdol2: hex('1980'), externalAuthenticate: hex('1D80') } as const;

/**
 * TVR of the first GENERATE AC (EMV 4.4 Book 3 Annex C5): "transaction exceeds floor limit" when
 * the terminal asks the card to go online; nothing set when it asks a card that approves offline
 * itself for a TC.
 */
const FIRST_TVR = { ARQC: '0000008000', TC: '0000000000' } as const;

/** The terminal's data of the first GENERATE AC: amounts, US country and dollars, TVR, date, UN. */
function terminalData(amount: string, asks: 'ARQC' | 'TC'): Map<string, Buffer> {
  return new Map([
    ['9F02', hex(amount)],
    ['9F03', hex('000000000000')],
    ['9F1A', hex('0840')],
    ['95', hex(FIRST_TVR[asks])],
    ['5F2A', hex('0840')],
    ['9A', hex(new Date().toISOString().slice(2, 10).replace(/-/g, ''))],
    ['9C', hex('00')],
    ['9F37', randomBytes(4)],
  ]);
}

/** Last day of the card's expiry month as EMV 5F24 YYMMDD. */
function expiryDate(yymm: string): string {
  const lastDay = new Date(
    Date.UTC(2000 + Number(yymm.slice(0, 2)), Number(yymm.slice(2)), 0),
  ).getUTCDate();
  return `${yymm}${String(lastDay).padStart(2, '0')}`;
}

/**
 * The chips of the catalogue cards an EMV reader simulator is presented with, one per card (each
 * keeping its own transaction counter), with the issuer master keys of its BIN; a card whose BIN
 * has none gets keys of an issuer the service does not know: a Visa CVN 18 chip under random keys.
 */
export class SimulatedChips {
  readonly #chips = new Map<string, SimulatedChip>();
  readonly #issuerKeys: readonly BinIssuerKeys[];
  readonly #unknownIssuer: IssuerMasterKeys = {
    version: cryptogramVersion('visa', 18),
    imkAc: randomBytes(16),
    imkSmi: randomBytes(16),
    imkSmc: randomBytes(16),
  };

  constructor(issuerKeys: readonly BinIssuerKeys[]) {
    this.#issuerKeys = issuerKeys;
  }

  /** The chip of `card`, made at its first insert or tap. */
  chipOf(card: TestCard, psn: string): SimulatedChip {
    let chip = this.#chips.get(card.id);
    if (chip === undefined) {
      const issuer = issuerKeysFor(this.#issuerKeys, card.pan) ?? this.#unknownIssuer;
      chip = new SimulatedChip(new EmvCardKeys(issuer, card.pan, psn), psn);
      this.#chips.set(card.id, chip);
    }
    return chip;
  }
}

/** How the reader protects the card data of a read: the DUKPT KSN and the data-key encryption. */
export interface ReadProtection {
  ksn: Buffer;
  encrypt: (data: Buffer) => Buffer;
}

/**
 * The answer of a chip read in the LaneTerm NGA reader profile (docs/devices.md): the chip's
 * first GENERATE AC over the terminal's data (its ARQC, or TC for a card that approves offline
 * itself; IAD, ATC; a counterfeit cryptogram when asked), the receipt tags, the entry mode, and the card data (5A, 57, 5F20) encrypted in DFEE13
 * beside its KSN (DFEE12) and the masked PAN (DFEE14). Returns the TLV nodes and the chip's
 * transaction, which a contact read keeps for the host response.
 */
export function chipRead(
  card: TestCard & { emv: NonNullable<TestCard['emv']> },
  contactless: boolean,
  chip: SimulatedChip,
  amount: string,
  protection: ReadProtection,
  counterfeit: boolean,
): { nodes: TlvNode[]; transaction: ChipTransaction } {
  const sensitive = encodeTlv([
    tlv('5A', bcd(card.pan)),
    tlv('57', bcd(`${card.pan}D${card.expiry}${card.serviceCode}1000000`)),
    tlv('5F20', Buffer.from(card.cardholderName.padEnd(26, ' '), 'latin1')),
  ]);
  const { version } = chip.keys;
  const aip =
    version.scheme === 'visa' && version.arpcMethod === 1 ? AIP.externalAuthenticate : AIP.cdol2;
  const asks = card.emv.firstAc ?? 'ARQC';
  const terminal = terminalData(amount, asks);
  const { transaction, answer } = chip.firstGenerateAc(terminal, aip, counterfeit, asks);
  const nodes = [
    tlv('4F', card.emv.aid),
    tlv('50', Buffer.from(card.emv.label, 'latin1')),
    tlv('5F24', expiryDate(card.expiry)),
    tlv('5F34', card.emv.panSequence),
    tlv('82', aip),
    tlv('84', card.emv.aid),
    ...[...terminal].map(([tag, value]) => tlv(tag, value)),
    tlv('9B', 'E800'),
    ...(card.emv.iacDefault === undefined ? [] : [tlv('9F0D', card.emv.iacDefault)]),
    tlv('9F10', answer.iad),
    tlv('9F26', answer.cryptogram),
    tlv('9F27', Buffer.of(answer.cid)),
    tlv('9F33', 'E0F8C8'),
    tlv('9F34', contactless ? '1F0302' : '420300'),
    tlv('9F35', '22'),
    tlv('9F36', transaction.tags.get('9F36') ?? Buffer.alloc(2)),
    tlv('9F39', Buffer.of(contactless ? POS_ENTRY.contactless : POS_ENTRY.contact)),
    ...(contactless ? [tlv('9F6E', '20700000')] : []),
    tlv(PROFILE_TAGS.ksn, protection.ksn),
    tlv(PROFILE_TAGS.encryptedTags, protection.encrypt(sensitive)),
    tlv(PROFILE_TAGS.maskedPan, Buffer.from(maskedPan(card.pan), 'latin1')),
  ];
  return { nodes, transaction };
}
