import { PNG } from 'pngjs';
import { afterEach, describe, expect, it } from 'vitest';
import { EscPosEncoder } from '../../drivers/printer/escpos-encoder.ts';
import { ReceiptPrinterDriver } from '../../drivers/printer/receipt-printer-driver.ts';
import { FaultPlan } from '../../drivers/sim/fault-plan.ts';
import { PrinterSimulator } from '../../drivers/sim/printer/printer-simulator.ts';
import { SerialTransport } from '../../drivers/transport/serial-transport.ts';
import { TcpTransport } from '../../drivers/transport/tcp-transport.ts';
import type { Transport } from '../../drivers/transport/transport.ts';
import { openPtyPair } from './helpers/pty-pair.ts';

interface PrinterBench {
  driver: ReceiptPrinterDriver;
  sim: PrinterSimulator;
  faults: FaultPlan;
  close(): Promise<void>;
}

/** A simulator with a 400 ms slow fault; `link` connects a driver to it and says how to unplug. */
async function printerBench(
  link: (sim: PrinterSimulator) => Promise<{ host: Transport; unplug: () => Promise<void> }>,
): Promise<PrinterBench> {
  const faults = new FaultPlan();
  faults.slowMs = 400;
  let unplug: () => Promise<void> = () => Promise.resolve();
  const sim = new PrinterSimulator(faults, () => unplug());
  const connected = await link(sim);
  unplug = connected.unplug;
  const driver = new ReceiptPrinterDriver(connected.host);
  await driver.open();
  return {
    driver,
    sim,
    faults,
    close: async () => {
      await driver.close();
      await sim.stop();
      await connected.unplug();
    },
  };
}

const PRINTER_BENCHES = [
  {
    label: 'ESC/POS printer over a real TCP socket (port 9100 protocol)',
    make: () =>
      printerBench(async (sim) => {
        const port = await sim.listenTcp(0);
        return { host: new TcpTransport({ host: '127.0.0.1', port }), unplug: () => sim.stop() };
      }),
  },
  {
    label: 'ESC/POS printer over a real pty (socat)',
    make: () =>
      printerBench(async (sim) => {
        const pair = await openPtyPair();
        await sim.serve(new SerialTransport({ path: pair.device, baudRate: 38400 }));
        return {
          host: new SerialTransport({ path: pair.host, baudRate: 38400 }),
          unplug: () => pair.unplug(),
        };
      }),
  },
];

const receipt = (): EscPosEncoder =>
  new EscPosEncoder('cp858')
    .align('center')
    .size(2, 2)
    .line('LANETERM MART')
    .size(1, 1)
    .align('left')
    .line('VISA        XXXXXXXXXXXX1111')
    .bold(true)
    .line('TOTAL                  12.34 €')
    .bold(false)
    .qr('https://example.com/r/42')
    .barcode('TTID-96748596')
    .cut();

describe.each(PRINTER_BENCHES)('printer contract: $label', (kind) => {
  let bench: PrinterBench | undefined;
  afterEach(async () => {
    await bench?.close();
    bench = undefined;
  });

  it('prints between two status polls and the paper shows the receipt as text and PNG', async () => {
    bench = await kind.make();
    const report = await bench.driver.print(receipt(), { deadlineMs: 5000 });
    expect(report.before).toMatchObject({ online: true, paperOut: false, coverOpen: false });
    expect(report.after).toMatchObject({ online: true, paperOut: false });
    const text = bench.sim.text();
    expect(text).toContain('LANETERM MART');
    expect(text).toContain('TOTAL                  12.34 €');
    expect(text).toContain('[QR https://example.com/r/42]');
    expect(bench.sim.ops.at(-1)).toEqual({ kind: 'cut', partial: true });
    const png = PNG.sync.read(await bench.sim.png());
    expect(png.width).toBe(576);
    expect(png.height).toBeGreaterThan(200);
  });

  it.each([
    ['paper out', { paperOut: true }],
    ['cover open', { coverOpen: true }],
    ['offline', { online: false }],
  ] as const)('refuses to print when %s, before sending the job', async (problem, condition) => {
    bench = await kind.make();
    Object.assign(bench.sim.status, condition);
    await expect(bench.driver.print(receipt(), { deadlineMs: 5000 })).rejects.toMatchObject({
      code: 'DEVICE_STATUS',
      stage: 'before',
      message: `receipt not printed: ${problem}`,
    });
    expect(bench.sim.ops).toEqual([]);
  });

  it('reports a job spoiled by paper running out during the print', async () => {
    bench = await kind.make();
    bench.sim.paperBytesLeft = 40;
    await expect(bench.driver.print(receipt(), { deadlineMs: 5000 })).rejects.toMatchObject({
      code: 'DEVICE_STATUS',
      stage: 'after',
      message: 'receipt may be incomplete: paper out',
    });
  });

  it('kicks the cash drawer on pin 2', async () => {
    bench = await kind.make();
    await bench.driver.openDrawer(2, { deadlineMs: 2000 });
    await bench.driver.status({ deadlineMs: 2000 });
    expect(bench.sim.ops).toContainEqual({ kind: 'drawer', pin: 2, onMs: 50, offMs: 500 });
  });

  it('slow status: within the deadline it answers, past it TIMEOUT', async () => {
    bench = await kind.make();
    bench.faults.arm('slow');
    await expect(bench.driver.status({ deadlineMs: 3000 })).resolves.toMatchObject({
      online: true,
    });
    bench.faults.arm('slow');
    await expect(bench.driver.status({ deadlineMs: 150 })).rejects.toMatchObject({
      code: 'TIMEOUT',
    });
  });

  it('garbage bytes among status replies are ignored', async () => {
    bench = await kind.make();
    bench.faults.arm('garbage', 4);
    await expect(bench.driver.status({ deadlineMs: 2000 })).resolves.toMatchObject({
      online: true,
      paperOut: false,
    });
  });

  it('unplug in mid-job: DISCONNECTED, no hang', async () => {
    bench = await kind.make();
    bench.faults.arm('unplug');
    await expect(bench.driver.print(receipt(), { deadlineMs: 5000 })).rejects.toMatchObject({
      code: 'DISCONNECTED',
    });
  });
});
