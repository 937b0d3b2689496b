import { maskPan } from '../../drivers/crypto/index.ts';
import {
  emptyParams,
  isSensitiveKey,
  paramValue,
  parseAmount,
  type Params,
} from '../../protocol/index.ts';

/** Keys whose last four digits may show, as on a receipt: the account and a token. */
const LAST_FOUR_KEYS: ReadonlySet<string> = new Set(['account', 'token']);

/**
 * A card-data value for display (docs/protocol.md: SENSITIVE_PARAMS): an account or token keeps
 * its last four digits when it is a card-length number (drivers/crypto maskPan), everything else
 * is X throughout; a value already masked stays, and so does the CV result of an answer (GOOD,
 * BAD), which shares its key with the request's CV. Keys are read in any case, as the interface
 * reads them, so a report column named "Account" is masked too.
 */
export function maskValue(key: string, value: string): string {
  const name = key.toLowerCase();
  if (value === '' || !isSensitiveKey(name)) return value;
  if (name === 'cv' && !/\d/.test(value)) return value;
  if (/^X+[0-9]{0,4}$/.test(value)) return value;
  return LAST_FOUR_KEYS.has(name) ? maskPan(value) : 'X'.repeat(value.length);
}

/** Pairs with every card-data value masked (maskValue): what may be shown, printed or logged. */
export function maskPairs(pairs: Params): Params {
  const masked = emptyParams();
  for (const [key, value] of Object.entries(pairs)) masked[key] = maskValue(key, value);
  return masked;
}

function withPrefix(pairs: Params, prefix: string): Readonly<Record<string, string>> {
  return Object.fromEntries(Object.entries(pairs).filter(([key]) => key.startsWith(prefix)));
}

/**
 * A service answer as the lane reads it: the raw pairs (lower-case keys, exactly as received) and
 * typed accessors for the common fields of the transaction and transaction detail responses (docs/interface.md ›
 * Resources and their fields). Absent and empty values read as undefined.
 */
export class PaymentResponse {
  /** Every pair of the answer, lower-case keys, values as sent. */
  readonly pairs: Params;

  constructor(pairs: Params) {
    this.pairs = pairs;
  }

  /** The pairs with card data masked, for screens, journals and logs. */
  masked(): Params {
    return maskPairs(this.pairs);
  }

  /** A field's value; undefined when absent or empty. */
  get(key: string): string | undefined {
    const value = paramValue(this.pairs, key);
    return value === '' ? undefined : value;
  }

  /** A pipe-separated field as its members (docs/interface.md › Common value types), [] when absent. */
  list(key: string): string[] {
    return (
      this.get(key)
        ?.split('|')
        .filter((member) => member !== '') ?? []
    );
  }

  /** An amount field in minor units; undefined when absent or not an amount ("0.00" reads 0). */
  minorUnits(key: string): number | undefined {
    const value = this.get(key);
    if (value === undefined) return undefined;
    if (/^0+(\.0{1,2})?$/.test(value)) return 0;
    try {
      return parseAmount(value, key);
    } catch {
      return undefined;
    }
  }

  /** Overall disposition, e.g. AUTH, DENY (docs/interface.md › Errors §3). */
  get code(): string | undefined {
    return this.get('code');
  }
  /** The service's own result; anything but INT_SUCCESS is a decline by the service. */
  get msoftCode(): string | undefined {
    return this.get('msoft_code');
  }
  /** The processor's reason; present only when the transaction went online. */
  get phardCode(): string | undefined {
    return this.get('phard_code');
  }
  /** Human-readable result text. */
  get verbiage(): string | undefined {
    return this.get('verbiage');
  }
  /** Transaction identifier. */
  get ttid(): string | undefined {
    return this.get('ttid');
  }
  /** Authorization code. */
  get auth(): string | undefined {
    return this.get('auth');
  }
  /**
   * The account number masked (all but the last four replaced by X); a server that answers a bare
   * number is masked here, so a full PAN never reaches the lane's screens or logs.
   */
  get account(): string | undefined {
    const account = this.get('account');
    return account === undefined ? undefined : maskValue('account', account);
  }
  /** Card brand, e.g. VISA, MC. */
  get cardtype(): string | undefined {
    return this.get('cardtype');
  }
  /**
   * Amount authorized in minor units; on gift cashout/activate/issue the amount to remit or
   * applied.
   */
  get authAmount(): number | undefined {
    return this.minorUnits('authamount');
  }
  /** Remaining balance in minor units. */
  get balance(): number | undefined {
    return this.minorUnits('balance');
  }
  /** AVS result: GOOD, BAD, STREET, ZIP (libmonetra M_TransactionAVS). */
  get avs(): string | undefined {
    return this.get('avs');
  }
  /** CV result: GOOD, BAD (libmonetra M_TransactionCV). */
  get cv(): string | undefined {
    return this.get('cv');
  }
  /** Token standing for the account, when tokenization applied. */
  get token(): string | undefined {
    return this.get('token');
  }
  /** Batch the transaction is in. */
  get batch(): string | undefined {
    return this.get('batch');
  }
  /** Position in the batch. */
  get item(): string | undefined {
    return this.get('item');
  }
  /** System trace audit number of the message sent online. */
  get stan(): string | undefined {
    return this.get('stan');
  }
  /** Date-time text with a numeric UTC offset. */
  get timestamp(): string | undefined {
    return this.get('timestamp');
  }
  /** The order the transaction belongs to. */
  get orderId(): string | undefined {
    return this.get('order_id');
  }
  /** The payment's number within its order. */
  get paymentId(): string | undefined {
    return this.get('payment_id');
  }
  /** Detail: state flags, e.g. APPROVED, VOIDED, COMPLETE (docs/interface.md › Transaction detail response). */
  get txnstatus(): string[] {
    return this.list('txnstatus');
  }
  /** Detail: CAPTURED, ONLINE, SENSITIVEDATA. */
  get tranflags(): string[] {
    return this.list('tranflags');
  }
  /** The receipt fields rcpt_*, for the receipt builder. */
  get receipt(): Readonly<Record<string, string>> {
    return withPrefix(this.pairs, 'rcpt_');
  }
  /** The card attributes card_* of a BIN lookup. */
  get card(): Readonly<Record<string, string>> {
    return withPrefix(this.pairs, 'card_');
  }
}
