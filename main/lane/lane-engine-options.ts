import type { ServerStatus } from '../lane-api/index.ts';
import type { PaymentClient } from '../payment/index.ts';
import type { ChipFirstConfig } from './chip-fallback.ts';
import type { ManagerOverride, ReceiptPort, TrainingManager } from './lane-context.ts';
import type { QuerySources } from './lane-queries.ts';
import type { OfflineConfig } from './offline/offline-config.ts';
import type { SimulatorControls } from './training-commands.ts';

/** Everything the lane engine runs on (docs/lane.md, The lane API). */
export interface LaneEngineOptions extends QuerySources {
  readonly clerkId?: string;
  readonly client: PaymentClient;
  /** Where the client sends (no credentials in it), and the pinned certificate's fingerprint. */
  readonly server: Pick<ServerStatus, 'url' | 'transport'> & { readonly fingerprint?: string };
  readonly receipts: ReceiptPort;
  verifyManager(override: ManagerOverride): Promise<boolean>;
  /**
   * How long after it left a request may still be running at the service, ms: the answer
   * deadline plus the client's late-answer window; default 150 000 (30 s + 120 s).
   */
  readonly inFlightMs?: number;
  /** Training mode's simulated devices, for the training.* commands; absent on a real lane. */
  readonly simulators?: SimulatorControls;
  /** The offline store-and-forward rules (docs/lane.md › Offline); default never offline. */
  readonly offline?: OfflineConfig;
  /** Chip first (docs/lane.md › Chip first); default one failed chip read opens the fallback. */
  readonly chipFirst?: ChipFirstConfig;
  /** Training mode's manager, shown on the override form; absent on a real lane. */
  readonly trainingManager?: TrainingManager;
  /** Milliseconds between background passes of recovery; default 15 000. */
  readonly sweepMs?: number;
  readonly now?: () => number;
}
