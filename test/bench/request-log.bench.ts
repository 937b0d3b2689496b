// The cost of one request's log line: written through the service logger, whose redaction walks
// wildcard paths for every card and credential key on every line (the line as it was written
// before), beside RequestLog, which builds the line from known fields and needs no redaction.
import { bench, describe } from 'vitest';
import { SENSITIVE_PARAMS } from '../../protocol/index.ts';
import { RequestLog } from '../../server/log/request-log.ts';
import { createServiceLogger } from '../../server/log/service-logger.ts';

const logger = createServiceLogger({
  level: 'info',
  destination: { write: () => undefined },
  sensitiveKeys: SENSITIVE_PARAMS,
});
const requests = new RequestLog(logger);
const REQUEST = {
  operation: 'sale',
  version: 'v2',
  transport: 'kv',
  source: '127.0.0.1',
  requestId: '1042',
  user: 'test_retail:public',
  credential: 'password_cached',
  code: 'AUTH',
  msoftCode: 'INT_SUCCESS',
  ms: 3,
} as const;

describe('one request line, JSON to a null destination', () => {
  bench('baseline: through the service logger, redaction by wildcard paths', () => {
    const { requestId, msoftCode, ...rest } = REQUEST;
    logger.info({ ...rest, request_id: requestId, msoft_code: msoftCode }, 'request');
  });
  bench('LaneTerm: RequestLog.served, redaction by structure', () => {
    requests.served(REQUEST);
  });
});
