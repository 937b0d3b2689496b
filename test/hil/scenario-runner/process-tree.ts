// The processes a lane process started (docs/lane.md › Scenarios): read from /proc, so a scenario
// that kills the lane can check that none of them is left behind as an orphan.
import { readFileSync, readdirSync } from 'node:fs';

/** The parent pid and state of a process from /proc/PID/stat, or undefined once it is gone. */
function statOf(pid: number): { ppid: number; state: string } | undefined {
  let text: string;
  try {
    text = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return undefined;
  }
  // pid (comm) state ppid …: comm may hold spaces and parentheses, so read after the last ')'.
  const [state = '', ppid = '0'] = text.slice(text.lastIndexOf(')') + 2).split(' ');
  return { ppid: Number(ppid), state };
}

/** Every process descending from `root` now (children, their children…). */
export function descendants(root: number): number[] {
  const parents = new Map<number, number>();
  for (const name of readdirSync('/proc')) {
    const pid = Number(name);
    const stat = Number.isInteger(pid) ? statOf(pid) : undefined;
    if (stat !== undefined) parents.set(pid, stat.ppid);
  }
  const found: number[] = [];
  let frontier = [root];
  while (frontier.length > 0) {
    const next = [...parents].filter(([, ppid]) => frontier.includes(ppid)).map(([pid]) => pid);
    found.push(...next);
    frontier = next;
  }
  return found;
}

/** Those of `pids` still running (a zombie has ended and is not counted). */
export function stillRunning(pids: readonly number[]): number[] {
  return pids.filter((pid) => {
    const stat = statOf(pid);
    return stat !== undefined && stat.state !== 'Z';
  });
}
