// The lane's settings as the settings screen shows and changes them. Connection settings (server,
// credentials, devices) come from the configuration file and are shown read-only.
import { z } from 'zod';
import { Language } from './values.ts';

/**
 * Who may key a card number by hand on the lane: nobody (disabled), a manager authorizing each
 * entry (override), any cashier (enabled). Default override (docs/lane.md, Manual entry).
 */
export const ManualEntryRule = z.enum(['disabled', 'override', 'enabled']);
/** One of ManualEntryRule. */
export type ManualEntryRule = z.infer<typeof ManualEntryRule>;

/** Settings a cashier or manager may change while the lane runs. */
export const EditableSettings = z.strictObject({
  language: Language,
  /**
   * The language of the customer's receipt (docs/lane-devices.md › Receipts); the merchant's
   * copy prints in the lane's language.
   */
  customerLanguage: Language,
  manualEntry: ManualEntryRule,
  /** Print the merchant's copy after the customer's (docs/interface.md › rcpt_merch_copy). */
  merchantCopy: z.boolean(),
  /** Offer tip adjust on history lines. */
  tipAdjust: z.boolean(),
  /** Free text printed at the foot of every receipt (docs/interface.md › rcpt_user_notes), up to 200 characters. */
  receiptNotes: z.string().max(200),
  /**
   * The lane's display is a touch screen: every target at least 44 px square (WCAG 2.5.5,
   * Target Size) and the amount keypad large (docs/app.md, Layout); default off.
   */
  touch: z.boolean(),
});
/** The editable settings. */
export type EditableSettings = z.infer<typeof EditableSettings>;

/** A change to some settings. */
export const SettingsPatch = EditableSettings.partial();
/** A settings change. */
export type SettingsPatch = z.infer<typeof SettingsPatch>;

/** Everything the settings screen shows. */
export const LaneSettings = EditableSettings.extend({
  laneId: z.string().max(20),
  training: z.boolean(),
  /** ISO 4217 letters of the money the lane takes, e.g. "USD", for formatting amounts. */
  currency: z.string().regex(/^[A-Z]{3}$/),
  /** Where the configuration was read from, or "training" for the built-in one. */
  configSource: z.string().max(500),
  merchantName: z.string().max(80),
});
/** The settings screen. */
export type LaneSettings = z.infer<typeof LaneSettings>;
