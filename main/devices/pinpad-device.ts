import {
  type CallOptions,
  DeviceError,
  type KeyedCardRequest,
  type KeyedRead,
  PINPAD_DEADLINES,
  type PinEntry,
  type PinPadDriver,
  type PinPadStatus,
  type PinRequest,
} from '../../drivers/index.ts';
import { checkKeySet, keySetOf } from './key-set.ts';
import type { ManagedDevice } from './managed-device.ts';

/** What PIN entry and the key check prove sound: the pad's DUKPT keys. */
const KEYS = { proves: 'keys' } as const;

/**
 * The PIN pad under the manager: PIN entry and keyed card entry (each checked against the key
 * set), display text, and the key check run after every (re)connect, which faults a pad without
 * keys.
 */
export class PinPadDevice {
  readonly device: ManagedDevice<PinPadDriver>;

  constructor(device: ManagedDevice<PinPadDriver>) {
    this.device = device;
  }

  /** Asks the cardholder for a PIN (default deadline 120 s); cancelling sends 72 to the pad. */
  requestPin(request: PinRequest, options: CallOptions = {}): Promise<PinEntry> {
    return this.#entry('requestPin', options, PINPAD_DEADLINES.pin, async (call) => {
      const entry = await this.device.driver.requestPin(request, call);
      return { result: entry, ksn: entry.ksn };
    });
  }

  /**
   * Asks the cardholder to key the card on the pad (default deadline 180 s): the account comes
   * back DUKPT-encrypted as a KeyedRead; cancelling sends 72 to the pad.
   */
  requestCard(request: KeyedCardRequest, options: CallOptions = {}): Promise<KeyedRead> {
    return this.#entry('requestCard', options, PINPAD_DEADLINES.card, async (call) => {
      const read = await this.device.driver.requestCard(request, call);
      return { result: read, ksn: read.e_id };
    });
  }

  /** One entry the cardholder makes on the pad, its KSN checked against the pad's key set. */
  #entry<T>(
    name: string,
    options: CallOptions,
    deadlineMs: number,
    enter: (call: CallOptions) => Promise<{ result: T; ksn: string }>,
  ): Promise<T> {
    return this.device.call(
      name,
      options,
      deadlineMs,
      async (call) => {
        const { result, ksn } = await enter(call);
        checkKeySet('pinpad', keySetOf(this.device.config), ksn);
        return result;
      },
      { ...KEYS, waitsForPerson: true },
    );
  }

  /** Shows `text` (up to 64 printable ASCII characters); default deadline 5 s. */
  display(text: string, options: CallOptions = {}): Promise<void> {
    return this.device.call('display', options, PINPAD_DEADLINES.message, (call) =>
      this.device.driver.display(text, call),
    );
  }

  /** The pad's state and keys (S0/S1): no keys (DEVICE_STATUS) or exhausted keys (KEY_EXHAUSTED) fault it. */
  status(options: CallOptions = {}): Promise<PinPadStatus> {
    return this.device.call(
      'status',
      options,
      PINPAD_DEADLINES.message,
      async (call) => {
        const status = await this.device.driver.status(call);
        if (status.keys === 'exhausted')
          throw new DeviceError(
            'KEY_EXHAUSTED',
            'pin pad: DUKPT keys exhausted, pad needs key injection',
            {
              field: 'ksn',
            },
          );
        if (status.keys === 'none')
          throw new DeviceError('DEVICE_STATUS', 'pin pad: no DUKPT key loaded', { field: 'keys' });
        return status;
      },
      KEYS,
    );
  }
}
