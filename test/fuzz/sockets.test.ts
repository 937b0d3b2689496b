// The short form of the socket fuzzer: a service process attacked over TCP and TLS, and flooded by
// clients that never read, keeps answering well-formed clients, never exits, and its resident
// memory stays flat under attack and bounded under the floods.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { floodWithoutReading, runAttacks } from './socket/socket-attacks.ts';
import { type ServiceUnderFuzz, startServiceUnderFuzz } from './socket/service-under-fuzz.ts';

const MiB = 1024;

/** Growth of resident memory across the attacks, after a warm-up, that still counts as flat (KiB). */
const FLAT_KB = 192 * MiB;

/** Growth of resident memory a flood that is never read may cause: the service's bound (KiB). */
const FLOOD_BOUND_KB = 256 * MiB;

/**
 * Room for each case on a machine busy with other suites: the attacks take seconds alone, a flood
 * the seconds its connections take to stall plus the probes; stop() kills after its grace.
 */
const CASE_TIMEOUT_MS = 240_000;
const HOOK_TIMEOUT_MS = 120_000;

let service: ServiceUnderFuzz;
beforeAll(async () => {
  service = await startServiceUnderFuzz();
}, HOOK_TIMEOUT_MS);
afterAll(() => service?.stop(), HOOK_TIMEOUT_MS);

describe('socket fuzzer (short form)', () => {
  it(
    'malformed, truncated, oversized, slow and pipelined frames and HTTP requests over TCP and TLS: well-formed clients are answered throughout, the service never exits, its memory stays flat',
    async () => {
      await runAttacks(service, { count: 20, seed: 1, workers: 4 });
      const before = service.rssKb();
      const report = await runAttacks(service, { count: 80, seed: 2, workers: 4 });
      const after = service.rssKb();
      expect(service.alive()).toBe(true);
      expect(report.attacks).toBe(80);
      expect(report.answered).toBeGreaterThan(0);
      expect(report.problems).toEqual([]);
      expect(report.probes).toBeGreaterThanOrEqual(2);
      expect(after - before, `VmRSS ${before} kB before, ${after} kB after`).toBeLessThan(FLAT_KB);
    },
    CASE_TIMEOUT_MS,
  );

  it.each([
    ['key/value clients pipelining pings', 'kv'],
    ['REST clients pipelining GET /api/v2/openapi.json', 'rest'],
  ] as const)(
    '%s over TCP and TLS that never read: each connection stalls or is closed, the service grows at most 256 MB and answers well-formed clients meanwhile and afterwards',
    async (_name, kind) => {
      for (const wire of ['plain', 'tls'] as const) {
        const flood = await floodWithoutReading(service, {
          wire,
          kind,
          clients: 4,
          bytesPerClient: 32 * 1024 * 1024,
          maxGrowthKb: FLOOD_BOUND_KB,
        });
        expect(service.alive()).toBe(true);
        expect(flood.problems, wire).toEqual([]);
        expect(flood.probes, wire).toBeGreaterThanOrEqual(6);
        expect(flood.ends, wire).toHaveLength(4);
        expect(
          flood.ends.filter((end) => end === 'done'),
          wire,
        ).toEqual([]);
        expect(flood.sentBytes, wire).toBeGreaterThan(4 * 64 * 1024);
        expect(flood.rssGrowthKb, `${wire}: VmRSS grew ${flood.rssGrowthKb} kB`).toBeLessThan(
          FLOOD_BOUND_KB,
        );
      }
    },
    CASE_TIMEOUT_MS,
  );
});
