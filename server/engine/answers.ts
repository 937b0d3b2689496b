import { Code, MsoftCode, ProtocolError } from '../../protocol/index.ts';
import type { ServiceAnswer } from './engine-context.ts';

/** A transaction-response answer of these pairs. */
export function response(pairs: Record<string, string>): ServiceAnswer {
  return { kind: 'response', pairs };
}

/** A decline by the service itself: code DENY, the msoft code, the verbiage; never phard_code. */
export function serviceDecline(msoftCode: MsoftCode, verbiage: string): ServiceAnswer {
  return response({ code: Code.DENY, msoft_code: msoftCode, verbiage });
}

/** The answer to a request that broke a rule of the interface (protocol's validators). */
export function protocolErrorAnswer(error: ProtocolError): ServiceAnswer {
  return serviceDecline(error.msoftCode, error.verbiage);
}

/**
 * A move the state table or a move's rule forbids: DATA_INVALIDMOD, verbiage "<subject>: <why>"
 * with the operation or field as subject. The real server's own all-capitals verbiage ("USE VOID OR
 * REVERSAL TO REFUND UNSETTLED TRANSACTIONS", as activemerchant's gateway tests record it) is
 * answered as is.
 */
export function invalidMove(subject: string, reason: string): ServiceAnswer {
  const verbiage = reason === reason.toUpperCase() ? reason : `${subject}: ${reason}`;
  return serviceDecline(MsoftCode.DATA_INVALIDMOD, verbiage);
}

/** No record for the reference given: DATA_RECORDNOTFOUND naming the field. */
export function notFound(field: string, what = 'transaction'): ServiceAnswer {
  return serviceDecline(MsoftCode.DATA_RECORDNOTFOUND, `${field}: no such ${what}`);
}

/**
 * An operation, entry method or option this server does not offer: DATA_BADTRANS, verbiage
 * "<op or key>: [what ]not offered by this server".
 */
export function notOffered(subject: string, what?: string): ServiceAnswer {
  const thing = what === undefined ? '' : `${what} `;
  return serviceDecline(MsoftCode.DATA_BADTRANS, `${subject}: ${thing}not offered by this server`);
}

/** The service is shutting down and takes no new work: SYS_UNAVAILABLE. */
export function unavailable(): ServiceAnswer {
  return serviceDecline(MsoftCode.SYS_UNAVAILABLE, 'service is shutting down; try again shortly');
}

/** Something failed inside the service while running the request. */
function internalFailure(): ServiceAnswer {
  return serviceDecline(MsoftCode.SYS_FAILURE, 'service failure while running the request');
}

/** The answer for a request that raised: a ProtocolError's decline, else a service failure. */
export function answerForError(error: unknown): ServiceAnswer {
  return error instanceof ProtocolError ? protocolErrorAnswer(error) : internalFailure();
}
