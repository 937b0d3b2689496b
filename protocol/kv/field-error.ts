import { ProtocolError, shownName, type ProtocolErrorKind } from '../errors.ts';

/**
 * A ProtocolError about one field whose verbiage reads "field: problem", the field as shownName
 * writes it. The problem names the rule broken, never the offending value, which may be card data.
 */
export function fieldError(
  kind: ProtocolErrorKind,
  field: string,
  rule: string,
  problem: string,
): ProtocolError {
  return new ProtocolError({ kind, field, rule, verbiage: `${shownName(field)}: ${problem}` });
}
