import { constants } from 'node:fs';
import { access, readFile, stat } from 'node:fs/promises';
import { DEVICE_ROLES, type DevicesConfig } from './device-config.ts';
import { isPermissionDenied } from './device-fault.ts';
import type { DeviceStatus } from './device-status.ts';

/** Where the udev rules of resources/udev/99-laneterm.rules are looked for once installed. */
const UDEV_RULES_PATHS = [
  '/etc/udev/rules.d/99-laneterm.rules',
  '/lib/udev/rules.d/99-laneterm.rules',
  '/usr/lib/udev/rules.d/99-laneterm.rules',
];

/** What the hint is worked out from: the system's answers, gathered by gatherPermissionFacts. */
export interface PermissionFacts {
  /** Configured device nodes the lane's user cannot read and write, with the node's group. */
  deniedPaths: { role: string; path: string; group: string }[];
  /** Groups the lane's user is in. */
  userGroups: string[];
  /** True when the LaneTerm udev rules are installed. */
  udevRulesInstalled: boolean;
}

/** The most a hint says, in characters (the lane API's diagnostics field holds 500). */
const HINT_MAX = 500;
const INSTALL_RULES =
  'install resources/udev/99-laneterm.rules (sudo cp resources/udev/99-laneterm.rules /etc/udev/rules.d/ && sudo udevadm control --reload && sudo udevadm trigger)';

/**
 * What to do about device permissions (docs/devices.md, Linux permissions), or undefined when
 * nothing is wrong: a node the user may not open names its group to join; a device that failed to
 * open for permission, or USB devices without the udev rules installed, ask for the rules; a
 * serial or HID device while the user is in neither dialout nor plugdev names the group.
 */
export function permissionsHint(
  config: DevicesConfig,
  statuses: readonly DeviceStatus[],
  facts: PermissionFacts,
): string | undefined {
  const hints: string[] = [];
  for (const denied of facts.deniedPaths)
    hints.push(
      `${denied.role}: no permission to open ${denied.path}; add the lane's user to group ${denied.group} (sudo usermod -aG ${denied.group} "$USER", then log in again)`,
    );
  const refused = statuses.filter((status) => isPermissionDenied(status.lastError?.message));
  const usb = DEVICE_ROLES.some((role) => config[role]?.usb !== undefined);
  if (!facts.udevRulesInstalled && (refused.length > 0 || usb)) hints.push(INSTALL_RULES);
  const serial = DEVICE_ROLES.some((role) => {
    const device = config[role];
    return (
      device !== undefined &&
      device.kind !== 'magtek' &&
      !('tcp' in device && device.tcp !== undefined)
    );
  });
  const hid = config.reader?.kind === 'magtek';
  if (serial && !facts.userGroups.includes('dialout') && refused.length > 0)
    hints.push("serial devices: add the lane's user to group dialout");
  if (
    hid &&
    !facts.userGroups.includes('plugdev') &&
    refused.some((status) => status.role === 'reader')
  )
    hints.push("HID reader: add the lane's user to group plugdev");
  if (hints.length === 0) return undefined;
  const hint = `${hints.join('; ')}.`;
  return hint.length <= HINT_MAX ? hint : `${hint.slice(0, HINT_MAX - 1)}…`;
}

/** Group names by id, from /etc/group. */
async function groupNames(): Promise<Map<number, string>> {
  const text = await readFile('/etc/group', 'utf8').catch(() => '');
  return new Map(
    text.split('\n').flatMap((line): [number, string][] => {
      const [name, , gid] = line.split(':');
      return name === undefined || gid === undefined || gid === '' ? [] : [[Number(gid), name]];
    }),
  );
}

async function exists(path: string): Promise<boolean> {
  return access(path).then(
    () => true,
    () => false,
  );
}

/** Looks at this machine: configured nodes the user cannot open, the user's groups, the udev rules. */
export async function gatherPermissionFacts(config: DevicesConfig): Promise<PermissionFacts> {
  const names = await groupNames();
  const deniedPaths: PermissionFacts['deniedPaths'] = [];
  for (const role of DEVICE_ROLES) {
    const path = config[role]?.path;
    if (path === undefined || !path.startsWith('/') || !(await exists(path))) continue;
    const allowed = await access(path, constants.R_OK | constants.W_OK).then(
      () => true,
      () => false,
    );
    if (allowed) continue;
    const gid = (await stat(path)).gid;
    deniedPaths.push({ role, path, group: names.get(gid) ?? String(gid) });
  }
  const gids = process.getgroups?.() ?? [];
  const installed = await Promise.all(UDEV_RULES_PATHS.map(exists));
  return {
    deniedPaths,
    userGroups: gids.map((gid) => names.get(gid) ?? String(gid)),
    udevRulesInstalled: installed.includes(true),
  };
}
