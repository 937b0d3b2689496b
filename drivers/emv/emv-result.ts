import {
  POS_ENTRY,
  PROFILE_TAGS,
  type TlvNode,
  decodeTlv,
  emvReceiptTags,
  encodeTlv,
  findTlv,
  isSensitiveEmvTag,
} from '../crypto/index.ts';
import { DeviceError } from '../device-error.ts';
import type { EmvRead, EncryptedSwipeRead } from '../readers/card-read.ts';
import { encryptedSwipeRead } from '../readers/encrypted-swipe.ts';
import { displayFromMaskedPan } from '../readers/masked-track.ts';

const hex = (node: TlvNode | undefined): string | undefined =>
  node?.value.toString('hex').toUpperCase();

/**
 * The read an Activate Transaction answer becomes. Chip and contactless: icc is the whole TLV as
 * uppercase hex (the server decrypts DFEE13 with the KSN in DFEE12), plus receipt tags. Fallback
 * swipe (9F39 = 80): an encrypted swipe in the "idtech" format. PROTOCOL if the reader sends any
 * sensitive tag in the clear (encryption off), KEY_EXHAUSTED if it sends no KSN.
 */
export function emvReadFromTlv(data: Buffer): EmvRead | EncryptedSwipeRead {
  const nodes = decodeTlv(data);
  const clear = nodes.find((node) => isSensitiveEmvTag(node.tag));
  if (clear !== undefined) {
    throw new DeviceError(
      'PROTOCOL',
      `emv reader: tag ${clear.tag} sent in the clear; enable data encryption`,
      { field: clear.tag },
    );
  }
  const ksn = findTlv(nodes, PROFILE_TAGS.ksn)?.value ?? Buffer.alloc(0);
  const entry = findTlv(nodes, '9F39')?.value[0];
  if (entry === POS_ENTRY.fallback) {
    const read = encryptedSwipeRead({
      format: 'idtech',
      ciphertext: findTlv(nodes, PROFILE_TAGS.fallbackTrack)?.value ?? Buffer.alloc(0),
      ksn,
      maskedTrack1: findTlv(nodes, PROFILE_TAGS.maskedTrack1)?.value.toString('latin1'),
      maskedTrack2: findTlv(nodes, PROFILE_TAGS.maskedTrack2)?.value.toString('latin1'),
    });
    return { ...read, entryMode: 'fallback-swipe' };
  }
  if (ksn.length !== 10 || findTlv(nodes, PROFILE_TAGS.encryptedTags) === undefined) {
    throw new DeviceError(
      'KEY_EXHAUSTED',
      'emv reader sent no encrypted card data: DUKPT keys exhausted',
      { field: PROFILE_TAGS.ksn },
    );
  }
  const shown = displayFromMaskedPan(
    findTlv(nodes, PROFILE_TAGS.maskedPan)?.value.toString('latin1') ?? '',
  );
  if (shown === undefined) {
    throw new DeviceError('PROTOCOL', 'emv reader: masked PAN does not end in four digits', {
      field: PROFILE_TAGS.maskedPan,
    });
  }
  const contactless = entry === POS_ENTRY.contactless;
  const read: EmvRead = {
    kind: 'emv',
    entryMode: contactless ? 'contactless' : 'contact',
    ...shown,
    icc: encodeTlv(nodes).toString('hex').toUpperCase(),
    rfid: contactless ? 'yes' : 'no',
    receipt: emvReceiptTags(nodes),
  };
  const iacDefault = hex(findTlv(nodes, '9F0D'));
  if (iacDefault !== undefined) read.iacDefault = iacDefault;
  const expiry = hex(findTlv(nodes, '5F24'));
  if (expiry !== undefined && /^[0-9]{6}$/.test(expiry))
    read.expdate = expiry.slice(2, 4) + expiry.slice(0, 2);
  return read;
}
