import type { Params } from '../../protocol/index.ts';
import { notOffered } from './answers.ts';
import type { OperationHandler } from './engine-context.ts';
import type { ServiceAnswer } from './service-types.ts';

/**
 * Request keys that select something the service does not offer yet, and the subject its
 * refusal names (docs/engine.md): entry methods (EMV, encrypted device data, tickets, checks),
 * PIN debit, and duplicate checking. Each answers DENY with DATA_BADTRANS.
 */
const NOT_OFFERED_KEYS: readonly (readonly [key: string, what: string, value?: string])[] = [
  ['icc', 'EMV data'],
  ['e_trackdata', 'encrypted device data'],
  ['e_account', 'encrypted device data'],
  ['e_datafield', 'encrypted device data'],
  ['cardshieldticket', 'tickets'],
  ['abaroute', 'check payments'],
  ['pin', 'PIN debit'],
  ['ksn', 'PIN debit'],
  ['duplcheck', 'duplicate checking', 'yes'],
];

/** The refusal of an entry method or option the service does not offer, if the request uses one. */
export function unofferedFeature(params: Params): ServiceAnswer | undefined {
  const hit = NOT_OFFERED_KEYS.find(
    ([key, , value]) => params[key] !== undefined && (value === undefined || params[key] === value),
  );
  return hit === undefined ? undefined : notOffered(hit[0], hit[1]);
}

/** Handler of an operation the service does not offer yet: "<op>: not offered by this server". */
export const notOfferedHandler: OperationHandler = (request) =>
  Promise.resolve(notOffered(request.op));
