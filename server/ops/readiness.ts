import type { ServiceStore } from '../store/service-store.ts';
import type { CardVault } from '../vault/index.ts';

/** What readiness looks at. */
export interface ReadinessSources {
  readonly store: Pick<ServiceStore, 'ping'>;
  readonly vault: Pick<CardVault, 'sealServiceKey' | 'unsealServiceKey'>;
  readonly tracker: { readonly draining: boolean };
}

/** The answer of /readyz: ready, or why not (each reason a short fixed phrase, no values). */
export type Readiness = { ready: true } | { ready: false; reasons: string[] };

/** Milliseconds the store has to answer a readiness ping before it counts as unreachable. */
export const STORE_PING_MS = 2000;

const PROBE = Buffer.alloc(32, 0x5a);

/** Resolves true when the store answers a ping within `ms`, false when it fails or is late. */
async function storeAnswers(store: ReadinessSources['store'], ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  const answered = store.ping().then(
    () => true,
    () => false,
  );
  try {
    return await Promise.race([answered, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** True when the vault's data key seals and opens a probe (the key is in memory and works). */
function vaultOpens(vault: ReadinessSources['vault']): boolean {
  try {
    return vault
      .unsealServiceKey('readiness', vault.sealServiceKey('readiness', PROBE))
      .equals(PROBE);
  } catch {
    return false;
  }
}

/**
 * Whether the service should be sent requests (docs/scaling.md › The ops port): not draining, the
 * store reachable within STORE_PING_MS, and the card vault open.
 */
export async function checkReadiness(
  sources: ReadinessSources,
  pingMs = STORE_PING_MS,
): Promise<Readiness> {
  const reasons: string[] = [];
  if (sources.tracker.draining) reasons.push('draining');
  if (!(await storeAnswers(sources.store, pingMs))) reasons.push('store unreachable');
  if (!vaultOpens(sources.vault)) reasons.push('card vault not open');
  return reasons.length === 0 ? { ready: true } : { ready: false, reasons };
}
