import { describe, expect, it } from 'vitest';
import {
  DEFAULT_RECEIPT_SETTINGS,
  parseReceiptSettings,
} from '../../../protocol/rules/receipt-settings.ts';
import { expectProtocolError } from './expect-error.ts';

describe('parseReceiptSettings', () => {
  it.each([
    ['yes', DEFAULT_RECEIPT_SETTINGS],
    ['type=html', { type: 'html', width: 42 }],
    ['TYPE=HTML', { type: 'html', width: 42 }],
    ['type=json;width=32', { type: 'json', width: 32 }],
    ['width=20', { type: 'text', width: 20 }],
    ['width=80;type=text', { type: 'text', width: 80 }],
    ['type=text;line_len=40', { type: 'text', width: 42 }],
    ['logo=none', DEFAULT_RECEIPT_SETTINGS],
  ])('reads %j', (value, settings) => {
    expect(parseReceiptSettings(value)).toEqual(settings);
  });

  it.each(['', 'no', 'YES', 'type', 'type=', 'type=html;', '=html', 'a=b=c'])(
    'refuses %j with rcpt.format',
    (value) => {
      expectProtocolError(() => parseReceiptSettings(value, 'rcpt'), {
        kind: 'invalid',
        field: 'rcpt',
        rule: 'rcpt.format',
      });
    },
  );

  it.each(['type=pdf', 'type=4111111111111111'])('refuses %j with rcpt.type', (value) => {
    const error = expectProtocolError(() => parseReceiptSettings(value), {
      kind: 'invalid',
      field: 'rcpt',
      rule: 'rcpt.type',
    });
    expect(error.verbiage).toBe('rcpt: setting type must be text, html or json');
  });

  it.each(['width=19', 'width=81', 'width=wide', 'width=0042', 'width=-40'])(
    'refuses %j with rcpt.width',
    (value) => {
      expectProtocolError(() => parseReceiptSettings(value), {
        kind: 'invalid',
        field: 'rcpt',
        rule: 'rcpt.width',
      });
    },
  );
});
