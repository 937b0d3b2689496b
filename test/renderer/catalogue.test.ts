// The UI's message catalogue: Spanish has every English key, each message in both languages has
// the same {placeholders}, the lane API's codes all have words, and interpolation fills them.
import { describe, expect, it } from 'vitest';
import {
  CashierPrompt,
  DeclineReason,
  NoticeCode,
  ProblemCode,
  CustomerPrompt,
  TRAINING_FAULTS,
} from '../../main/lane-api/index.ts';
import { interpolate } from '../../renderer/src/i18n/catalogue.ts';
import { en } from '../../renderer/src/i18n/en.ts';
import { es } from '../../renderer/src/i18n/es.ts';

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('message catalogue', () => {
  it('has the same keys in English and Spanish', () => {
    expect(Object.keys(es).sort()).toEqual(Object.keys(en).sort());
  });

  it('keeps every placeholder of a message in both languages', () => {
    const differing = Object.entries(en)
      .filter(
        ([key, text]) =>
          placeholders(text).join() !== placeholders(es[key as keyof typeof en]).join(),
      )
      .map(([key]) => key);
    expect(differing).toEqual([]);
  });

  it('has no empty message and no English left untranslated beyond names', () => {
    const same = Object.entries(en)
      .filter(([key, text]) => text === es[key as keyof typeof en])
      .map(([key]) => key);
    expect(Object.values(es).filter((text) => text.trim() === '')).toEqual([]);
    // Names and symbols that read the same in both languages.
    const SAME_IN_BOTH = ['app.title', 'label.seconds'];
    expect(same.filter((key) => !SAME_IN_BOTH.includes(key))).toEqual([]);
  });

  it('has words for every code the lane API sends and every fault the training controls offer', () => {
    const codes = [
      ...CashierPrompt.options.map((code) => `cashier.${code}`),
      ...CustomerPrompt.options.map((code) => `customer.${code}`),
      ...ProblemCode.options.map((code) => `problem.${code}`),
      ...DeclineReason.options.map((code) => `decline.${code}`),
      ...NoticeCode.options.map((code) => `notice.${code}`),
      ...Object.values(TRAINING_FAULTS).flatMap((faults) => faults.map((code) => `fault.${code}`)),
    ];
    expect(codes.filter((code) => !(code in en))).toEqual([]);
  });

  it('fills placeholders and leaves unknown ones as written', () => {
    expect(interpolate(es['notice.day_closed'], { batch: 7 })).toBe(
      'El día está cerrado: lote 7 liquidado.',
    );
    expect(interpolate('{a} and {b}', { a: 'x' })).toBe('x and {b}');
  });
});
