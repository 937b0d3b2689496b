import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { findCard, loadCardCatalogue } from '../../../drivers/sim/card-catalogue.ts';
import { IdtechReaderSimulator } from '../../../drivers/sim/idtech-reader-simulator.ts';
import { MagtekReaderSimulator } from '../../../drivers/sim/magtek-reader-simulator.ts';
import { TEST_BDK } from '../../../drivers/sim/simulated-keys.ts';
import { MemoryTransport } from '../../../drivers/transport/memory-transport.ts';
import { nodeEntryArgs } from '../../compiled-tree/node-entry.ts';

const visa = findCard(loadCardCatalogue(), 'visa');

/** The raw bytes a simulator sends for one swipe, as a capture tool on the host would log them. */
async function capture(
  make: (device: MemoryTransport) => {
    start(): Promise<void>;
    swipe(card: typeof visa): Promise<void>;
  },
): Promise<string> {
  const [host, device] = MemoryTransport.pair();
  await host.open();
  const sim = make(device);
  await sim.start();
  const received = new Promise<Buffer>((resolve) => host.once('data', resolve));
  await sim.swipe(visa);
  return (await received).toString('hex').toUpperCase();
}

function crypto(...args: string[]): { status: number | null; stdout: string; stderr: string } {
  const run = spawnSync(
    process.execPath,
    [...nodeEntryArgs('drivers/tools/crypto-cli.ts'), ...args],
    { encoding: 'utf8' },
  );
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

describe('crypto swipe (captured reader output)', () => {
  it('decodes a MagTek report with the test BDK to masked fields only', async () => {
    const raw = await capture((device) => new MagtekReaderSimulator(device));
    const result = crypto('swipe', '--format', 'magtek', '--bdk', TEST_BDK, raw);
    expect(result.status).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({
      format: 'magtek',
      ksn: 'FFFF9876543210E00001',
      deviceSerial: 'B0SIM001',
      framing: { reportLength: 'ok' },
      tracks: [
        { track: 1, decrypted: true, hash: 'not sent' },
        { track: 2, decrypted: true, hash: 'not sent' },
      ],
      maskedAccount: 'XXXXXXXXXXXX1111',
      lastFour: '1111',
      cardholderName: 'TEST CARD/VISA',
      expdate: '1230',
      serviceCode: '201',
    });
    expect(result.stdout).not.toContain(visa.pan);
  });

  it.each(['enhanced', 'original'] as const)(
    'decodes an ID TECH %s frame and verifies both SHA-1 hashes',
    async (format) => {
      const raw = await capture((device) => new IdtechReaderSimulator(device, { format }));
      const result = crypto('swipe', '--format', 'idtech', '--bdk', TEST_BDK, raw);
      expect(result.status).toBe(0);
      const report = JSON.parse(result.stdout) as Record<string, unknown>;
      expect(report).toMatchObject({
        framing: { stxEtx: 'ok', lrc: 'ok', checksum: 'ok' },
        tracks: [
          { track: 1, decrypted: true, hash: 'match' },
          { track: 2, decrypted: true, hash: 'match' },
        ],
        lastFour: '1111',
        deviceSerial: format === 'enhanced' ? 'IDSIM00001' : '',
      });
      expect(result.stdout).not.toContain(visa.pan);
    },
  );

  it('rejects a frame with a broken LRC, naming the check and not the data', async () => {
    const raw = Buffer.from(await capture((device) => new IdtechReaderSimulator(device)), 'hex');
    raw[raw.length - 3] = (raw[raw.length - 3] ?? 0) ^ 1;
    const result = crypto('swipe', '--format', 'idtech', '--bdk', TEST_BDK, raw.toString('hex'));
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('LRC or checksum does not match');
    expect(result.stderr + result.stdout).not.toContain(visa.pan);
  });

  it('says the BDK is wrong when nothing decrypts to a track', async () => {
    const raw = await capture((device) => new MagtekReaderSimulator(device));
    const result = crypto(
      'swipe',
      '--format',
      'magtek',
      '--bdk',
      'FEDCBA9876543210F1F1F1F1F1F1F1F1',
      raw,
    );
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('wrong BDK?');
  });

  it('refuses an unknown format with a usage error', () => {
    const result = crypto('swipe', '--format', 'verifone', '--bdk', TEST_BDK, '00');
    expect(result.status).toBe(2);
    expect(result.stderr).toContain('--format must be one of magtek, idtech');
  });
});
