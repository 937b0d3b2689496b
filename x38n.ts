import { MemoryTransport } from './drivers/transport/memory-transport.ts';
import { NgaReaderDriver } from './drivers/emv/nga-reader-driver.ts';
import { NgaFrameParser, encodeNgaFrame } from './drivers/emv/nga-frame.ts';
const [host, dev] = MemoryTransport.pair('h','d');
const parser = new NgaFrameParser('command');
let activates = 0;
dev.on('data', (chunk: Buffer) => {
  for (const f of parser.push(chunk)) {
    const answer = (cmd: number, status: number, data = Buffer.alloc(0)) => encodeNgaFrame('response', { command: cmd, code: status, data });
    if (f.command === 0x18) void dev.write(answer(0x18, 0));
    else if (f.command === 0x05) void dev.write(answer(0x05, 0));
    else if (f.command === 0x02) {
      activates += 1;
      if (activates === 1) void dev.write(answer(0x02, 0, Buffer.alloc(300, 0x41)).subarray(0, 120));
      else void dev.write(answer(0x02, 0x08));
    }
  }
});
const d = new NgaReaderDriver(host); await dev.open(); await d.open();
const t0 = Date.now();
const log = (s: string) => console.log(((Date.now()-t0)/1000).toFixed(1)+'s', s);
for (let i = 0; i < 4; i += 1) {
  try { await d.readCard({ deadlineMs: 1500, amountMinor: 100 }); log('read ok'); } catch (e: any) { log(`read ERR ${e.code} ${e.message}`); }
  try { await d.settled(); } catch {}
  try { await d.ping({ deadlineMs: 1000 }); log('ping ok'); } catch (e: any) { log(`ping ERR ${e.code} ${e.message}`); }
}
await d.close();
