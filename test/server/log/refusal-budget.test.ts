import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RefusalBudget, type RefusalSummary } from '../../../server/log/refusal-budget.ts';

const LIMITS = { perSource: 3, overall: 5, windowMs: 10_000 };
let summaries: RefusalSummary[];
let budget: RefusalBudget;
beforeEach(() => {
  vi.useFakeTimers();
  summaries = [];
  budget = new RefusalBudget(LIMITS, (summary) => summaries.push(summary));
});
afterEach(() => vi.useRealTimers());

const take = (source: string, times: number) =>
  Array.from({ length: times }, () => budget.take(source));

describe('RefusalBudget', () => {
  it('lets each source write its share, all sources their total, and counts the rest', () => {
    expect(take('10.0.0.1', 4)).toEqual([true, true, true, false]);
    expect(take('10.0.0.2', 3)).toEqual([true, true, false]);
    expect(take('10.0.0.3', 1)).toEqual([false]);
    expect(summaries).toEqual([]);
    vi.advanceTimersByTime(10_000);
    expect(summaries).toEqual([
      {
        suppressed: 3,
        sources: 3,
        by_source: [
          { source: '10.0.0.1', suppressed: 1 },
          { source: '10.0.0.2', suppressed: 1 },
          { source: '10.0.0.3', suppressed: 1 },
        ],
      },
    ]);
    expect(take('10.0.0.1', 3)).toEqual([true, true, true]);
  });

  it('counts an IPv6 host by its /64 and an IPv4-mapped address as IPv4', () => {
    expect(take('2001:db8:1:2::a', 2)).toEqual([true, true]);
    expect(take('2001:db8:1:2::b', 2)).toEqual([true, false]);
    expect(take('::ffff:10.0.0.9', 2)).toEqual([true, true]);
    expect(take('10.0.0.9', 1)).toEqual([false]);
    budget.close();
    expect(summaries[0]?.by_source).toEqual([
      { source: '2001:db8:1:2::/64', suppressed: 1 },
      { source: '10.0.0.9', suppressed: 1 },
    ]);
  });

  it('writes no summary for a window where every line was written', () => {
    take('10.0.0.1', 2);
    vi.advanceTimersByTime(10_000);
    budget.close();
    expect(summaries).toEqual([]);
  });

  it("counts every source's lines but keeps 1000 sources apart, naming each", () => {
    const big = new RefusalBudget({ perSource: 1, overall: 1, windowMs: 10_000 }, (summary) =>
      summaries.push(summary),
    );
    for (let i = 1; i <= 1500; i += 1) big.take(`10.1.${Math.floor(i / 256)}.${i % 256}`);
    for (let i = 0; i < 7; i += 1) big.take('10.9.9.9');
    big.close();
    expect(summaries[0]?.suppressed).toBe(1506);
    expect(summaries[0]?.sources).toBe(999);
    expect(summaries[0]?.by_source).toHaveLength(999);
    expect(summaries[0]?.by_source.every((count) => count.suppressed === 1)).toBe(true);
  });

  it('counts what it does not write by the name each refusal presented, most first', () => {
    budget.take('10.0.0.1', 'aaaa');
    for (let i = 0; i < 20; i += 1) budget.take('10.0.0.2', i % 4 === 0 ? 'aaaa' : `n${i}`);
    budget.take('10.0.0.3');
    budget.take('10.0.0.3');
    budget.close();
    const [summary] = summaries;
    expect(summary?.suppressed).toBe(18);
    expect(summary?.by_source).toEqual([
      { source: '10.0.0.2', suppressed: 17 },
      { source: '10.0.0.3', suppressed: 1 },
    ]);
    expect(summary?.by_name?.[0]).toEqual({ name_hash: 'aaaa', suppressed: 4 });
    expect(summary?.by_name).toHaveLength(14);
    expect(summary?.by_name?.reduce((sum, name) => sum + name.suppressed, 0)).toBe(17);
  });
});
