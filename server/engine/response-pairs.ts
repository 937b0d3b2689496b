import { formatHostTs, formatTimestamp } from '../shared/clock.ts';
import type { TransactionRecord } from '../store/transaction-record.ts';

/** The result part of an answer: the code fields of the request being answered. */
export interface AnswerResult {
  code: string;
  msoftCode: string;
  /** Present only when the request went online (docs/interface.md › Transaction response). */
  phardCode: string | null;
  verbiage: string;
  /** The stan of this request's online message. */
  stan: string | null;
}

/**
 * Marker of answers produced by the simulated processor (the real test server's Loopback module
 * answers simulator=loopback).
 */
const SIMULATOR_MARKER = 'loopback';

/** Sets `key` to the value as text, unless the value is absent (null or undefined). */
export function put(
  pairs: Record<string, string>,
  key: string,
  value: string | number | null | undefined,
): void {
  if (value !== null && value !== undefined) pairs[key] = String(value);
}

/**
 * The transaction response of one request on a transaction (docs/interface.md › Transaction response): the
 * request's result, then the transaction's ttid, approval and batch data, masked account,
 * verification results, token, order_id and payment_id, timestamp (numeric UTC offset, in the
 * merchant's zone), rcpt_host_ts, rcpt_entry_mode, and simulator=loopback.
 */
export function transactionPairs(
  txn: TransactionRecord,
  result: AnswerResult,
  at: Date,
  timeZone: string,
): Record<string, string> {
  const pairs: Record<string, string> = {
    code: result.code,
    msoft_code: result.msoftCode,
  };
  put(pairs, 'phard_code', result.phardCode);
  pairs.verbiage = result.verbiage;
  pairs.ttid = String(txn.ttid);
  put(pairs, 'auth', txn.auth);
  put(pairs, 'batch', txn.batchNumber);
  put(pairs, 'item', txn.item);
  put(pairs, 'stan', result.stan);
  pairs.account = txn.accountMasked;
  pairs.cardtype = txn.cardtype;
  put(pairs, 'cardholdername', txn.cardholdername);
  put(pairs, 'avs', txn.avs);
  put(pairs, 'cv', txn.cv);
  put(pairs, 'token', txn.token);
  put(pairs, 'order_id', txn.orderId);
  put(pairs, 'payment_id', txn.paymentId);
  pairs.timestamp = formatTimestamp(at, timeZone);
  pairs.rcpt_host_ts = formatHostTs(at, timeZone);
  pairs.rcpt_entry_mode = txn.entryMode;
  pairs.simulator = SIMULATOR_MARKER;
  return pairs;
}

/**
 * The answer's pairs with the batch item a capture took with its commit, put after `batch`: a back
 * end that numbers items at commit (PostgreSQL: docs/architecture.md, The store) gives the record
 * its item only once the store transaction has committed, after the pairs were made.
 */
export function withCommittedItem(
  pairs: Record<string, string>,
  txn: TransactionRecord,
): Record<string, string> {
  if (pairs.item !== undefined || txn.item === null || pairs.batch === undefined) return pairs;
  const item = String(txn.item);
  return Object.fromEntries(
    Object.entries(pairs).flatMap(([key, value]) =>
      key === 'batch'
        ? [
            [key, value],
            ['item', item],
          ]
        : [[key, value]],
    ),
  );
}

/** How an account shows in an answer: masked number, cardtype, name, entry mode. */
export interface AccountDisplay {
  accountMasked: string;
  cardtype: string;
  cardholdername: string | null;
  entryMode: string;
}

/**
 * The answer of a request on an account that records no transaction (balanceinq, cardtype): the
 * request's result, then `fields` (auth, pclevel, avs, cv, token, balance, card_*… as the
 * operation has them), the masked account, timestamp, rcpt_host_ts, rcpt_entry_mode and the
 * simulator marker, in the order of transactionPairs.
 */
export function accountPairs(
  account: AccountDisplay,
  result: AnswerResult,
  fields: Record<string, string | number | undefined>,
  at: Date,
  timeZone: string,
): Record<string, string> {
  const pairs: Record<string, string> = { code: result.code, msoft_code: result.msoftCode };
  put(pairs, 'phard_code', result.phardCode);
  pairs.verbiage = result.verbiage;
  put(pairs, 'stan', result.stan);
  pairs.account = account.accountMasked;
  pairs.cardtype = account.cardtype;
  put(pairs, 'cardholdername', account.cardholdername);
  for (const [key, value] of Object.entries(fields)) put(pairs, key, value);
  pairs.timestamp = formatTimestamp(at, timeZone);
  pairs.rcpt_host_ts = formatHostTs(at, timeZone);
  pairs.rcpt_entry_mode = account.entryMode;
  pairs.simulator = SIMULATOR_MARKER;
  return pairs;
}
