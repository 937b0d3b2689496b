import type { DeviceStatus as ManagedStatus } from '../devices/index.ts';
import type { DeviceKind, Notice } from '../lane-api/index.ts';

/**
 * The cashier's notices of a device's link (docs/lane.md › Notices): device_lost when a device that
 * was up is lost (its supervisor reconnecting: unplugged, its port gone), device_back once it is
 * connected again. The notice names the device by its kind (`device`), which each screen words in
 * its own language; the first connect and a fault of a device still plugged in say nothing (the
 * status bar shows them).
 */
export class DeviceNotices {
  readonly #up = new Set<DeviceKind>();
  readonly #lost = new Set<DeviceKind>();
  readonly #notify: (notice: Notice) => void;

  /** `now`: the devices' statuses at start; `notify` gets each notice. */
  constructor(now: readonly ManagedStatus[], notify: (notice: Notice) => void) {
    for (const status of now) if (status.state === 'connected') this.#up.add(status.role);
    this.#notify = notify;
  }

  /** Takes one status event of the device manager. */
  seen(status: ManagedStatus): void {
    const device = status.role;
    if (status.state === 'reconnecting' && this.#up.delete(device)) {
      this.#lost.add(device);
      this.#notify({ level: 'warning', code: 'device_lost', params: { device } });
    } else if (status.state === 'connected') {
      this.#up.add(device);
      if (this.#lost.delete(device))
        this.#notify({ level: 'info', code: 'device_back', params: { device } });
    }
  }
}
