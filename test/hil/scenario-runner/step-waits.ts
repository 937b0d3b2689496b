// Waits a scenario step makes before it acts (docs/lane.md › Scenarios): for the EMV reader to
// start the workflow's card wait, and for the own service's processor to hold an authorization.
import type { OwnService } from './own-service.ts';
import type { ScenarioLane } from './process-lane.ts';

const sleep = (ms: number): Promise<void> => new Promise((done) => setTimeout(done, ms));

/** How long the EMV reader may take to start the workflow's card wait, ms. */
const CHIP_WAIT_MS = 60_000;

/**
 * Waits until the EMV reader has started a card wait since the workflow started (more than
 * `before`): a chip given to the previous workflow's abandoned wait, whose cancel the simulator
 * has not read yet, would be read for nobody.
 */
export async function chipWait(bench: ScenarioLane, before: number): Promise<void> {
  const emv = bench.devices.simulators.emv;
  const deadline = Date.now() + CHIP_WAIT_MS;
  while (!(emv.activations > before && emv.activated)) {
    if (Date.now() > deadline) throw new Error('the EMV reader started no card wait for the card');
    await sleep(20);
  }
}

/** How long a held authorization may take to reach the processor, ms. */
const HELD_WAIT_MS = 60_000;

/** Waits until the own service's processor holds the armed authorization. */
export async function held(service: OwnService): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(
      () => reject(new Error('no held authorization reached the processor')),
      HELD_WAIT_MS,
    );
  });
  try {
    await Promise.race([service.hold.reached(), late]);
  } finally {
    clearTimeout(timer);
  }
}
