import { describe, expect, it } from 'vitest';
import { SENSITIVE_PARAMS } from '../../../protocol/index.ts';
import { createServiceLogger } from '../../../server/log/service-logger.ts';

function capture() {
  const lines: string[] = [];
  const logger = createServiceLogger({
    level: 'info',
    destination: { write: (line: string) => lines.push(line) },
    sensitiveKeys: SENSITIVE_PARAMS,
  });
  return { logger, lines };
}

describe('createServiceLogger', () => {
  it('censors card data and credentials at any depth, keeping other fields', () => {
    const { logger, lines } = capture();
    logger.info(
      {
        account: '4111111111111111',
        params: { trackdata: '%B4111111111111111^X^2512?', cv: '999', amount: '1.00' },
        request: { headers: { authorization: 'Basic dGVzdDpwdw==', 'x-api-key': 'secret-key' } },
        deep: { a: { b: { password: 'hunter22', e_trackdata: 'ENCRYPTED' } } },
      },
      'checked',
    );
    const line = lines[0] ?? '';
    const { time: _clock, ...entryWithoutClock } = JSON.parse(line) as Record<string, unknown>;
    const logged = JSON.stringify(entryWithoutClock);
    for (const secret of [
      '4111111111111111',
      '999',
      'dGVzdDpwdw==',
      'secret-key',
      'hunter22',
      'ENCRYPTED',
    ]) {
      expect(logged).not.toContain(secret);
    }
    const entry = JSON.parse(line) as { params: Record<string, string>; account: string };
    expect(entry.account).toBe('[redacted]');
    expect(entry.params.amount).toBe('1.00');
  });
});
