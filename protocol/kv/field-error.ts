import { ProtocolError, type ProtocolErrorKind } from '../errors.ts';

/**
 * A ProtocolError about one field whose verbiage reads "field: problem". The problem names the
 * rule broken, never the offending value, which may be card data.
 */
export function fieldError(
  kind: ProtocolErrorKind,
  field: string,
  rule: string,
  problem: string,
): ProtocolError {
  return new ProtocolError({ kind, field, rule, verbiage: `${field}: ${problem}` });
}
