import { SerialPort } from 'serialport';
import type {
  CommandReply,
  Diagnostics,
  LaneCommand,
  LaneSettings,
  LaneSnapshot,
  SeenPort,
  ServerStatus,
} from '../lane-api/index.ts';
import { historyEntry } from './history-view.ts';
import type { JournalStore } from './journal/journal-store.ts';
import type { LaneContext, LaneDevices } from './lane-context.ts';
import { deviceDiagnostics } from './lane-status.ts';
import type { LaneSettingsStore } from './lane-settings.ts';

/** Who the lane is: what the settings screen shows read-only. */
export interface LaneIdentity {
  readonly training: boolean;
  readonly laneId: string;
  readonly currency: string;
  readonly merchantName: string;
  /** Where the configuration came from, or "training". */
  readonly configSource: string;
  /** The lane's version, for diagnostics. */
  readonly version: string;
}

/** What the queries read. */
export interface QuerySources extends LaneIdentity {
  readonly journal: JournalStore;
  readonly devices: LaneDevices;
  readonly settings: LaneSettingsStore;
  readonly server: { readonly fingerprint?: string };
  /** Serial ports the machine shows; default serialport's list. */
  readonly listPorts?: () => Promise<SeenPort[]>;
}

/** Serial ports as serialport lists them (path, USB ids, serial number, maker). */
async function serialPorts(): Promise<SeenPort[]> {
  const ports = await SerialPort.list().catch(() => []);
  return ports.map((port) => ({
    path: port.path.slice(0, 300),
    ...(port.vendorId === undefined ? {} : { vendorId: port.vendorId.slice(0, 8) }),
    ...(port.productId === undefined ? {} : { productId: port.productId.slice(0, 8) }),
    ...(port.serialNumber === undefined ? {} : { serialNumber: port.serialNumber.slice(0, 80) }),
    ...(port.manufacturer === undefined ? {} : { manufacturer: port.manufacturer.slice(0, 120) }),
  }));
}

/** docs/devices.md, Linux permissions: what to do when a port could not be opened. */
const UDEV_HINT =
  'A device could not be opened for lack of permission: install resources/udev/99-laneterm.rules ' +
  'in /etc/udev/rules.d/, run "sudo udevadm control --reload && sudo udevadm trigger", and ' +
  'replug the device (docs/devices.md, Linux permissions).';

/**
 * The lane API's questions (snapshot, history search, receipt preview, diagnostics, settings):
 * answered from the journal, the devices and the settings; they never move money.
 */
export class LaneQueries {
  readonly #sources: QuerySources;
  readonly #ctx: LaneContext;
  readonly #server: () => ServerStatus;
  readonly #snapshot: () => LaneSnapshot;

  constructor(
    sources: QuerySources,
    ctx: LaneContext,
    server: () => ServerStatus,
    snapshot: () => LaneSnapshot,
  ) {
    this.#sources = sources;
    this.#ctx = ctx;
    this.#server = server;
    this.#snapshot = snapshot;
  }

  /** The settings screen: the editable settings and who the lane is. */
  settings(): LaneSettings {
    const { laneId, training, currency, configSource, merchantName } = this.#sources;
    return {
      ...this.#sources.settings.get(),
      laneId,
      training,
      currency,
      configSource: configSource.slice(0, 500),
      merchantName: merchantName.slice(0, 80),
    };
  }

  /** The answer to a query, or undefined when the command is not one. */
  async answer(command: LaneCommand): Promise<CommandReply | undefined> {
    const { journal, settings } = this.#sources;
    switch (command.type) {
      case 'lane.snapshot':
        return { ok: true, data: this.#snapshot() };
      case 'history.search': {
        const tip = settings.get().tipAdjust;
        const entries = journal.search(command.query).map((entry) => historyEntry(entry, tip));
        return { ok: true, data: { entries } };
      }
      case 'receipt.preview':
        return this.#preview(command.entryId, command.copy ?? 'customer');
      case 'diagnostics.get':
        return { ok: true, data: await this.diagnostics() };
      case 'settings.get':
        return { ok: true, data: this.settings() };
      case 'settings.update':
        settings.update(command.patch);
        return { ok: true, data: this.settings() };
      default:
        return undefined;
    }
  }

  #preview(entryId: string, copy: 'customer' | 'merchant'): CommandReply {
    const entry = this.#sources.journal.get(entryId);
    if (entry === undefined || entry.answer === undefined)
      return {
        ok: false,
        error: { code: 'not_found', message: 'no answered entry with that id', field: 'entryId' },
      };
    const request = {
      copy,
      duplicate: false,
      training: entry.training,
      notes: this.#sources.settings.get().receiptNotes,
    };
    const rendered = this.#ctx.receipts.render(entry, request);
    return {
      ok: true,
      data: {
        id: `${entry.id}-${copy}-preview`,
        entryId: entry.id,
        copy,
        duplicate: false,
        training: entry.training,
        at: this.#ctx.now(),
        text: rendered.text,
        svg: rendered.svg,
        printed: 'preview',
      },
    };
  }

  /** The diagnostics snapshot: devices with their last errors, ports seen, server and journal. */
  async diagnostics(): Promise<Diagnostics> {
    const { journal, devices, server } = this.#sources;
    const statuses = devices.statuses();
    const denied = statuses.some((status) =>
      /permission|EACCES|udev/i.test(status.lastError?.message ?? ''),
    );
    const counts = journal.counts();
    return {
      at: this.#ctx.now(),
      devices: statuses.map(deviceDiagnostics),
      portsSeen: await (this.#sources.listPorts ?? serialPorts)(),
      ...(denied ? { permissionsHint: UDEV_HINT } : {}),
      server: {
        ...this.#server(),
        ...(server.fingerprint === undefined ? {} : { fingerprint: server.fingerprint }),
      },
      journal: { path: journal.path.slice(0, 500), ...counts },
      versions: { lane: this.#sources.version, node: process.versions.node },
    };
  }
}
