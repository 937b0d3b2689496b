import { describe, expect, it } from 'vitest';
import { parsePayArgs } from '../../../main/payment/cli-options.ts';

const LOGIN = ['--url', 'http://127.0.0.1:1', '--user', 'm', '--password', 'p'];

function usageMessage(argv: string[]): string {
  try {
    parsePayArgs(argv);
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error('expected a usage error');
}

describe('parsePayArgs', () => {
  it('refuses a first argument that is not an operation without echoing it (it may be card data)', () => {
    const message = usageMessage(['account=4111111111111111', 'expdate=1230', ...LOGIN]);
    expect(message).toBe('the first argument is not an operation (its text is not shown)');
    expect(usageMessage(['4111111111111111', ...LOGIN])).not.toContain('4111');
  });

  it('names a key given twice as protocol shownName writes it: a card number is not shown', () => {
    expect(usageMessage(['sale', 'zip=1', 'zip=2', ...LOGIN])).toBe('zip: given twice');
    const pan = '4111111111111111';
    expect(usageMessage(['sale', `${pan}=1`, `${pan}=2`, ...LOGIN])).toBe('parameter: given twice');
  });
});
