import type { MsoftCode } from '../../protocol/index.ts';
import type { Denial } from '../auth/denial.ts';
import type { ServiceAnswer } from '../engine/index.ts';

/** A service decline as pairs: code DENY, the msoft_code and the verbiage (seed: Errors §3). */
export function declineAnswer(msoftCode: MsoftCode, verbiage: string): ServiceAnswer {
  return { kind: 'response', pairs: { code: 'DENY', msoft_code: msoftCode, verbiage } };
}

/** A refusal before the operation ran, as pairs. */
export function denialAnswer(denial: Denial): ServiceAnswer {
  return declineAnswer(denial.msoftCode, denial.verbiage);
}

/** The answer to an unexpected fault (logged where it happened): SYS_FAILURE. */
export const INTERNAL_FAULT: ServiceAnswer = declineAnswer(
  'SYS_FAILURE',
  'Internal error: request not completed',
);
