// `npm run build`: the lane UI (Vite) into dist/app/renderer, the main process compiled module for
// module into dist/app (tsc, tsconfig.build.json) with the data files it reads at run time, and the
// preload bundled to one CommonJS file, as a sandboxed preload must be (docs/app.md, Build).
import { spawnSync } from 'node:child_process';
import { cpSync, readFileSync, rmSync } from 'node:fs';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';

/** The repository root. */
const ROOT = fileURLToPath(new URL('../', import.meta.url));

/** Where everything goes: dist/app, or the folder named by LANETERM_BUILD_DIR (tests build there). */
const OUT = process.env.LANETERM_BUILD_DIR ?? join(ROOT, 'dist', 'app');

/** The folders tsc compiles (tsconfig.build.json's include). */
const COMPILED: string[] = (
  JSON.parse(readFileSync(join(ROOT, 'tsconfig.build.json'), 'utf8')) as { include: string[] }
).include;

/**
 * Whether a file under a compiled folder is data a module reads beside itself at run time (SQL
 * migrations, the hosted card entry page): anything but TypeScript, outside the tools folders.
 */
const isRuntimeData = (path: string): boolean =>
  basename(path) !== 'tools' && !path.endsWith('.ts');

async function buildRenderer(): Promise<void> {
  await build({
    configFile: join(ROOT, 'vite.config.ts'),
    logLevel: 'warn',
    build: { outDir: join(OUT, 'renderer'), emptyOutDir: true },
  });
}

function compileMain(): void {
  const tsc = join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
  const result = spawnSync(
    process.execPath,
    [tsc, '-p', join(ROOT, 'tsconfig.build.json'), '--outDir', OUT],
    { stdio: 'inherit' },
  );
  // tsconfig.build.json does not check types (noCheck): they are `npm run lint`'s to fail on. Exit 2
  // is tsc's "diagnostics present, outputs generated": the modules are written; any other failure
  // wrote nothing usable.
  if (result.status !== 0 && result.status !== 2) {
    throw new Error(`tsc: exit ${result.status ?? result.signal}`);
  }
  cpSync(join(ROOT, 'resources'), join(OUT, 'resources'), { recursive: true });
  for (const folder of COMPILED) {
    cpSync(join(ROOT, folder), join(OUT, folder), { recursive: true, filter: isRuntimeData });
  }
}

async function bundlePreload(): Promise<void> {
  await build({
    configFile: false,
    logLevel: 'warn',
    build: {
      outDir: join(OUT, 'main', 'app'),
      emptyOutDir: false,
      minify: false,
      target: 'node20',
      lib: {
        entry: join(ROOT, 'main', 'app', 'preload.ts'),
        formats: ['cjs'],
        fileName: () => 'preload.cjs',
      },
      rollupOptions: { external: ['electron'] },
    },
  });
}

async function main(): Promise<void> {
  rmSync(OUT, { recursive: true, force: true });
  await buildRenderer();
  compileMain();
  await bundlePreload();
  console.log(`built the lane app into ${OUT}`);
}

main().catch((error: unknown) => {
  console.error(`build failed: ${(error as Error).message}`);
  process.exitCode = 1;
});
