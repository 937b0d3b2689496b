import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  type PermissionFacts,
  gatherPermissionFacts,
  permissionsHint,
} from '../../../main/devices/permissions-hint.ts';
import { type DeviceStatus, parseDevicesConfig } from '../../../main/devices/index.ts';

/** What a lane with the udev rules installed and its user in dialout and plugdev finds. */
const SOUND: PermissionFacts = {
  deniedPaths: [],
  userGroups: ['dialout', 'plugdev'],
  udevRulesInstalled: true,
};

const padOnPath = parseDevicesConfig({ pinpad: { kind: 'pinpad', path: '/dev/ttyUSB0' } });
const refusedPad: DeviceStatus = {
  role: 'pinpad',
  kind: 'pinpad',
  link: 'serial:/dev/ttyUSB0',
  state: 'faulted',
  since: 0,
  lastError: {
    code: 'NOT_FOUND',
    message: 'serial:/dev/ttyUSB0: Error: Permission denied, cannot open /dev/ttyUSB0',
    at: 0,
  },
};

describe('permissionsHint', () => {
  it('says nothing when every node opens and nothing failed for permission', () => {
    expect(permissionsHint(padOnPath, [], SOUND)).toBeUndefined();
  });

  it('names the group of a node the user cannot open', () => {
    const facts = {
      ...SOUND,
      deniedPaths: [{ role: 'pinpad', path: '/dev/ttyUSB0', group: 'dialout' }],
    };
    expect(permissionsHint(padOnPath, [], facts)).toBe(
      'pinpad: no permission to open /dev/ttyUSB0; add the lane\'s user to group dialout (sudo usermod -aG dialout "$USER", then log in again).',
    );
  });

  it('asks for the udev rules when USB devices are configured without them, and for dialout after a refusal', () => {
    const usb = parseDevicesConfig({
      reader: { kind: 'idtech', usb: { vendorId: '0acd', productId: '2030' } },
    });
    expect(permissionsHint(usb, [], { ...SOUND, udevRulesInstalled: false })).toMatch(
      /^install resources\/udev\/99-laneterm\.rules \(sudo cp /,
    );
    const hint = permissionsHint(padOnPath, [refusedPad], {
      ...SOUND,
      userGroups: ['users'],
      udevRulesInstalled: false,
    });
    expect(hint).toContain('install resources/udev/99-laneterm.rules');
    expect(hint).toContain("serial devices: add the lane's user to group dialout");
  });

  it('asks for plugdev when a HID reader failed for permission, and stays within 500 characters', () => {
    const magtek = parseDevicesConfig({
      reader: { kind: 'magtek', usb: { vendorId: '0801', productId: '0011' } },
    });
    const refusedReader = { ...refusedPad, role: 'reader' as const, kind: 'magtek' as const };
    const facts = {
      deniedPaths: Array.from({ length: 9 }, (_, i) => ({
        role: 'pinpad',
        path: `/dev/ttyUSB${i}`,
        group: 'dialout',
      })),
      userGroups: [],
      udevRulesInstalled: false,
    };
    expect(permissionsHint(magtek, [refusedReader], { ...SOUND, userGroups: [] })).toBe(
      "HID reader: add the lane's user to group plugdev.",
    );
    const long = permissionsHint(magtek, [refusedReader], facts) ?? '';
    expect(long.length).toBe(500);
    expect(long.endsWith('…')).toBe(true);
  });
});

describe('gatherPermissionFacts', () => {
  it('finds no denied node among nodes it can open, and skips nodes that are not there', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'laneterm-perm-'));
    try {
      const node = join(dir, 'ttyFAKE0');
      await writeFile(node, '');
      const config = parseDevicesConfig({
        pinpad: { kind: 'pinpad', path: node },
        emv: { kind: 'nga', path: join(dir, 'absent') },
      });
      const facts = await gatherPermissionFacts(config);
      expect(facts.deniedPaths).toEqual([]);
      expect(facts.userGroups.length).toBeGreaterThan(0);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
