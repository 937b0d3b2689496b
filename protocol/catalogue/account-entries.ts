/**
 * The ways of entering an account; each needs its own minimum set of keys (docs/interface.md › Account entry).
 */
export const ACCOUNT_ENTRY_NAMES = [
  'keyed',
  'track',
  'emv',
  'token',
  'encrypted_track',
  'encrypted_keyed',
  'encrypted_field',
  'ticket',
  'check',
  'emv_track',
  'emv_encrypted_track',
] as const;

/** One account entry method's name. */
export type AccountEntryName = (typeof ACCOUNT_ENTRY_NAMES)[number];

/** An account entry method: its keys, and whether it also needs expdate on card operations. */
export interface AccountEntry {
  readonly name: AccountEntryName;
  readonly keys: readonly string[];
  /** True when a card operation also needs expdate unless the card is exempt (gift, BIN lookup). */
  readonly expdate: boolean;
}

/**
 * Every account entry method (docs/interface.md › Account entry; libmonetra monetra_load for e_trackdata with
 * e_id and for cardshieldticket). LaneTerm pairs e_account with e_id like e_trackdata; takes EMV
 * data with the track data (clear or encrypted) a reader read beside it as one entry; and reads
 * the format of e_datafield from its bytes, so e_datafieldfmt is optional (docs/protocol.md).
 */
export const ACCOUNT_ENTRIES: Readonly<Record<AccountEntryName, AccountEntry>> = {
  keyed: { name: 'keyed', keys: ['account'], expdate: true },
  track: { name: 'track', keys: ['trackdata'], expdate: false },
  emv: { name: 'emv', keys: ['icc'], expdate: false },
  emv_track: { name: 'emv_track', keys: ['icc', 'trackdata'], expdate: false },
  emv_encrypted_track: {
    name: 'emv_encrypted_track',
    keys: ['icc', 'e_trackdata', 'e_id'],
    expdate: false,
  },
  token: { name: 'token', keys: ['token'], expdate: false },
  encrypted_track: { name: 'encrypted_track', keys: ['e_trackdata', 'e_id'], expdate: false },
  encrypted_keyed: { name: 'encrypted_keyed', keys: ['e_account', 'e_id'], expdate: true },
  encrypted_field: { name: 'encrypted_field', keys: ['e_datafield'], expdate: false },
  ticket: { name: 'ticket', keys: ['cardshieldticket'], expdate: false },
  check: { name: 'check', keys: ['abaroute', 'account', 'checknum'], expdate: false },
};

/** The card entry methods: every method but check. */
export const CARD_ENTRIES: readonly AccountEntryName[] = ACCOUNT_ENTRY_NAMES.filter(
  (name) => name !== 'check',
);

/** The keys of an entry on an operation: with expdate unless the operation or card is exempt. */
export function entryKeys(entry: AccountEntry, expdateOptional: boolean): readonly string[] {
  return entry.expdate && !expdateOptional ? [...entry.keys, 'expdate'] : entry.keys;
}
