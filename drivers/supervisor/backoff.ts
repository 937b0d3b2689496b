/** Reconnect pacing: waits grow by `factor` from `initialMs` up to `maxMs`, with some jitter. */
export interface BackoffPolicy {
  /** First wait in milliseconds; default 250. */
  initialMs: number;
  /** Longest wait in milliseconds; default 30000. */
  maxMs: number;
  /** Growth per failed attempt; default 2. */
  factor: number;
  /** Fraction of the wait drawn at random (0 = none, 0.2 = ±20 %); default 0.2. */
  jitter: number;
}

/** The default reconnect policy: 250 ms, 500 ms, 1 s … capped at 30 s, ±20 %. */
export const DEFAULT_BACKOFF: Readonly<BackoffPolicy> = {
  initialMs: 250,
  maxMs: 30_000,
  factor: 2,
  jitter: 0.2,
};

/** Milliseconds to wait before reconnect attempt number `attempt` (0 for the first retry). */
export function backoffDelay(
  policy: BackoffPolicy,
  attempt: number,
  random: () => number = Math.random,
): number {
  const base = Math.min(policy.maxMs, policy.initialMs * policy.factor ** Math.max(0, attempt));
  const spread = base * policy.jitter * (random() * 2 - 1);
  return Math.max(0, Math.round(Math.min(policy.maxMs, base + spread)));
}
