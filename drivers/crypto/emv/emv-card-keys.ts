import { requireLength } from '../bytes.ts';
import { badInput } from '../errors.ts';
import { isoMacAlgorithm3 } from '../mac.ts';
import {
  type CryptogramVersion,
  type EmvTagReader,
  cryptogramData,
} from './cryptogram-versions.ts';
import {
  emvAcSessionKey,
  emvCommonSessionKey,
  iccMasterKeyOptionA,
  iccMasterKeyOptionB,
  mastercardSessionKey,
  visaSecureMessagingKey,
} from './emv-session-keys.ts';
import {
  CSU_ISSUER_APPROVES,
  arpcMethod1,
  arpcMethod2,
  cardStatusUpdate,
  scriptCommandMac,
} from './issuer-authentication.ts';

/** An issuer's master keys for one cryptogram version (one entry of resources/issuer-keys.json). */
export interface IssuerMasterKeys {
  version: CryptogramVersion;
  /** Issuer master key for application cryptograms, 16 bytes. */
  imkAc: Buffer;
  /** Issuer master key for secure messaging integrity (script MACs), 16 bytes. */
  imkSmi: Buffer;
  /** Issuer master key for secure messaging confidentiality, 16 bytes. */
  imkSmc: Buffer;
}

/** What a card learns from the issuer authentication data (91) it was given. */
export interface IssuerAuthentication {
  /** True when the ARPC is the one the issuer of this card computes for this ARQC. */
  verified: boolean;
  /** The issuer's answer inside 91: the ARC (method 1) or the CSU's approval bit (method 2). */
  approves: boolean;
}

/** Approved ("00") as an authorisation response code carries it. */
const APPROVED_ARC = Buffer.from('00', 'latin1');

function tag(tags: EmvTagReader, name: string, length: number): Buffer {
  const value = tags(name);
  if (value === undefined || value.length !== length) {
    throw badInput('icc', 'emv.ac-data', `tag ${name} must be ${length} bytes`);
  }
  return value;
}

/**
 * One card's keys as its issuer personalised them and derives them again online: the ICC master
 * keys for cryptograms and script integrity (EMV 4.4 Book 2 Annex A1.4, option A, or B as the
 * version says), and from them each transaction's session keys, cryptograms, ARPCs and script
 * MACs. The issuer and the simulated card use the same class, so what one computes the other
 * checks.
 */
export class EmvCardKeys {
  readonly version: CryptogramVersion;
  readonly #mkAc: Buffer;
  readonly #mkSmi: Buffer;

  constructor(issuer: IssuerMasterKeys, pan: string, psn = '00') {
    const derive =
      issuer.version.masterKeyOption === 'A' ? iccMasterKeyOptionA : iccMasterKeyOptionB;
    this.version = issuer.version;
    this.#mkAc = derive(issuer.imkAc, pan, psn);
    this.#mkSmi = derive(issuer.imkSmi, pan, psn);
  }

  /** The application cryptogram key of this transaction (ATC 9F36, and 9F37 for Mastercard). */
  acKey(tags: EmvTagReader): Buffer {
    switch (this.version.sessionKey) {
      case 'master-key':
        return this.#mkAc;
      case 'emv-common':
        return emvAcSessionKey(this.#mkAc, tag(tags, '9F36', 2));
      case 'mastercard':
        return mastercardSessionKey(this.#mkAc, tag(tags, '9F36', 2), tag(tags, '9F37', 4));
    }
  }

  /** The ARPC key: the transaction's AC key, or the ICC master key (M/Chip). */
  #arpcKey(tags: EmvTagReader): Buffer {
    return this.version.arpcKey === 'master-key' ? this.#mkAc : this.acKey(tags);
  }

  /** The 8-byte application cryptogram (ARQC, TC or AAC) over the data the version defines. */
  applicationCryptogram(tags: EmvTagReader): Buffer {
    const data = cryptogramData(this.version, tags);
    return isoMacAlgorithm3(this.acKey(tags), data, this.version.padding);
  }

  /**
   * The issuer authentication data (91) the issuer answers an ARQC with, under the version's
   * ARPC key: method 1 ARPC ‖ ARC, method 2 ARPC ‖ CSU (approving or not, EMV 4.4 Book 3 Annex
   * C8).
   */
  issuerAuthenticationData(
    arqc: Buffer,
    tags: EmvTagReader,
    arc: Buffer,
    approved: boolean,
  ): Buffer {
    const key = this.#arpcKey(tags);
    if (this.version.arpcMethod === 1) return Buffer.concat([arpcMethod1(key, arqc, arc), arc]);
    const csu = cardStatusUpdate(approved);
    return Buffer.concat([arpcMethod2(key, arqc, csu), csu]);
  }

  /**
   * What the card makes of issuer authentication data (91): whether its ARPC verifies for the
   * ARQC the card sent, and whether the issuer approves (method 1: the ARC in 91 is "00"; method
   * 2: the CSU's "issuer approves" bit). Data of the wrong length does not verify.
   */
  checkIssuerAuthentication(arqc: Buffer, tags: EmvTagReader, data: Buffer): IssuerAuthentication {
    requireLength('arqc', arqc, [8]);
    const key = this.#arpcKey(tags);
    if (this.version.arpcMethod === 1) {
      if (data.length !== 10) return { verified: false, approves: false };
      const arc = data.subarray(8, 10);
      const verified = arpcMethod1(key, arqc, arc).equals(data.subarray(0, 8));
      return { verified, approves: arc.equals(APPROVED_ARC) };
    }
    if (data.length < 8 || data.length > 16) return { verified: false, approves: false };
    const csu = data.subarray(4, 8);
    const verified = arpcMethod2(key, arqc, csu, data.subarray(8)).equals(data.subarray(0, 4));
    return { verified, approves: ((csu[1] ?? 0) & CSU_ISSUER_APPROVES) !== 0 };
  }

  /**
   * The MAC of an issuer script command (EMV 4.4 Book 2 §9.2) over header ‖ ATC ‖ ARQC ‖ data,
   * under the script integrity session key: Visa's secure messaging key of the ATC, or for
   * M/Chip the common session key with R = ARQC.
   */
  scriptMac(header: Buffer, data: Buffer, tags: EmvTagReader, arqc: Buffer): Buffer {
    requireLength('arqc', arqc, [8]);
    const atc = tag(tags, '9F36', 2);
    const key =
      this.version.scriptMac === 'visa'
        ? visaSecureMessagingKey(this.#mkSmi, atc)
        : emvCommonSessionKey(this.#mkSmi, arqc);
    return scriptCommandMac(key, header, Buffer.concat([atc, arqc]), data);
  }
}
