// `npm start`'s desktop path: finds the Electron binary of the optional electron package (absent
// where its download failed), makes sure dist/app is built, and runs the app in it.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

/** The path of the Electron binary, or null when the electron package or its binary is absent. */
export function electronBinary(repoRoot: string): string | null {
  try {
    const binary = createRequire(join(repoRoot, 'package.json'))('electron') as unknown;
    return typeof binary === 'string' && existsSync(binary) ? binary : null;
  } catch {
    return null;
  }
}

/** Builds dist/app (`npm run build`) when its entry is missing; throws when the build fails. */
export function ensureAppBuilt(repoRoot: string, entry: string, say: (line: string) => void): void {
  if (existsSync(join(repoRoot, entry))) return;
  say('building the desktop app (npm run build)…');
  const result = spawnSync('npm', ['run', '-s', 'build'], { cwd: repoRoot, stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`npm run build: exit ${result.status ?? result.signal}`);
}

/** Runs the desktop app from `repoRoot` with `args`; resolves with Electron's exit code. */
export function runElectron(binary: string, repoRoot: string, args: string[]): Promise<number> {
  const child = spawn(binary, [repoRoot, ...args], { cwd: repoRoot, stdio: 'inherit' });
  const forward = (signal: NodeJS.Signals) => child.kill(signal);
  process.on('SIGINT', forward).on('SIGTERM', forward);
  return new Promise((resolve) => child.once('exit', (code) => resolve(code ?? 1)));
}
