import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** A node of a V8 .cpuprofile (Chrome DevTools Protocol, Profiler.Profile). */
interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}

/** The parts of a V8 .cpuprofile the summary reads. */
interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** Self time, in ms, of one function or part of the code (V8 CPU profile, Profiler.Profile). */
export interface SelfTime {
  name: string;
  ms: number;
}

/** Where a frame's code lives: a folder of ours, a package, Node's internals, or V8's own entries. */
function partOf(frame: ProfileNode['callFrame']): string {
  const { url, functionName } = frame;
  if (url === '') return functionName.startsWith('(') ? functionName : 'native (SQLite, crypto, …)';
  if (url.startsWith('node:')) return 'node internals';
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg !== null) return `package ${pkg[1]}`;
  const ours = /\/((?:server|protocol|drivers|main)\/[^/]+)/.exec(url);
  return ours?.[1] ?? url;
}

const frameName = (frame: ProfileNode['callFrame']): string => {
  const file = frame.url.replace(/^.*\/(node_modules|server|protocol|drivers|main)\//, '$1/');
  return `${frame.functionName || '(anonymous)'} ${file}:${frame.lineNumber + 1}`;
};

/**
 * The self time of every sample of a profile summed per function and per part of the code, each
 * list largest first, with the total sampled time (V8 CPU profile: samples with their time deltas).
 */
export function summariseProfile(profile: CpuProfile): {
  totalMs: number;
  functions: SelfTime[];
  parts: SelfTime[];
} {
  const byId = new Map(profile.nodes.map((node) => [node.id, node.callFrame]));
  const functions = new Map<string, number>();
  const parts = new Map<string, number>();
  let totalMs = 0;
  profile.samples.forEach((id, index) => {
    const frame = byId.get(id);
    const ms = (profile.timeDeltas[index] ?? 0) / 1000;
    if (frame === undefined) return;
    totalMs += ms;
    functions.set(frameName(frame), (functions.get(frameName(frame)) ?? 0) + ms);
    parts.set(partOf(frame), (parts.get(partOf(frame)) ?? 0) + ms);
  });
  const sorted = (map: Map<string, number>) =>
    [...map].map(([name, ms]) => ({ name, ms })).sort((a, b) => b.ms - a.ms);
  return { totalMs, functions: sorted(functions), parts: sorted(parts) };
}

/**
 * The summary of every .cpuprofile in `dir` as lines: the top `top` functions, then the parts
 * (docs/architecture.md › Throughput).
 */
export function profileReport(dir: string, top = 25): string[] {
  const lines: string[] = [];
  for (const file of readdirSync(dir).filter((name) => name.endsWith('.cpuprofile'))) {
    const profile = JSON.parse(readFileSync(join(dir, file), 'utf8')) as CpuProfile;
    const { totalMs, functions, parts } = summariseProfile(profile);
    const share = (ms: number) => `${((100 * ms) / totalMs).toFixed(1).padStart(5)}%`;
    lines.push(`${join(dir, file)}: ${totalMs.toFixed(0)} ms sampled; top self time:`);
    functions.slice(0, top).forEach((f) => lines.push(`  ${share(f.ms)} ${f.name}`));
    lines.push('  by part of the code:');
    parts.slice(0, top).forEach((p) => lines.push(`  ${share(p.ms)} ${p.name}`));
  }
  return lines;
}
