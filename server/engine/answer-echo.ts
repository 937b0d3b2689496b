import {
  isSensitiveKey,
  operationSpec,
  type OperationName,
  type Params,
} from '../../protocol/index.ts';
import { echoableCustom } from './detail-pairs.ts';
import type { ServiceAnswer } from './engine-context.ts';
import { customOf } from './request-echo.ts';

/**
 * The answer with the request's uncatalogued keys echoed, on the operations that accept them to
 * ignore and echo (catalogue echoedParams: reports, settle, mfa_cookie, chkpwd; docs/protocol.md,
 * Decisions): added to the pairs of an answer, or beside a report's rows. A key named like a
 * response field, rcpt_*, card_* or card data is never echoed, and card numbers in names and
 * values are masked (request-echo customOf), so an echo cannot pose as a field or carry a PAN.
 */
export function withEchoedKeys(
  op: OperationName,
  params: Params,
  answer: ServiceAnswer,
): ServiceAnswer {
  if (!operationSpec(op).echoedParams) return answer;
  const echoed = Object.fromEntries(
    Object.entries(echoableCustom(customOf(params))).filter(
      ([key]) => !isSensitiveKey(key) && key !== 'report',
    ),
  );
  if (Object.keys(echoed).length === 0) return answer;
  if (answer.kind === 'report') return { ...answer, echo: { ...answer.echo, ...echoed } };
  return { kind: 'response', pairs: { ...echoed, ...answer.pairs } };
}
