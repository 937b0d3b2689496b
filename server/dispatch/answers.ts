import {
  MsoftCode,
  ProtocolError,
  validateRequest,
  type ApiVersion,
  type OperationName,
  type Params,
} from '../../protocol/index.ts';
import type { Identity } from '../auth/authenticator.ts';
import type { Denial } from '../auth/denial.ts';
import { protocolErrorAnswer, type ServiceAnswer, serviceDecline } from '../engine/index.ts';

/**
 * The refusal of an operation the dispatcher answers itself (mfa_cookie, chkpwd) whose
 * parameters break a rule of the interface (protocol's validateRequest, in the caller's zone),
 * or undefined when they keep every rule.
 */
export function validationRefusal(
  op: OperationName,
  identity: Identity,
  request: { params: Params; version: ApiVersion; now: Date },
): ServiceAnswer | undefined {
  try {
    const { version, now } = request;
    validateRequest(op, request.params, { version, timeZone: identity.login.timeZone, now });
    return undefined;
  } catch (error) {
    if (error instanceof ProtocolError) return protocolErrorAnswer(error);
    throw error;
  }
}

/** A refusal before the operation ran, as pairs. */
export function denialAnswer(denial: Denial): ServiceAnswer {
  return serviceDecline(denial.msoftCode, denial.verbiage);
}

/** The answer to an unexpected fault (logged where it happened): SYS_FAILURE. */
export const INTERNAL_FAULT: ServiceAnswer = serviceDecline(
  MsoftCode.SYS_FAILURE,
  'Internal error: request not completed',
);

/**
 * The answer to a request not run because the service's connection buffers hold more than their
 * budget (docs/security.md, Connections and memory): SYS_UNAVAILABLE, safe to send again.
 */
export const SERVICE_BUSY = serviceDecline(
  MsoftCode.SYS_UNAVAILABLE,
  'Service busy: request not run; send it again shortly',
) as Extract<ServiceAnswer, { kind: 'response' }>;
