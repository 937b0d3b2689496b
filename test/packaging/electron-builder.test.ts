// The desktop packaging configuration: electron-builder's own schema accepts it (and refuses a
// broken copy), it targets AppImage, deb, NSIS and DMG with the native modules unpacked and the
// fuses set, and every file it names is produced by `npm run build` or present in the repository.
import { spawnSync } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  symlinkSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { REPO_ROOT, runEntry } from '../server/helpers/server-process.ts';

const require = createRequire(import.meta.url);
const { validateConfiguration } = require('app-builder-lib/out/util/config/config.js') as {
  validateConfiguration: (config: unknown, logger: unknown) => Promise<void>;
};
const { DebugLogger } = require('builder-util/out/DebugLogger.js') as {
  DebugLogger: new (enabled: boolean) => unknown;
};

interface BuilderConfig {
  files: string[];
  extraResources: { from: string; to: string }[];
  asarUnpack: string[];
  electronFuses: Record<string, boolean>;
  directories: { buildResources: string; output: string };
  linux: { target: string[] };
  deb: { afterInstall: string; afterRemove: string; depends: string[] };
  win: { target: string };
  mac: { target: string };
}

const config = parse(
  readFileSync(join(REPO_ROOT, 'electron-builder.yml'), 'utf8'),
) as BuilderConfig;
const pkg = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as { main: string };

/** Every file under `dir`, relative to it. */
function filesUnder(dir: string, prefix = ''): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory()
      ? filesUnder(path, `${prefix}${name}/`)
      : [`${prefix}${name}`];
  });
}

describe('electron-builder configuration', () => {
  it('passes electron-builder’s own schema, which refuses a broken copy', async () => {
    await expect(validateConfiguration(config, new DebugLogger(false))).resolves.toBeUndefined();
    const broken = { ...config, linux: { ...config.linux, target: 42 }, nsisTypo: true };
    await expect(validateConfiguration(broken, new DebugLogger(false))).rejects.toThrow(
      /Invalid configuration object/,
    );
  });

  it('makes AppImage and deb, NSIS and DMG, with native modules outside the asar and fuses set', () => {
    expect(config.linux.target).toEqual(['AppImage', 'deb']);
    expect(config.win.target).toBe('nsis');
    expect(config.mac.target).toBe('dmg');
    expect(config.asarUnpack).toContain('**/*.node');
    expect(config.deb.depends).toEqual(['libudev1', 'libusb-1.0-0']);
    expect(config.electronFuses).toMatchObject({
      runAsNode: false,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      onlyLoadAppFromAsar: true,
      enableEmbeddedAsarIntegrityValidation: true,
    });
  });

  it('installs the udev rules with the deb', () => {
    const rules = config.extraResources.find((resource) => resource.to === 'udev');
    expect(rules?.from).toBe('resources/udev');
    expect(existsSync(join(REPO_ROOT, rules?.from ?? '', '99-laneterm.rules'))).toBe(true);
    const install = readFileSync(join(REPO_ROOT, config.deb.afterInstall), 'utf8');
    expect(install).toContain("'/opt/${sanitizedProductName}/resources/udev/99-laneterm.rules'");
    expect(install).toContain('/usr/lib/udev/rules.d/99-laneterm.rules');
    expect(readFileSync(join(REPO_ROOT, config.deb.afterRemove), 'utf8')).toContain(
      'rm -f /usr/lib/udev/rules.d/99-laneterm.rules',
    );
    expect(statSync(join(REPO_ROOT, config.directories.buildResources)).isDirectory()).toBe(true);
  });
});

describe('npm run build', () => {
  const dir = mkdtempSync(join(tmpdir(), 'laneterm-build-'));
  const out = join(dir, 'app');
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  let built: string[] = [];

  beforeAll(() => {
    const result = spawnSync('npm', ['run', '-s', 'build'], {
      cwd: REPO_ROOT,
      env: { ...process.env, LANETERM_BUILD_DIR: out },
      encoding: 'utf8',
    });
    expect(result.status, result.stderr).toBe(0);
    built = filesUnder(out);
  }, 300_000);

  /** A path of the configuration under dist/app, as built into the temporary folder. */
  const inBuild = (path: string) => join(out, path.replace(/^dist\/app\//, ''));

  it('produces the entry package.json names, the preload and the UI', () => {
    expect(pkg.main.startsWith('dist/app/')).toBe(true);
    expect(existsSync(inBuild(pkg.main))).toBe(true);
    expect(built).toContain('main/app/preload.cjs');
    const preload = readFileSync(join(out, 'main/app/preload.cjs'), 'utf8');
    expect(preload).toContain('require("electron")');
    expect(preload).not.toMatch(/^import /m);
    expect(built).toContain('renderer/index.html');
  });

  it('produces every file the UI’s index.html loads', () => {
    const html = readFileSync(join(out, 'renderer/index.html'), 'utf8');
    const assets = [...html.matchAll(/(?:src|href)="\.\/([^"]+)"/g)].map((m) => m[1] ?? '');
    expect(assets.some((asset) => asset.endsWith('.js'))).toBe(true);
    expect(assets.some((asset) => asset.endsWith('.css'))).toBe(true);
    for (const asset of assets) expect(built).toContain(`renderer/${asset}`);
  });

  it('produces what the files globs take, and the data the main process reads beside it', () => {
    expect(config.files).toContain('dist/app/**');
    expect(built.filter((file) => file.endsWith('.js')).length).toBeGreaterThan(100);
    expect(built).toContain('resources/bin-ranges.json');
    expect(built).toContain('resources/test-cards.json');
    expect(built).toContain('server/store/migrations/001_identity.sql');
    expect(built).toContain('server/store/migrations/008_in_flight.sql');
    expect(built).toContain('server/cardentry/page/card-entry.html');
    expect(built.filter((file) => file.endsWith('.ts'))).toEqual([]);
  });

  it('starts the service and loads the lane from the built modules alone, as a package does', async () => {
    // The package's layout: package.json (ESM) above dist/app, the dependencies beside it.
    copyFileSync(join(REPO_ROOT, 'package.json'), join(dir, 'package.json'));
    symlinkSync(join(REPO_ROOT, 'node_modules'), join(dir, 'node_modules'));
    const usage = runEntry(join(out, 'main/start.js'), ['--help'], undefined, {}, { tsx: false });
    expect(await usage.exited, usage.stderr.join('')).toBe(0);
    expect(usage.stdout.join('\n')).toContain('--browser');
    const data = mkdtempSync(join(tmpdir(), 'laneterm-built-data-'));
    const admin = runEntry(
      join(out, 'server/cli.js'),
      ['admin', 'help', '--data', data],
      undefined,
      {},
      { tsx: false },
    );
    expect(await admin.exited, admin.stderr.join('')).toBe(0);
    expect(admin.stdout.join('\n')).toMatch(/^\s+add-profile\b/m);
    const args = ['--port', '0', '--plain-port', '0', '--data', data, '--demo'];
    const service = runEntry(join(out, 'server/cli.js'), args, undefined, {}, { tsx: false });
    try {
      expect(await service.line(/demo profile API key/)).toContain('demo profile API key');
      expect(service.stdout.join('\n')).toMatch(/plain:\s+127\.0\.0\.1:\d+/);
    } finally {
      service.child.kill('SIGTERM');
      await service.exited;
      rmSync(data, { recursive: true, force: true });
    }
  }, 60_000);
});
