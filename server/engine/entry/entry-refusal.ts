import { MsoftCode } from '../../../protocol/index.ts';
import { CryptoError, TlvError } from '../../../drivers/crypto/index.ts';
import { serviceDecline } from '../answers.ts';
import type { ServiceAnswer } from '../engine-context.ts';

/**
 * Card-present data the service refuses before anything goes online: its msoft code and a
 * verbiage naming the request field and the rule, never a value (docs/api.md, Card-present entry).
 */
export class EntryRefusal extends Error {
  readonly msoftCode: MsoftCode;

  constructor(msoftCode: MsoftCode, field: string, text: string) {
    super(`${field}: ${text}`);
    this.name = 'EntryRefusal';
    this.msoftCode = msoftCode;
  }
}

/** Shorthand: DATA_INVALIDFIELD on `field`. */
export function invalidEntry(field: string, text: string): EntryRefusal {
  return new EntryRefusal(MsoftCode.DATA_INVALIDFIELD, field, text);
}

/**
 * The service decline for an error raised while reading card-present data in request field
 * `field`: an EntryRefusal as it is; malformed BER-TLV as DATA_INVALIDFIELD naming the byte
 * offset; any other drivers/crypto error as DATA_INVALIDFIELD naming the element and its rule.
 * Anything else is not card data's fault and is thrown on.
 */
export function entryDecline(error: unknown, field: string): ServiceAnswer {
  if (error instanceof EntryRefusal) return serviceDecline(error.msoftCode, error.message);
  if (error instanceof TlvError) {
    const what = error.message.replace(/^tlv: /, '').replace(/ \(at byte \d+\)$/, '');
    return serviceDecline(
      MsoftCode.DATA_INVALIDFIELD,
      `${field}: malformed BER-TLV at byte ${error.offset}: ${what} (${error.rule})`,
    );
  }
  if (error instanceof CryptoError) {
    const text = error.field === field ? error.message.slice(field.length + 2) : error.message;
    return serviceDecline(MsoftCode.DATA_INVALIDFIELD, `${field}: ${text} (${error.rule})`);
  }
  throw error;
}
