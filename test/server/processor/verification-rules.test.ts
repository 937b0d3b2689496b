import { describe, expect, it } from 'vitest';
import { evaluateAvs, evaluateCv, type ProcessorCard } from '../../../server/processor/index.ts';

const visa: ProcessorCard = {
  pan: '4111111111111111',
  expdate: '1230',
  cardtype: 'VISA',
  cardNotPresent: true,
};
const amex: ProcessorCard = {
  pan: '371449635398431',
  expdate: '1230',
  cardtype: 'AMEX',
  cardNotPresent: true,
};
const swiped: ProcessorCard = { ...visa, cardNotPresent: false };

describe('evaluateAvs', () => {
  it.each([
    ['zip absent: no AVS', { street: '5800 NW 39th AVE' }, undefined, false],
    ['zip sent empty: fails', { zip: '' }, 'BAD', false],
    ['good street and zip', { street: '5800 NW 39th AVE', zip: '32606' }, 'GOOD', false],
    [
      'good pair, any case and spacing',
      { street: ' 5800  nw 39TH ave. ', zip: '32606-1234' },
      'GOOD',
      false,
    ],
    ['good zip, no street sent', { zip: '32606' }, 'GOOD', false],
    ['good zip, other street', { street: '1 Main St', zip: '32606' }, 'STREET', false],
    ['good street, other zip', { street: '5800 NW 39th AVE', zip: '90210' }, 'ZIP', false],
    ['anything else', { street: '1 Main St', zip: '90210' }, 'BAD', false],
    ['other zip, no street', { zip: '90210' }, 'BAD', false],
    ['denial address', { street: '2831 NW 41st St STE J', zip: '32615' }, 'BAD', true],
    ['denial zip alone', { zip: '32615' }, 'BAD', true],
  ])('%s', (_name, verification, result, declines) => {
    expect(evaluateAvs(verification)).toEqual({
      ...(result !== undefined && { result }),
      declines,
    });
  });
});

describe('evaluateCv', () => {
  it.each([
    ['Visa 999 good', visa, '999', 'GOOD', false],
    ['Visa 123 bad, approved', visa, '123', 'BAD', false],
    ['Visa 321 no result', visa, '321', undefined, false],
    ['Visa other value declines', visa, '555', 'BAD', true],
    ['Visa with the Amex good value declines', visa, '1234', 'BAD', true],
    ['Amex 1234 good', amex, '1234', 'GOOD', false],
    ['Amex 9999 bad, approved', amex, '9999', 'BAD', false],
    ['Amex 4321 no result', amex, '4321', undefined, false],
    ['Amex with the Visa good value declines', amex, '999', 'BAD', true],
    ['not sent, card not present', visa, undefined, 'BAD', false],
    ['N, card not present', visa, 'N', 'BAD', false],
    ['na in lower case, card not present', visa, 'na', 'BAD', false],
    ['not sent, card present', swiped, undefined, undefined, false],
    ['NR, card present', swiped, 'NR', undefined, false],
  ])('%s', (_name, card, cv, result, declines) => {
    expect(evaluateCv(cv === undefined ? {} : { cv }, card)).toEqual({
      ...(result !== undefined && { result }),
      declines,
    });
  });
});
