import type {
  CommandReply,
  Diagnostics,
  LaneCommand,
  LaneSettings,
  LaneSnapshot,
  OfflineDeclined,
  SeenPort,
  ServerStatus,
} from '../lane-api/index.ts';
import { offlineDeclinedLine } from './offline/offline-day.ts';
import { historyEntry } from './history-view.ts';
import type { JournalStore } from './journal/journal-store.ts';
import type { LaneContext, LaneDevices } from './lane-context.ts';
import { deviceDiagnostics } from './lane-status.ts';
import type { LaneSettingsStore } from './lane-settings.ts';
import { receiptRequest } from './receipt-printing.ts';

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
}

/** A port the device manager saw, cut to the lane API's lengths. */
function seenPort(port: SeenPort): SeenPort {
  return {
    path: port.path.slice(0, 300),
    ...(port.vendorId === undefined ? {} : { vendorId: port.vendorId.slice(0, 8) }),
    ...(port.productId === undefined ? {} : { productId: port.productId.slice(0, 8) }),
    ...(port.serialNumber === undefined ? {} : { serialNumber: port.serialNumber.slice(0, 80) }),
    ...(port.manufacturer === undefined ? {} : { manufacturer: port.manufacturer.slice(0, 120) }),
  };
}

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

  /** The manager's list of this mode's sales declined on forwarding, newest first. */
  offlineDeclined(): OfflineDeclined[] {
    const training = this.#sources.training;
    return this.#sources.journal.offline
      .declined()
      .filter((entry) => entry.training === training)
      .map(offlineDeclinedLine);
  }

  /** The answer to a query, or undefined when the command is not one. */
  async answer(command: LaneCommand): Promise<CommandReply | undefined> {
    const { journal, settings } = this.#sources;
    switch (command.type) {
      case 'lane.snapshot':
        return { ok: true, data: this.#snapshot() };
      case 'history.search': {
        const tip = settings.get().tipAdjust;
        const entries = journal
          .search(command.query)
          .map((entry) => historyEntry(entry, tip, journal.movesOf(entry.id)));
        return { ok: true, data: { entries } };
      }
      case 'receipt.preview':
        return this.#preview(command.entryId, command.copy ?? 'customer');
      case 'diagnostics.get':
        return { ok: true, data: await this.diagnostics() };
      case 'offline.declined':
        return { ok: true, data: { declined: this.offlineDeclined() } };
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
    const journal = this.#sources.journal;
    const entry = journal.get(entryId);
    const request = entry === undefined ? undefined : receiptRequest(this.#ctx, entry, copy, false);
    if (entry === undefined || request?.standing === undefined)
      return {
        ok: false,
        error: {
          code: 'not_found',
          message: 'no entry with a known outcome has that id',
          field: 'entryId',
        },
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
        ...rendered.preview(),
        printed: 'preview',
      },
    };
  }

  /**
   * The diagnostics snapshot: the device manager's (devices with their locations and last errors,
   * ports seen, a permissions hint), the server, the journal and the versions.
   */
  async diagnostics(): Promise<Diagnostics> {
    const { journal, devices, server } = this.#sources;
    const snapshot = await devices.diagnostics();
    return {
      at: snapshot.at,
      devices: snapshot.devices.map((device) => deviceDiagnostics(device.status)),
      portsSeen: snapshot.portsSeen.map(seenPort),
      ...(snapshot.permissionsHint === undefined
        ? {}
        : { permissionsHint: snapshot.permissionsHint.slice(0, 500) }),
      server: {
        ...this.#server(),
        ...(server.fingerprint === undefined ? {} : { fingerprint: server.fingerprint }),
      },
      journal: { path: journal.path.slice(0, 500), ...journal.counts() },
      versions: { lane: this.#sources.version, node: process.versions.node },
    };
  }
}
