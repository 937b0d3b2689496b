// `npm start`'s browser path needs the built UI: it is built with Vite when dist/app/renderer is
// missing or older than a source of the UI or of the lane API it is compiled with.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
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

/** The built UI's folder under `repoRoot`, built first when missing or stale. */
export function ensureRendererBuilt(repoRoot: string): string {
  const dir = join(repoRoot, 'dist', 'app', 'renderer');
  const index = join(dir, 'index.html');
  const sources = Math.max(...UI_SOURCES.map((source) => newestChange(join(repoRoot, source))));
  if (existsSync(index) && statSync(index).mtimeMs >= sources) return dir;
  const vite = join(repoRoot, 'node_modules', 'vite', 'bin', 'vite.js');
  const result = spawnSync(process.execPath, [vite, 'build', '--logLevel', 'error'], {
    cwd: repoRoot,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (result.status !== 0) throw new Error(`vite build: exit ${result.status ?? result.signal}`);
  return dir;
}
