import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { IDTECH_USB } from '../../../drivers/readers/idtech-reader-driver.ts';
import { MAGTEK_USB } from '../../../drivers/readers/magtek-reader-driver.ts';

const rules = readFileSync(
  new URL('../../../resources/udev/99-laneterm.rules', import.meta.url),
  'utf8',
)
  .split('\n')
  .filter((line) => line.trim() !== '' && !line.startsWith('#'));

describe('udev rules shipped in resources/udev', () => {
  it('give access to the vendor ids the drivers look for', () => {
    const hex = (id: number): string => id.toString(16).padStart(4, '0');
    expect(
      rules.some(
        (rule) =>
          rule.includes('SUBSYSTEM=="hidraw"') &&
          rule.includes(`ATTRS{idVendor}=="${hex(MAGTEK_USB.vendorId)}"`),
      ),
    ).toBe(true);
    expect(
      rules.some(
        (rule) =>
          rule.includes('SUBSYSTEM=="tty"') &&
          rule.includes(`ATTRS{idVendor}=="${hex(IDTECH_USB.vendorId)}"`),
      ),
    ).toBe(true);
  });

  it('are well-formed: each rule matches a subsystem and a vendor, and grants uaccess and a group', () => {
    for (const rule of rules) {
      expect(rule).toMatch(
        /^SUBSYSTEM=="(hidraw|tty|usb)", ATTRS\{idVendor\}=="[0-9a-f]{4}", TAG\+="uaccess", GROUP="(plugdev|dialout|lp)", MODE="0660"/,
      );
    }
  });
});
