// Debian's Chromium driven by playwright-core: headless, with a fresh profile folder, and the
// flags that keep it off the network (it reaches only the lane on 127.0.0.1).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext } from 'playwright-core';

/** Where Debian installs Chromium (.ci/run installs the package). */
export const CHROMIUM_PATH = process.env.LANETERM_CHROMIUM ?? '/usr/bin/chromium';

/** Flags that keep a headless Chromium quiet on a machine with no network but loopback. */
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** A running browser with its own profile folder, removed on close. */
export interface Browser {
  context: BrowserContext;
  close(): Promise<void>;
}

/**
 * Starts Chromium with a new empty profile; the viewport is a lane screen, 1280×800 unless
 * `viewport` says another. `ignoreHTTPSErrors` lets it open the service's TLS port, whose
 * certificate is self-signed.
 */
export async function startChromium(
  options: { ignoreHTTPSErrors?: boolean; viewport?: { width: number; height: number } } = {},
): Promise<Browser> {
  const profile = mkdtempSync(join(tmpdir(), 'laneterm-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: CHROMIUM_FLAGS,
    viewport: options.viewport ?? { width: 1280, height: 800 },
    locale: 'en-US',
    ignoreHTTPSErrors: options.ignoreHTTPSErrors ?? false,
  });
  return {
    context,
    close: async () => {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}
