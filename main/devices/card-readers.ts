import {
  type CardRead,
  type CardReadOptions,
  type CardReader,
  DeviceError,
  READ_CARD_DEADLINE_MS,
} from '../../drivers/index.ts';
import { checkKeySet, keySetOf, ksnOfRead } from './key-set.ts';
import type { ManagedDevice } from './managed-device.ts';

/** The roles that read cards: the swipe reader and the EMV reader. */
export type CardReaderRole = 'reader' | 'emv';

/** A card read and the reader it came from. */
export interface CardCapture {
  role: CardReaderRole;
  read: CardRead;
}

/** readCard's options: the amount (EMV), deadline and cancel, and which readers to wait on. */
export interface CardRequest extends CardReadOptions {
  /** Readers to wait on; default every configured one (swipe reader and EMV reader). */
  from?: readonly CardReaderRole[];
}

/** One reader's card wait: the read, checked against the device's key set. */
function readOn(
  role: CardReaderRole,
  device: ManagedDevice<CardReader>,
  request: CardRequest,
  signal: AbortSignal,
): Promise<CardCapture> {
  return device
    .call(
      'readCard',
      { deadlineMs: request.deadlineMs, signal },
      READ_CARD_DEADLINE_MS,
      async (call) => {
        const read = await device.driver.readCard({
          ...call,
          amountMinor: request.amountMinor,
          ...(request.since === undefined ? {} : { since: request.since }),
        });
        checkKeySet(role, keySetOf(device.config), ksnOfRead(read));
        return read;
      },
      { waitsForPerson: true },
    )
    .then((read) => ({ role, read }));
}

/**
 * Waits for a card on every reader asked (default all configured): the first reader to answer,
 * with a read or an error, decides and the others are cancelled (the EMV reader gets its cancel
 * command, which ends its wait after the answer: cardWaitsEnded waits for that). A reader whose
 * link is out of step (connected, not answering) drops out while another still waits
 * (docs/lane-devices.md, readCard). Readers not connected when the call starts are left out while
 * another one is. Default deadline 60 s (READ_CARD_DEADLINE_MS); a read under another key set than
 * configured is refused (PROTOCOL, field keySet). NOT_FOUND when no reader is configured.
 */
export async function readFirstCard(
  readers: ReadonlyMap<CardReaderRole, ManagedDevice<CardReader>>,
  request: CardRequest,
): Promise<CardCapture> {
  const asked = (request.from ?? ['reader', 'emv']).flatMap((role) => {
    const device = readers.get(role);
    return device === undefined ? [] : [{ role, device }];
  });
  if (asked.length === 0)
    throw new DeviceError('NOT_FOUND', 'card reader: none configured', { field: 'reader' });
  const connected = asked.filter(({ device }) => device.supervisor.isOpen);
  const race = new AbortController();
  const follow = (): void => race.abort();
  request.signal?.addEventListener('abort', follow, { once: true });
  if (request.signal?.aborted === true) race.abort();
  const attempts = (connected.length > 0 ? connected : asked).map(({ role, device }) => ({
    device,
    capture: readOn(role, device, request, race.signal),
  }));
  try {
    return await firstDeciding(attempts);
  } finally {
    race.abort();
    request.signal?.removeEventListener('abort', follow);
  }
}

/** One reader's wait in a race, and its device. */
interface Attempt {
  device: ManagedDevice<CardReader>;
  capture: Promise<CardCapture>;
}

/**
 * The first attempt that decides: a read, or any failure but a link out of step while another
 * attempt still waits; when every attempt failed so, the first of those failures.
 */
function firstDeciding(attempts: readonly Attempt[]): Promise<CardCapture> {
  return new Promise((resolve, reject) => {
    let waiting = attempts.length;
    let firstOutOfStep: { error: unknown } | undefined;
    for (const { device, capture } of attempts)
      capture.then(resolve, (error: unknown) => {
        waiting -= 1;
        if (!device.isOutOfStep(error)) return reject(error);
        firstOutOfStep ??= { error };
        if (waiting === 0) reject(firstOutOfStep.error);
      });
  });
}

/**
 * Resolves once every card wait started so far has ended on its reader, one given up on included
 * (the EMV reader's cancel answered), so a card presented after it goes to the next wait, never to
 * one given up on (docs/lane-devices.md, cardWaitsEnded).
 */
export async function cardWaitsEnded(
  readers: ReadonlyMap<CardReaderRole, ManagedDevice<CardReader>>,
): Promise<void> {
  await Promise.all([...readers.values()].map((device) => device.driver.settled()));
}
