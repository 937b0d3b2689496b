import type { Notice, ReceiptPreview } from '../lane-api/index.ts';
import { CHIP_FIRST_DEFAULT } from './chip-fallback.ts';
import { InterruptedList } from './interrupted-list.ts';
import { EntryResolver } from './journal/entry-resolver.ts';
import { JournaledPayments } from './journal/journaled-payments.ts';
import { Recovery } from './journal/recovery.ts';
import type { LaneContext } from './lane-context.ts';
import type { LaneEngineOptions } from './lane-engine-options.ts';
import { OFFLINE_NEVER } from './offline/offline-config.ts';
import { OfflineForwarder } from './offline/offline-forwarder.ts';

/** The lane engine's parts over one journal and client (docs/lane.md, The lane API). */
export interface LaneParts {
  readonly payments: JournaledPayments;
  readonly interrupted: InterruptedList;
  readonly recovery: Recovery;
  readonly forwarder: OfflineForwarder;
  /** What every workflow works with. */
  readonly context: LaneContext;
}

/** Where the parts reach the engine's events and server status (docs/lane.md, The lane API). */
export interface LaneHooks {
  /** A request answered (true) or not sent (false). */
  serverSeen(up: boolean): void;
  notify(notice: Notice): void;
  emitReceipt(receipt: ReceiptPreview): void;
  /** The status bar changed (the day opened or closed). */
  publishStatus(): void;
}

/** A day opened, or closed with its batch, as a notice (docs/lane.md, Open and close the day). */
function dayNotice(open: boolean, batch: string | undefined): Notice {
  if (open) return { level: 'info', code: 'day_opened', params: {} };
  return batch === undefined || batch === ''
    ? { level: 'info', code: 'day_closed_empty', params: {} }
    : { level: 'info', code: 'day_closed', params: { batch } };
}

/**
 * Builds the engine's parts (docs/lane.md, Workflows, Recovery, Offline): the journaled payments,
 * the interrupted list, recovery and its resolver, the offline forwarder, and the workflows'
 * context with the options' defaults (never offline, chip first's default).
 */
export function laneParts(options: LaneEngineOptions, hooks: LaneHooks): LaneParts {
  const now = options.now ?? Date.now;
  const { notify } = hooks;
  const lane = {
    laneid: options.laneId,
    ...(options.clerkId === undefined ? {} : { clerkid: options.clerkId }),
  };
  const payments = new JournaledPayments(options.journal, options.client, {
    training: options.training,
    lane,
    onServer: (up) => hooks.serverSeen(up),
  });
  const interrupted = new InterruptedList(options.journal, now);
  const resolver = new EntryResolver(options.journal, options.client, options.inFlightMs, now, () =>
    hooks.serverSeen(true),
  );
  const recovery = new Recovery(options.journal, payments, resolver, notify);
  const forwarder = new OfflineForwarder(options.journal, payments, notify, {
    ...(options.inFlightMs === undefined ? {} : { inFlightMs: options.inFlightMs }),
    now,
  });
  const context: LaneContext = {
    training: options.training,
    offline: options.offline ?? OFFLINE_NEVER,
    chipFirst: options.chipFirst ?? CHIP_FIRST_DEFAULT,
    journal: options.journal,
    payments,
    recovery,
    resolver,
    devices: options.devices,
    receipts: options.receipts,
    settings: () => options.settings.get(),
    verifyManager: (override) => options.verifyManager(override),
    ...(options.training && options.trainingManager !== undefined
      ? { trainingManager: options.trainingManager }
      : {}),
    emitReceipt: (receipt) => hooks.emitReceipt(receipt),
    notify,
    dayOpen: () => options.settings.dayOpen(),
    setDayOpen: (open, batch) => {
      options.settings.setDayOpen(open);
      notify(dayNotice(open, batch));
      hooks.publishStatus();
    },
    now,
    forwardOffline: async () => {
      await forwarder.forward();
    },
  };
  return { payments, interrupted, recovery, forwarder, context };
}
