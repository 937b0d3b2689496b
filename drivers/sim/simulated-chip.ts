import type { EmvCardKeys, EmvTagReader, IssuerAuthentication } from '../crypto/index.ts';
import {
  type CardVerificationResults,
  FIRST_AC_CVR,
  issuerApplicationData,
} from './card-verification-results.ts';

/** One online transaction of a chip: what it computed its ARQC over, and what it recorded since. */
export interface ChipTransaction {
  /** The data objects of the cryptograms by tag: terminal data, AIP, ATC, IAD, PSN. */
  tags: Map<string, Buffer>;
  arqc: Buffer;
  cvr: CardVerificationResults;
  /** The issuer's answer inside its authentication data, once given (91). */
  issuer: IssuerAuthentication | undefined;
}

/** The chip's answer to a GENERATE AC: cryptogram information data (9F27), cryptogram, IAD. */
export interface GenerateAcAnswer {
  cid: number;
  cryptogram: Buffer;
  iad: Buffer;
}

const CID = { AAC: 0x00, TC: 0x40, ARQC: 0x80 } as const;

/**
 * The payment application of a simulated chip card (EMV 4.4 Book 3 §6.5, Book 2 §8): its keys
 * (the issuer master keys of its BIN, or keys of its own an issuer here does not hold), its
 * application transaction counter, and per transaction the card verification results its IAD
 * carries. It computes real cryptograms and checks the issuer's ARPC and script MACs with the
 * same drivers/crypto code the simulated issuer uses.
 */
export class SimulatedChip {
  readonly keys: EmvCardKeys;
  readonly psn: string;
  #atc = 0;

  constructor(keys: EmvCardKeys, psn: string) {
    this.keys = keys;
    this.psn = psn;
  }

  /**
   * The first GENERATE AC: the ATC counts one up and the cryptogram is computed over the
   * terminal's data with the card's AIP, ATC and IAD. `answers` is what the card gives: an ARQC
   * (go online), or a TC for a card that approves offline itself (EMV 4.4 Book 3 §9.3, its CVR
   * saying so). `counterfeit` answers a cryptogram the card's issuer keys do not give (the
   * bad-arqc fault).
   */
  firstGenerateAc(
    terminal: ReadonlyMap<string, Buffer>,
    aip: Buffer,
    counterfeit = false,
    answers: 'ARQC' | 'TC' = 'ARQC',
  ): { transaction: ChipTransaction; answer: GenerateAcAnswer } {
    this.#atc = (this.#atc % 0xffff) + 1;
    const atc = Buffer.alloc(2);
    atc.writeUInt16BE(this.#atc);
    const cvr = { ...FIRST_AC_CVR, firstAc: answers };
    const iad = issuerApplicationData(this.keys.version, cvr);
    const tags = new Map([...terminal, ['82', aip], ['9F36', atc], ['9F10', iad]]);
    tags.set('5F34', Buffer.from(this.psn, 'hex'));
    const arqc = this.keys.applicationCryptogram(reader(tags));
    if (counterfeit) arqc[0] = (arqc[0] ?? 0) ^ 0xff;
    return {
      transaction: { tags, arqc, cvr, issuer: undefined },
      answer: { cid: CID[answers], cryptogram: arqc, iad },
    };
  }

  /**
   * Issuer authentication (EXTERNAL AUTHENTICATE, EMV 4.4 Book 3 §6.5.4, or the 91 of the
   * second GENERATE AC's CDOL2 data): the ARPC is checked and the result kept in the CVR.
   */
  authenticateIssuer(transaction: ChipTransaction, data: Buffer): IssuerAuthentication {
    const result = this.keys.checkIssuerAuthentication(
      transaction.arqc,
      reader(transaction.tags),
      data,
    );
    transaction.issuer = result;
    transaction.cvr.issuerAuthenticationPerformed = true;
    transaction.cvr.issuerAuthenticationFailed = !result.verified;
    return result;
  }

  /**
   * One issuer script command with secure messaging (EMV 4.4 Book 2 §9.2): header (5 bytes), the
   * command data, and the 8-byte MAC, which must be the one of the card's script key; counted in
   * the CVR. True when the card ran it.
   */
  scriptCommand(transaction: ChipTransaction, command: Buffer): boolean {
    const header = command.subarray(0, 5);
    const data = command.subarray(5, -8);
    const ok =
      command.length >= 13 &&
      this.keys
        .scriptMac(header, data, reader(transaction.tags), transaction.arqc)
        .equals(command.subarray(-8));
    if (ok) transaction.cvr.scriptCommands += 1;
    else transaction.cvr.scriptFailed = true;
    return ok;
  }

  /**
   * The second GENERATE AC (EMV 4.4 Book 3 §6.5.5): a TC when the terminal asks for one and the
   * issuer authentication did not fail, else an AAC; the cryptogram is computed over the same
   * data with the terminal's final TVR and the CVR as it now stands.
   */
  secondGenerateAc(transaction: ChipTransaction, wantsTc: boolean, tvr: Buffer): GenerateAcAnswer {
    const approves = wantsTc && !transaction.cvr.issuerAuthenticationFailed;
    transaction.cvr.secondAc = approves ? 'TC' : 'AAC';
    const iad = issuerApplicationData(this.keys.version, transaction.cvr);
    transaction.tags.set('95', tvr);
    transaction.tags.set('9F10', iad);
    const cryptogram = this.keys.applicationCryptogram(reader(transaction.tags));
    return { cid: approves ? CID.TC : CID.AAC, cryptogram, iad };
  }
}

function reader(tags: ReadonlyMap<string, Buffer>): EmvTagReader {
  return (tag) => tags.get(tag);
}
