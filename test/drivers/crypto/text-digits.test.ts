import { describe, expect, it } from 'vitest';
import { screeningForm } from '../../../drivers/crypto/text-digits.ts';

/** Every numbering system ICU writes 0–9 in with decimal digits (Unicode Nd; CLDR numbering systems). */
function decimalSystems(): { system: string; digits: string[] }[] {
  return Intl.supportedValuesOf('numberingSystem').flatMap((system) => {
    const format = new Intl.NumberFormat(`en-u-nu-${system}`, { useGrouping: false });
    if (format.resolvedOptions().numberingSystem !== system) return [];
    const digits = Array.from({ length: 10 }, (_, value) => format.format(value));
    return digits.every((digit) => /^\p{Nd}$/u.test(digit)) ? [{ system, digits }] : [];
  });
}

describe('screeningForm', () => {
  it('reads the digits of every decimal numbering system as 0–9', () => {
    const systems = decimalSystems();
    expect(systems.length).toBeGreaterThan(40);
    for (const { system, digits } of systems) {
      expect(digits.map(screeningForm).join(''), system).toBe('0123456789');
    }
  });

  it('reads compatibility digits and spaces as NFKC does, and keeps ASCII text as it is', () => {
    expect(screeningForm('４１１１\u00a0①②\u2007𝟗')).toBe('4111 12 9');
    expect(screeningForm('card 4111-1111, lane 4')).toBe('card 4111-1111, lane 4');
  });
});
