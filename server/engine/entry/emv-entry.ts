import { MsoftCode, type Params } from '../../../protocol/index.ts';
import {
  CRYPTOGRAM_DATA_TAGS,
  CryptoError,
  POS_ENTRY,
  decodeTlv,
  emvCardTags,
  emvReceiptTags,
  findTlv,
  parseHex,
  profileCardNodes,
  toHex,
  trackExpiryToExpdate,
  type EmvReceiptTags,
  type TlvNode,
  type TrackData,
} from '../../../drivers/crypto/index.ts';
import type { CardEntry, EmvCardData, EntryModeCode } from './card-entry.ts';
import { deviceKsn, type DeviceKeys } from './dukpt-keys.ts';
import { decryptedTrackCard } from './encrypted-entry.ts';
import { EntryRefusal, invalidEntry } from './entry-refusal.ts';
import { parseTrackdata } from './track-text.ts';

/** TVR byte 3 bit 4: PIN entry required, PIN pad present, but PIN was not entered (EMV Book 3 C). */
const TVR_PIN_NOT_ENTERED = 0x08;

/**
 * The rcpt_emv_* fields of a chip's data (docs/interface.md › Transaction response, receipt data): aid (4F,
 * else 84), name (50, else 9F12), tvr (95), tsi (9B), ac (9F26), actype (9F27: ARQC, TC or AAC),
 * cvm (9F34), iad (9F10), form_factor (9F6E, contactless), pinbypass (yes when TVR says the
 * PIN was required but not entered, else no).
 */
export function emvReceiptPairs(tags: EmvReceiptTags): Record<string, string> {
  const fields: [string, string | undefined][] = [
    ['rcpt_emv_aid', tags.aid],
    ['rcpt_emv_name', tags.applicationLabel],
    ['rcpt_emv_tvr', tags.tvr],
    ['rcpt_emv_tsi', tags.tsi],
    ['rcpt_emv_ac', tags.cryptogram],
    ['rcpt_emv_actype', tags.cryptogramType],
    ['rcpt_emv_cvm', tags.cvmResults],
    ['rcpt_emv_iad', tags.iad],
    ['rcpt_emv_form_factor', tags.formFactor],
  ];
  const pairs = Object.fromEntries(fields.filter((f): f is [string, string] => f[1] !== undefined));
  if (tags.tvr !== undefined) {
    const byte3 = Number.parseInt(tags.tvr.slice(4, 6), 16);
    pairs.rcpt_emv_pinbypass = (byte3 & TVR_PIN_NOT_ENTERED) !== 0 ? 'yes' : 'no';
  }
  return pairs;
}

/** The icc of a request as TLV; malformed BER-TLV is refused naming its byte offset. */
export function iccNodes(icc: string): TlvNode[] {
  return decodeTlv(parseHex('icc', icc));
}

/** rcpt_entry_mode of a chip read: 9F39 07 or rfid=yes contactless, 80 fallback, else contact. */
function entryModeOf(nodes: readonly TlvNode[], params: Params): EntryModeCode {
  const entry = findTlv(nodes, '9F39')?.value[0];
  if (entry === POS_ENTRY.fallback) return 'F';
  return entry === POS_ENTRY.contactless || params.rfid === 'yes' ? 'T' : 'C';
}

/** The track read beside the chip, clear or encrypted, if the request carries one. */
function trackBeside(keys: DeviceKeys, params: Params): TrackData | undefined {
  if (params.trackdata !== undefined) {
    try {
      return parseTrackdata(params.trackdata);
    } catch (error) {
      if (!(error instanceof CryptoError)) throw error;
      throw invalidEntry('trackdata', `not a readable track (${error.rule})`);
    }
  }
  if (params.e_trackdata !== undefined) {
    if (params.e_id === undefined) {
      throw new EntryRefusal(MsoftCode.DATA_MISSINGFIELD, 'e_id', 'required with e_trackdata');
    }
    return decryptedTrackCard(keys, params);
  }
  return undefined;
}

/** The one PAN all sources agree on; refused when two differ or none gives one. */
function agreedPan(sources: (string | undefined)[]): string {
  const pans = [...new Set(sources.filter((pan): pan is string => pan !== undefined))];
  if (pans.length > 1) {
    throw invalidEntry('icc', 'the chip data and the track read beside it carry different PANs');
  }
  const [pan] = pans;
  if (pan === undefined) {
    throw invalidEntry(
      'icc',
      'no account: neither 5A nor 57, clear or encrypted (DFEE13), nor track data beside it',
    );
  }
  return pan;
}

/**
 * An EMV entry (docs/interface.md › account_data icc): the TLV is decoded (BER-TLV, EMV Book 3 Annex B); the
 * account comes from 5A and 57, in the clear or encrypted in the LaneTerm NGA profile's DFEE13
 * (under the key of DFEE12's key set), and from the track read beside it; expiry from 5F24, else
 * 57, else the track; name from 5F20, else track 1. A chip or contactless read needs its
 * cryptogram (9F26, 9F27) and is refused when the card already declined (AAC).
 */
export function emvEntry(keys: DeviceKeys, params: Params): CardEntry {
  const nodes = iccNodes(params.icc ?? '');
  const secret =
    profileCardNodes(nodes, (ksn, data) =>
      keys.decrypt(deviceKsn('icc', ksn.toString('hex')), data, 'data-request', 'icc'),
    ) ?? [];
  const clear = emvCardTags(nodes);
  const hidden = emvCardTags(secret);
  const track = trackBeside(keys, params);
  const chip = { ...clear, ...hidden };
  const pan = agreedPan([clear.pan, clear.track2?.pan, hidden.pan, hidden.track2?.pan, track?.pan]);
  const expiry = chip.expiry ?? chip.track2?.expiry ?? track?.expiry;
  const name = params.cardholdername ?? chip.name ?? track?.name;
  const entryMode = entryModeOf(nodes, params);
  const entry: CardEntry = {
    pan,
    ...(expiry !== undefined && { expdate: trackExpiryToExpdate(expiry) }),
    ...(name !== undefined && name !== '' && { cardholdername: name }),
    entryMode,
    cardNotPresent: false,
  };
  if (entryMode === 'F') return entry;
  return { ...entry, emv: chipData(nodes) };
}

/**
 * The cryptogram, the data objects the issuer verifies it over and the receipt fields of a chip
 * read; refused without a cryptogram or on an AAC.
 */
function chipData(nodes: readonly TlvNode[]): EmvCardData {
  const tags = emvReceiptTags(nodes);
  if (tags.cryptogram === undefined) {
    throw invalidEntry('icc', 'tag 9F26 (Application Cryptogram) is missing');
  }
  if (tags.cryptogramType === undefined) {
    throw invalidEntry('icc', 'tag 9F27 (Cryptogram Information Data) is missing');
  }
  if (tags.cryptogramType === 'AAC') {
    throw invalidEntry('icc', 'the card declined offline (9F27: AAC); nothing to authorize');
  }
  const issuerTags = CRYPTOGRAM_DATA_TAGS.flatMap((tag) => {
    const node = findTlv(nodes, tag);
    return node === undefined ? [] : [[tag, toHex(node.value)] as const];
  });
  return {
    receipt: emvReceiptPairs(tags),
    cryptogram: tags.cryptogram,
    cryptogramType: tags.cryptogramType,
    tags: Object.fromEntries(issuerTags),
  };
}
