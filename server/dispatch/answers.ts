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
