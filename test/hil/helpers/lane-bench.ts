import {
  type CardCapture,
  type CardRequest,
  DeviceManager,
  type Presentation,
  type DeviceRole,
  type DeviceStatus,
  type DevicesConfig,
  type TrainingDevices,
  startTrainingDevices,
} from '../../../main/devices/index.ts';

/** A device manager on the training simulators (real socat ptys, a real TCP printer port). */
export interface LaneBench {
  sims: TrainingDevices;
  manager: DeviceManager;
  /** Every status event the manager emitted, in order. */
  events: DeviceStatus[];
  /** Resolves with the first status of `role` (current or coming) that `test` accepts; rejects after 15 s. */
  waitFor(role: DeviceRole, test: (status: DeviceStatus) => boolean): Promise<DeviceStatus>;
  /** Starts readCard(request), then presents `cardId` as `how`; settles as the read does. */
  present(cardId: string, how: Presentation, request?: CardRequest): Promise<CardCapture>;
  stop(): Promise<void>;
}

/** Runs `action` while `call` is pending and settles as `call` did (no rejection left unhandled meanwhile). */
export async function during<T>(call: Promise<T>, action: () => Promise<void>): Promise<T> {
  const outcome = call.then(
    (value) => ({ value }),
    (error: unknown) => ({ error }),
  );
  await action();
  const settled = await outcome;
  if ('error' in settled) throw settled.error;
  return settled.value;
}

/** Fast reconnects for tests: 50 ms doubling to 400 ms, no jitter. */
const FAST_RECONNECT = { initialMs: 50, maxMs: 400 };

/**
 * Starts every training simulator (the cardholder types a PIN in `pinTypingMs`, default 10; the
 * swipe reader is `reader`, default ID TECH) and
 * a manager on their configuration (changed by `edit`), and waits until every device is connected.
 */
export async function startLaneBench(
  edit: (config: DevicesConfig) => DevicesConfig = (config) => config,
  pinTypingMs = 10,
  reader: 'idtech' | 'wedge' = 'idtech',
): Promise<LaneBench> {
  const sims = await startTrainingDevices({ pinTypingMs, reader });
  const events: DeviceStatus[] = [];
  const listeners = new Set<() => void>();
  const config = edit({ ...sims.config, reconnect: FAST_RECONNECT });
  const manager = await DeviceManager.start(config, {
    onStatus: (status) => {
      events.push(status);
      for (const listener of listeners) listener();
    },
  });
  const waitFor = (role: DeviceRole, test: (status: DeviceStatus) => boolean) =>
    new Promise<DeviceStatus>((resolve, reject) => {
      const check = (): void => {
        const status = manager.statuses().find((candidate) => candidate.role === role);
        if (status === undefined || !test(status)) return;
        listeners.delete(check);
        clearTimeout(timer);
        resolve(status);
      };
      const timer = setTimeout(() => {
        listeners.delete(check);
        reject(
          new Error(`${role} never reached the state asked: ${JSON.stringify(manager.statuses())}`),
        );
      }, 15_000);
      listeners.add(check);
      check();
    });
  for (const role of ['reader', 'emv', 'pinpad', 'printer'] as const)
    if (config[role] !== undefined) await waitFor(role, (status) => status.state === 'connected');
  if (config.printer !== undefined) await waitFor('printer', (status) => status.paper === 'ok');
  return {
    sims,
    manager,
    events,
    waitFor,
    present: (cardId, how, request = {}) =>
      during(manager.readCard({ deadlineMs: 10_000, ...request }), () => sims.present(cardId, how)),
    async stop() {
      await manager.stop();
      await sims.stop();
    },
  };
}
