// The renderer's layer rule of .dependency-cruiser.cjs, run by dependency-cruiser itself on a small
// tree in a temporary folder: renderer/ may import main/lane-api/ and itself, from .ts and .svelte
// files alike, and nothing else of the repository.
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../server/helpers/server-process.ts';
import { useTempDirs } from '../server/helpers/temp-dirs.ts';

const tempDir = useTempDirs('laneterm-layers-');

interface Violation {
  rule: { name: string };
  from: string;
  to: string;
}

function cruise(files: Record<string, string>): Violation[] {
  const dir = tempDir();
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  copyFileSync(join(REPO_ROOT, '.dependency-cruiser.cjs'), join(dir, '.dependency-cruiser.cjs'));
  writeFileSync(
    join(dir, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: { allowImportingTsExtensions: true, noEmit: true, module: 'NodeNext' },
    }),
  );
  const result = spawnSync(
    process.execPath,
    [
      join(REPO_ROOT, 'node_modules', 'dependency-cruiser', 'bin', 'dependency-cruise.mjs'),
      '--config',
      '.dependency-cruiser.cjs',
      '--output-type',
      'json',
      'renderer',
    ],
    { cwd: dir, encoding: 'utf8' },
  );
  const report = JSON.parse(result.stdout) as { summary: { violations: Violation[] } };
  return report.summary.violations;
}

const CONTRACT = { 'main/lane-api/index.ts': 'export const MAX = 1;\n' };
const SERVER = { 'server/index.ts': 'export const PORT = 8665;\n' };

describe('renderer layer rule', () => {
  it('lets the renderer import the lane API contract and itself', () => {
    const violations = cruise({
      ...CONTRACT,
      'renderer/src/util.ts': 'export const twice = (n: number) => n * 2;\n',
      'renderer/src/main.ts':
        "import { MAX } from '../../main/lane-api/index.ts';\nimport { twice } from './util.ts';\nexport const top = twice(MAX);\n",
    });
    expect(violations).toEqual([]);
  });

  it('fails a TypeScript module of the renderer that imports the server', () => {
    const violations = cruise({
      ...SERVER,
      'renderer/src/main.ts':
        "import { PORT } from '../../server/index.ts';\nexport const port = PORT;\n",
    });
    expect(violations.map((v) => [v.rule.name, v.from, v.to])).toEqual([
      ['renderer-imports-only-main/lane-api/', 'renderer/src/main.ts', 'server/index.ts'],
    ]);
  });

  it('fails a Svelte component of the renderer that imports main/ outside the contract', () => {
    const violations = cruise({
      'main/payment/index.ts': 'export const client = 1;\n',
      'renderer/src/App.svelte':
        '<script lang="ts">\n  import { client } from \'../../main/payment/index.ts\';\n</script>\n<p>{client}</p>\n',
    });
    // The compiled component also imports svelte/internal, unresolvable in a folder without
    // node_modules; only the layer rule is under test here.
    const layerViolations = violations.filter((v) => v.rule.name.startsWith('renderer-'));
    expect(layerViolations.map((v) => [v.rule.name, v.from, v.to])).toEqual([
      ['renderer-imports-only-main/lane-api/', 'renderer/src/App.svelte', 'main/payment/index.ts'],
    ]);
  });
});
