import type { Params } from '../../../protocol/index.ts';
import type { EngineContext } from '../engine-context.ts';
import type { CardEntry, EntryOutcome } from './card-entry.ts';
import { DeviceKeys } from './dukpt-keys.ts';
import { emvEntry } from './emv-entry.ts';
import {
  encryptedAccountEntry,
  encryptedFieldEntry,
  encryptedTrackEntry,
} from './encrypted-entry.ts';
import { entryDecline } from './entry-refusal.ts';

/** The card-present entry methods, by the request key that selects each. */
const METHODS: readonly (readonly [
  key: string,
  read: (keys: DeviceKeys, p: Params) => CardEntry,
])[] = [
  ['icc', emvEntry],
  ['e_datafield', encryptedFieldEntry],
  ['e_trackdata', encryptedTrackEntry],
  ['e_account', encryptedAccountEntry],
];

/**
 * The account of a request carrying device data (docs/interface.md › account_data icc and e_ fields): EMV data
 * (with the track read beside it), a reader's whole output, encrypted track data, a card number
 * keyed on the PIN pad; undefined when the request carries none. Data that fails a check, or
 * whose key set the service holds no key for, is answered as a service decline naming the field.
 */
export async function cardPresentEntry(
  ctx: EngineContext,
  params: Params,
): Promise<EntryOutcome | undefined> {
  const method = METHODS.find(([key]) => params[key] !== undefined);
  if (method === undefined) return undefined;
  const [key, read] = method;
  try {
    return {
      kind: 'card',
      card: await new DeviceKeys(ctx.bdks).read((keys) => read(keys, params)),
    };
  } catch (error) {
    return { kind: 'answer', answer: entryDecline(error, key) };
  }
}
