import { EditableSettings, type SettingsPatch } from '../lane-api/index.ts';
import type { JournalStore } from './journal/journal-store.ts';

/** Settings a lane starts with before anyone changes them (docs/lane.md, Configuration). */
export const DEFAULT_SETTINGS: EditableSettings = {
  language: 'en',
  customerLanguage: 'en',
  manualEntry: 'override',
  merchantCopy: false,
  tipAdjust: true,
  receiptNotes: '',
  touch: false,
};

const SETTINGS_KEY = 'settings';
const DAY_KEY = 'day_open';

/**
 * The lane's editable settings and its day, kept in the journal's file so they survive a restart:
 * the configured defaults, with what was changed since laid over them.
 */
export class LaneSettingsStore {
  readonly #journal: JournalStore;
  readonly #defaults: EditableSettings;

  constructor(journal: JournalStore, defaults: Partial<EditableSettings> = {}) {
    this.#journal = journal;
    this.#defaults = { ...DEFAULT_SETTINGS, ...defaults };
  }

  /** The settings now: defaults with the saved changes (a saved value the schema refuses is dropped). */
  get(): EditableSettings {
    const saved = this.#journal.getState(SETTINGS_KEY);
    if (saved === undefined) return { ...this.#defaults };
    const parsed = EditableSettings.partial().safeParse(JSON.parse(saved));
    return { ...this.#defaults, ...(parsed.success ? parsed.data : {}) };
  }

  /** Saves a change (already checked against the schema) and answers the settings after it. */
  update(patch: SettingsPatch): EditableSettings {
    const saved = this.#journal.getState(SETTINGS_KEY);
    const before = saved === undefined ? {} : (JSON.parse(saved) as SettingsPatch);
    this.#journal.setState(SETTINGS_KEY, JSON.stringify({ ...before, ...patch }));
    return this.get();
  }

  /** True between open day and close day. */
  dayOpen(): boolean {
    return this.#journal.getState(DAY_KEY) === '1';
  }

  /** Opens or closes the day. */
  setDayOpen(open: boolean): void {
    this.#journal.setState(DAY_KEY, open ? '1' : '0');
  }
}
