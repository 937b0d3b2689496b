// Every notice the lane sends, in Spanish: its parameters named in Spanish (operation, workflow,
// device, amount as money), every placeholder filled, no English word left (docs/app.md, Design).
import { describe, expect, it } from 'vitest';
import { NoticeCode, type Notice } from '../../main/lane-api/index.ts';
import { interpolate, type MessageParams } from '../../renderer/src/i18n/catalogue.ts';
import { en, type MessageKey } from '../../renderer/src/i18n/en.ts';
import { es } from '../../renderer/src/i18n/es.ts';
import { noticeText } from '../../renderer/src/ui/notice-text.ts';

const spanish = (key: MessageKey, params?: MessageParams) => interpolate(es[key], params);
const english = (key: MessageKey, params?: MessageParams) => interpolate(en[key], params);
const money = (minor: number) => `$${(minor / 100).toFixed(2)}`;

/** Every notice code, with each parameter any notice takes. */
const notices: Notice[] = NoticeCode.options.map((code) => ({
  level: 'info',
  code,
  params: {
    operation: 'cashout',
    amount: '1250.00',
    card: 'XXXXXXXXXXXX0014',
    device: 'pinpad',
    batch: '12',
  },
}));

/** Words that read the same in both languages ("un error", "el chip"). */
const SAME_IN_BOTH = new Set(['error', 'chip']);

/** Words of four letters or more, lower case. */
const words = (text: string) => new Set(text.toLowerCase().match(/\p{L}{4,}/gu) ?? []);

describe('notice text', () => {
  it('fills every placeholder of every notice, naming the amount as money', () => {
    for (const notice of notices) {
      const text = noticeText(notice, spanish, money);
      expect(text, notice.code).not.toMatch(/[{}]/);
      if (en[`notice.${notice.code}`].includes('{amount}')) expect(text).toContain('$1250.00');
    }
  });

  it('leaves no English word in a Spanish notice, the operation, workflow and device included', () => {
    const left = notices.flatMap((notice) => {
      const said = words(noticeText(notice, english, money));
      return [...words(noticeText(notice, spanish, money))]
        .filter((word) => said.has(word) && !SAME_IN_BOTH.has(word) && !/^x+$/.test(word))
        .map((word) => `${notice.code}: ${word}`);
    });
    expect(left).toEqual([]);
    const stopped: Notice = {
      level: 'error',
      code: 'lane_error',
      params: { operation: 'gift_cashout' },
    };
    expect(noticeText(stopped, spanish, money)).toContain('operación de retiro de saldo');
    const lost: Notice = { level: 'warning', code: 'device_lost', params: { device: 'emv' } };
    expect(noticeText(lost, spanish, money)).toBe('Lector de chip: se perdió la conexión.');
  });

  it('agrees in gender whatever the operation: "una operación de" a masculine or feminine one', () => {
    const of = (operation: string) =>
      noticeText(
        { level: 'info', code: 'recovered_declined', params: { operation, amount: '5.00' } },
        spanish,
        money,
      );
    expect(of('cashout')).toBe('Una operación de retiro de $5.00 se rechazó; no se cobró nada.');
    expect(of('sale')).toBe('Una operación de venta de $5.00 se rechazó; no se cobró nada.');
    const sale: Notice = { ...notices[2]!, params: { operation: 'sale', amount: '12.50' } };
    expect(noticeText(sale, english, money)).toBe(
      'A sale of $12.50 was declined; nothing was charged.',
    );
    const unknown: Notice = { ...sale, params: { operation: 'zzz', amount: '1.00' } };
    expect(noticeText(unknown, english, money)).toBe(
      'A zzz of $1.00 was declined; nothing was charged.',
    );
  });
});
