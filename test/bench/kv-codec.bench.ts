// Key/value codec throughput, each beside the least work a reader of the same bytes must do.
import { bench, describe } from 'vitest';
import { KvFrameDecoder, decodePairs, encodeFrame, encodePairs } from '../../protocol/index.ts';

const SALE: Record<string, string> = {
  username: 'test_retail:public',
  password: 'publ1ct3st',
  action: 'sale',
  account: '4111111111111111',
  expdate: '1230',
  amount: '12.00',
  zip: '32606',
  street: '5800 NW 39th AVE',
  ordernum: 'order "42"',
  timeout: '30',
};
const BODY = encodePairs(SALE, 'crlf-quoted');
const FRAMES = Buffer.concat(Array.from({ length: 1000 }, (_, i) => encodeFrame(String(i), BODY)));
const CHUNKS = Array.from({ length: Math.ceil(FRAMES.length / 1460) }, (_, i) =>
  FRAMES.subarray(i * 1460, (i + 1) * 1460),
);
const JSON_BODY = JSON.stringify(SALE);

/** The least a frame reader can do: split on ETX with Buffer.indexOf, no checks, no cap. */
function splitOnEtx(chunks: readonly Buffer[]): number {
  let frames = 0;
  let pending = Buffer.alloc(0);
  for (const chunk of chunks) {
    pending = Buffer.concat([pending, chunk]);
    let end = pending.indexOf(0x03);
    while (end >= 0) {
      frames += 1;
      pending = pending.subarray(end + 1);
      end = pending.indexOf(0x03);
    }
  }
  return frames;
}

describe('1000 pipelined sale frames in 1460-byte TCP segments', () => {
  bench('baseline: split on ETX with Buffer.indexOf', () => {
    splitOnEtx(CHUNKS);
  });
  bench('LaneTerm: KvFrameDecoder (framing checks, 1 MiB cap)', () => {
    const decoder = new KvFrameDecoder();
    for (const chunk of CHUNKS) decoder.push(chunk);
  });
});

describe('one sale body of ten pairs, decoded', () => {
  bench('baseline: JSON.parse of the same pairs', () => {
    JSON.parse(JSON_BODY);
  });
  bench('LaneTerm: decodePairs (quotes, doubled quotes, trimming)', () => {
    decodePairs(BODY);
  });
});

describe('one sale body of ten pairs, encoded', () => {
  bench('baseline: JSON.stringify of the same pairs', () => {
    JSON.stringify(SALE);
  });
  bench('LaneTerm: encodePairs, every value quoted, CRLF', () => {
    encodePairs(SALE, 'crlf-quoted');
  });
});
