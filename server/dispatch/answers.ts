import { MsoftCode } from '../../protocol/index.ts';
import type { Denial } from '../auth/denial.ts';
import { serviceDecline } from '../engine/answers.ts';
import type { ServiceAnswer } from '../engine/index.ts';

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
