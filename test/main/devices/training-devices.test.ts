// Training devices: an unplugged printer whose port is taken meanwhile says so in the log.
import { createServer } from 'node:net';
import { once } from 'node:events';
import { describe, expect, it } from 'vitest';
import { startTrainingDevices } from '../../../main/devices/index.ts';

describe('training devices', () => {
  it('logs a printer that cannot listen again after an unplug, naming its port and why', async () => {
    let heard: (line: string) => void = () => undefined;
    const failed = new Promise<string>((resolve) => (heard = resolve));
    const devices = await startTrainingDevices({
      reader: 'wedge',
      log: (line) => {
        if (line.startsWith('printer:')) heard(line);
      },
    });
    const port = devices.config.printer?.tcp?.port ?? 0;
    const squatter = createServer();
    try {
      await devices.unplug('printer', 50);
      squatter.listen(port, '127.0.0.1');
      await once(squatter, 'listening');
      expect(await failed).toMatch(
        new RegExp(`^printer: port ${port} not listening again: .*EADDRINUSE`),
      );
    } finally {
      squatter.close();
      await devices.stop();
    }
  });
});
