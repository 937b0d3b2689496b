// The suite's global setup: compiles the project's code once, module for module, into a tree under
// node_modules/.cache, so the hundreds of child processes the tests start run it as JavaScript
// instead of each paying tsx's compile and loader (node-entry.ts). Types are lint's to check.
import {
  cpSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { TREE_VARIABLE } from './node-entry.ts';

/** The repository root. */
const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** The name every tree starts with, under node_modules/.cache. */
const TREE_PREFIX = 'laneterm-test-tree-';
/** The folders compiled, with every data file beside their modules, and the entries tests start. */
const FOLDERS = ['protocol', 'drivers', 'server', 'main'];
const TEST_ENTRIES = ['test/soak/soak-lane-process.ts', 'test/fuzz/fuzz-cli.ts'];
/** `npm start` works on its clone (it builds the UI there), so it runs from the clone, by tsx. */
const CLONE_ENTRIES = ['main/start.ts'];

/** Compiles into `out`; throws on anything tsc could not emit. */
function compile(out: string): void {
  const config = ts.getParsedCommandLineOfConfigFile(
    join(ROOT, 'tsconfig.json'),
    {
      noEmit: false,
      noCheck: true,
      rewriteRelativeImportExtensions: true,
      outDir: out,
      rootDir: ROOT,
    },
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (d) => {
        throw new Error(String(d.messageText));
      },
    },
  );
  if (config === undefined) throw new Error('tsconfig.json could not be read');
  const rootNames = config.fileNames.filter(
    (file) =>
      (FOLDERS.some((folder) => file.startsWith(join(ROOT, folder, '/'))) &&
        !CLONE_ENTRIES.some((entry) => file === join(ROOT, entry))) ||
      TEST_ENTRIES.some((entry) => file === join(ROOT, entry)),
  );
  const emitted = ts.createProgram({ rootNames, options: config.options }).emit();
  if (emitted.emitSkipped) throw new Error('the compiled tree could not be written');
  writeFileSync(join(out, 'package.json'), '{ "type": "module" }\n');
  for (const folder of [...FOLDERS, 'resources']) {
    cpSync(join(ROOT, folder), join(out, folder), {
      recursive: true,
      filter: (path) => !path.endsWith('.ts'),
    });
  }
}

/** A tree older than this was left by a run that was killed: no run lasts a day. */
const LEFT_TREE_MS = 24 * 3600_000;

/** Removes the trees killed runs left behind. */
function removeLeftTrees(parent: string): void {
  for (const name of readdirSync(parent)) {
    const path = join(parent, name);
    if (name.startsWith(TREE_PREFIX) && Date.now() - statSync(path).mtimeMs > LEFT_TREE_MS) {
      rmSync(path, { recursive: true, force: true });
    }
  }
}

/** vitest's global setup: the tree, named for the workers, removed after the run. */
export default function setup(): () => void {
  const parent = join(ROOT, 'node_modules', '.cache');
  mkdirSync(parent, { recursive: true });
  removeLeftTrees(parent);
  const out = mkdtempSync(join(parent, TREE_PREFIX));
  compile(out);
  process.env[TREE_VARIABLE] = out;
  return () => rmSync(out, { recursive: true, force: true });
}
