import type { DeviceManager } from '../devices/index.ts';
import type {
  EditableSettings,
  Language,
  Notice,
  ReceiptCopy,
  ReceiptPreview,
} from '../lane-api/index.ts';
import type { DualAuthorization, PaymentResponse } from '../payment/index.ts';
import type { ChipCompletion, ReceiptStanding } from '../receipt/index.ts';
import type { JournaledPayments } from './journal/journaled-payments.ts';
import type { JournalStore } from './journal/journal-store.ts';
import type { JournalEntry } from './journal/journal-types.ts';
import type { EntryResolver } from './journal/entry-resolver.ts';
import type { Recovery } from './journal/recovery.ts';
import type { ChipFirstConfig } from './chip-fallback.ts';
import type { OfflineConfig } from './offline/offline-config.ts';

/** What the workflows ask of the devices: the DeviceManager's card, PIN, printer and status calls. */
export type LaneDevices = Pick<
  DeviceManager,
  | 'readCard'
  | 'cardWaitsEnded'
  | 'requestPin'
  | 'keyCard'
  | 'completeChip'
  | 'showOnPad'
  | 'checkPrinter'
  | 'print'
  | 'has'
  | 'cancel'
  | 'statuses'
  | 'paper'
  | 'onStatus'
  | 'diagnostics'
>;

/**
 * A receipt ready for the printer and the screen, from one document (main/receipt): the ESC/POS
 * bytes now, the screen's text and SVG when asked (after the printer has its job).
 */
export interface RenderedReceipt {
  /** ESC/POS bytes for the printer. */
  readonly escpos: Buffer;
  /** One printed line per line, and the same receipt as an SVG document. */
  preview(): { readonly text: string; readonly svg: string };
}

/** How a receipt of an entry is asked for. */
export interface ReceiptRequest {
  readonly copy: ReceiptCopy;
  /** A reprint: marked DUPLICATE. */
  readonly duplicate: boolean;
  readonly training: boolean;
  /** Notes at the foot (rcpt_user_notes). */
  readonly notes: string;
  /** The copy's language: the customer's for the customer copy, the lane's for the merchant's. */
  readonly language: Language;
  /** The card's final decision when the lane completed a contact chip (its final cryptogram). */
  readonly chip?: ChipCompletion;
  /** Where the transaction stands now (its one truth), which the headline states. */
  readonly standing?: ReceiptStanding;
  /** Approved by the lane offline and not yet forwarded: the receipt says OFFLINE. */
  readonly offline?: boolean;
  /** A tip adjust's: the minor units its sale approved, which the tip adds to (docs/lane.md › History). */
  readonly tippedMinor?: number;
}

/** Builds receipts (main/receipt) and renders them for the printer and the screen. */
export interface ReceiptPort {
  /** The receipt of a journal entry, from its journaled (masked) answer. */
  render(entry: JournalEntry, request: ReceiptRequest): RenderedReceipt;
  /** A duplicate of a past transaction rebuilt from its transaction detail (a reprint). */
  reprint(detail: PaymentResponse, entry: JournalEntry, request: ReceiptRequest): RenderedReceipt;
}

/** A manager's credentials for one override (docs/interface.md › Authentication §7); never kept. */
export type ManagerOverride = DualAuthorization;

/** The training merchant's manager (a public demo login), shown on training mode's override form. */
export interface TrainingManager {
  readonly username: string;
  readonly password: string;
}

/**
 * What every workflow works with: the journal and its payment gate, recovery, devices, receipts,
 * the lane's settings and the sinks for receipts and notices.
 */
export interface LaneContext {
  readonly training: boolean;
  /** The lane's offline store-and-forward rules (docs/lane.md › Offline). */
  readonly offline: OfflineConfig;
  /** Chip first (docs/lane.md › Chip first). */
  readonly chipFirst: ChipFirstConfig;
  readonly journal: JournalStore;
  readonly payments: JournaledPayments;
  readonly recovery: Recovery;
  /** Looks up entries whose outcome is unknown. */
  readonly resolver: EntryResolver;
  readonly devices: LaneDevices;
  readonly receipts: ReceiptPort;
  settings(): EditableSettings;
  /** True when the service accepts these credentials as a user of the lane's merchant. */
  verifyManager(override: ManagerOverride): Promise<boolean>;
  /** Training mode's manager, whom the override form shows (docs/app.md, Training controls). */
  readonly trainingManager?: TrainingManager;
  emitReceipt(preview: ReceiptPreview): void;
  notify(notice: Notice): void;
  /** True between open day and close day. */
  dayOpen(): boolean;
  /** Opens or closes the lane's day (kept in the journal); `batch` names the batch a close settled. */
  setDayOpen(open: boolean, batch?: string): void;
  now(): number;
  /** Forwards the offline approvals waiting now (docs/lane.md › Offline); resolves once the pass ends. */
  forwardOffline(): Promise<void>;
}
