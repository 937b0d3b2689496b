import { expect } from 'vitest';
import { ProtocolError, type ProtocolErrorKind } from '../../../protocol/errors.ts';

/**
 * What a test expects of a ProtocolError: its verbiage starts with "<subject>: " (subject defaults
 * to the field) and never contains `secret`.
 */
export interface ExpectedError {
  kind: ProtocolErrorKind;
  field: string | undefined;
  rule: string;
  subject?: string;
  secret?: string;
}

/** Runs fn, asserts it throws a ProtocolError with the kind, field and rule, and returns it. */
export function expectProtocolError(fn: () => unknown, expected: ExpectedError): ProtocolError {
  let caught: unknown;
  try {
    fn();
  } catch (error) {
    caught = error;
  }
  expect(caught).toBeInstanceOf(ProtocolError);
  const error = caught as ProtocolError;
  expect({ kind: error.kind, field: error.field, rule: error.rule }).toEqual({
    kind: expected.kind,
    field: expected.field,
    rule: expected.rule,
  });
  const subject = expected.subject ?? expected.field;
  if (subject !== undefined) expect(error.verbiage.startsWith(`${subject}: `)).toBe(true);
  if (expected.secret !== undefined && expected.secret !== '') {
    expect(error.verbiage).not.toContain(expected.secret);
  }
  return error;
}
