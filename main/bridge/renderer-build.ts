// `npm start`'s browser path needs the built UI: it is built with Vite when dist/app/renderer is
// missing or older than a source of the UI or of the lane API it is compiled with. Lanes started
// at once from one clone may each build it: each builds beside it and puts a finished build in
// place, so none serves a folder another is emptying.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** Folders whose files are compiled into the UI. */
const UI_SOURCES = ['renderer', 'main/lane-api', 'vite.config.ts'];

function newestChange(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce(
    (newest, name) => Math.max(newest, newestChange(join(path, name))),
    stat.mtimeMs,
  );
}

/** Whether `dir` holds a build newer than every source under `repoRoot`. */
function isFresh(dir: string, repoRoot: string): boolean {
  const index = join(dir, 'index.html');
  const sources = Math.max(...UI_SOURCES.map((source) => newestChange(join(repoRoot, source))));
  return existsSync(index) && statSync(index).mtimeMs >= sources;
}

/**
 * Puts a finished build at `dir` by two renames, the stale build out and the new one in; a fresh
 * build another start put there first is kept.
 */
function publish(building: string, dir: string, repoRoot: string): void {
  const old = `${building}.old`;
  try {
    if (!isFresh(dir, repoRoot)) {
      if (existsSync(dir)) renameSync(dir, old);
      renameSync(building, dir);
    }
  } catch (error) {
    if (!isFresh(dir, repoRoot)) throw error;
  } finally {
    rmSync(building, { recursive: true, force: true });
    rmSync(old, { recursive: true, force: true });
  }
}

/** The built UI's folder under `repoRoot`, built first when missing or stale. */
export function ensureRendererBuilt(repoRoot: string): string {
  const dir = join(repoRoot, 'dist', 'app', 'renderer');
  if (isFresh(dir, repoRoot)) return dir;
  const building = `${dir}.building-${process.pid}`;
  const vite = join(repoRoot, 'node_modules', 'vite', 'bin', 'vite.js');
  const args = [vite, 'build', '--logLevel', 'error', '--outDir', building, '--emptyOutDir'];
  const result = spawnSync(process.execPath, args, {
    cwd: repoRoot,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (result.status !== 0) {
    rmSync(building, { recursive: true, force: true });
    throw new Error(`vite build: exit ${result.status ?? result.signal}`);
  }
  publish(building, dir, repoRoot);
  return dir;
}
