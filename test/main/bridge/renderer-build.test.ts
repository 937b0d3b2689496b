import { spawn } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { statSync, symlinkSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ensureRendererBuilt } from '../../../main/bridge/renderer-build.ts';
import { REPO_ROOT } from '../../server/helpers/server-process.ts';

/** A clone of the UI's sources (linked) with no build yet: what a fresh clone's first start sees. */
function freshClone(): string {
  const root = mkdtempSync(join(tmpdir(), 'laneterm-ui-build-'));
  mkdirSync(join(root, 'main'));
  symlinkSync(join(REPO_ROOT, 'renderer'), join(root, 'renderer'));
  symlinkSync(join(REPO_ROOT, 'main', 'lane-api'), join(root, 'main', 'lane-api'));
  symlinkSync(join(REPO_ROOT, 'node_modules'), join(root, 'node_modules'));
  copyFileSync(join(REPO_ROOT, 'vite.config.ts'), join(root, 'vite.config.ts'));
  return root;
}

/** Builds in another process, as a second lane starting from the same clone does. */
function buildElsewhere(root: string): Promise<number | null> {
  const code = `import('${join(REPO_ROOT, 'main/bridge/renderer-build.ts')}').then((m) => m.ensureRendererBuilt(${JSON.stringify(root)}))`;
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', code], {
    cwd: REPO_ROOT,
    stdio: 'ignore',
  });
  return new Promise((resolve) => child.once('exit', resolve));
}

const root = freshClone();
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('the UI build npm start makes', () => {
  it('builds once into dist/app/renderer, then serves it as it is while a stale one is rebuilt beside it', async () => {
    const dir = ensureRendererBuilt(root);
    expect(dir).toBe(join(root, 'dist', 'app', 'renderer'));
    expect(existsSync(join(dir, 'index.html'))).toBe(true);
    const stale = new Date(Date.UTC(2020, 0, 1));
    utimesSync(join(dir, 'index.html'), stale, stale);
    let building = true;
    const rebuilt = buildElsewhere(root).finally(() => (building = false));
    let looks = 0;
    let missing = 0;
    while (building) {
      looks += 1;
      if (!existsSync(join(dir, 'index.html'))) missing += 1;
      await new Promise((wake) => setTimeout(wake, 20));
    }
    expect(await rebuilt).toBe(0);
    // The folder is swapped in two renames: at most one look can fall between them.
    expect(looks).toBeGreaterThan(20);
    expect(missing).toBeLessThanOrEqual(1);
    expect(statSync(join(dir, 'index.html')).mtimeMs).toBeGreaterThan(stale.getTime());
    expect(ensureRendererBuilt(root)).toBe(dir);
    expect(readdirSync(join(root, 'dist', 'app'))).toEqual(['renderer']);
  }, 120_000);
});
