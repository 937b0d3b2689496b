import { expect } from 'vitest';
import type { OperationName } from '../../../protocol/operations.ts';
import type { Params } from '../../../protocol/params.ts';
import type { ProtocolError } from '../../../protocol/errors.ts';
import {
  validateRequest,
  type ValidationContext,
} from '../../../protocol/rules/validate-request.ts';
import { expectProtocolError, type ExpectedError } from './expect-error.ts';

/** The fixed instant every validation test resolves time values against. */
export const NOW = new Date('2025-07-15T16:30:45Z');

/** A v1 request of a merchant in New York. */
export const V1: ValidationContext = { version: 'v1', timeZone: 'America/New_York', now: NOW };

/** A v2 request of the same merchant. */
export const V2: ValidationContext = { ...V1, version: 'v2' };

/** Asserts the request validates. */
export function validates(op: OperationName, params: Params, ctx: ValidationContext = V2): void {
  expect(() => validateRequest(op, params, ctx)).not.toThrow();
}

/** Asserts the request fails with the expected error, and returns it. */
export function validationFails(
  op: OperationName,
  params: Params,
  ctx: ValidationContext,
  expected: ExpectedError,
): ProtocolError {
  return expectProtocolError(() => validateRequest(op, params, ctx), expected);
}
