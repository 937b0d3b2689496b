import { readFileSync } from 'node:fs';
import { badInput } from '../errors.ts';
import { CRYPTOGRAM_VERSIONS, type EmvScheme } from './cryptogram-versions.ts';
import type { IssuerMasterKeys } from './emv-card-keys.ts';

/** The issuer master keys of one BIN: its scheme's cryptogram version and three keys. */
export interface BinIssuerKeys extends IssuerMasterKeys {
  /** The BIN (6 to 11 leading PAN digits) the keys serve. */
  bin: string;
}

/** The published test keys for the test BINs (docs/test-cards.md, Chip cards and issuer keys). */
export const DEFAULT_ISSUER_KEYS_PATH = new URL(
  '../../../resources/issuer-keys.json',
  import.meta.url,
);

const SCHEMES: readonly EmvScheme[] = ['visa', 'mastercard'];
const FIELDS = ['bin', 'scheme', 'cvn', 'imkAc', 'imkSmi', 'imkSmc'] as const;

function entryOf(raw: unknown, at: string): BinIssuerKeys {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    throw badInput(at, 'issuer-keys.entry', `must be an object with ${FIELDS.join(', ')}`);
  }
  const entry = raw as Record<string, unknown>;
  const extra = Object.keys(entry).find((key) => !(FIELDS as readonly string[]).includes(key));
  if (extra !== undefined) {
    throw badInput(`${at}.${extra}`, 'issuer-keys.field', `is not one of ${FIELDS.join(', ')}`);
  }
  const { bin, scheme, cvn } = entry;
  if (typeof bin !== 'string' || !/^[0-9]{6,11}$/.test(bin)) {
    throw badInput(`${at}.bin`, 'issuer-keys.bin', 'must be 6 to 11 digits');
  }
  if (!SCHEMES.includes(scheme as EmvScheme)) {
    throw badInput(`${at}.scheme`, 'issuer-keys.scheme', `must be ${SCHEMES.join(' or ')}`);
  }
  const version = CRYPTOGRAM_VERSIONS.find((v) => v.scheme === scheme && v.cvn === cvn);
  if (version === undefined) {
    const known = CRYPTOGRAM_VERSIONS.filter((v) => v.scheme === scheme).map((v) => v.cvn);
    throw badInput(
      `${at}.cvn`,
      'issuer-keys.cvn',
      `a ${String(scheme)} CVN is one of ${known.join(', ')}`,
    );
  }
  const key = (name: 'imkAc' | 'imkSmi' | 'imkSmc'): Buffer => {
    const text = entry[name];
    if (typeof text !== 'string' || !/^[0-9A-Fa-f]{32}$/.test(text)) {
      throw badInput(`${at}.${name}`, 'issuer-keys.key', 'must be 32 hex digits');
    }
    return Buffer.from(text, 'hex');
  };
  return {
    bin,
    version,
    imkAc: key('imkAc'),
    imkSmi: key('imkSmi'),
    imkSmc: key('imkSmc'),
  };
}

/**
 * The issuer keys of a JSON document: an array of { bin, scheme ("visa" or "mastercard"), cvn
 * (Visa 10, 18, 22; Mastercard 16, 17), imkAc, imkSmi, imkSmc (32 hex digits each) }, each BIN
 * once. BAD_INPUT naming the entry and field at fault (issuerKeys[2].imkAc), never a key.
 */
export function parseIssuerKeys(document: unknown): BinIssuerKeys[] {
  if (!Array.isArray(document)) {
    throw badInput('issuerKeys', 'issuer-keys.array', 'must be an array of issuer key entries');
  }
  const entries = document.map((raw, i) => entryOf(raw, `issuerKeys[${i}]`));
  const bins = new Set<string>();
  entries.forEach((entry, i) => {
    if (bins.has(entry.bin)) {
      throw badInput(`issuerKeys[${i}].bin`, 'issuer-keys.duplicate', 'is listed twice');
    }
    bins.add(entry.bin);
  });
  return entries;
}

/** The issuer keys of a file (default resources/issuer-keys.json); see parseIssuerKeys. */
export function loadIssuerKeys(path: URL | string = DEFAULT_ISSUER_KEYS_PATH): BinIssuerKeys[] {
  let document: unknown;
  try {
    document = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    if (!(error instanceof SyntaxError)) throw error;
    throw badInput('issuerKeys', 'issuer-keys.json', 'is not JSON');
  }
  return parseIssuerKeys(document);
}

/**
 * The keys of the BIN that issued `pan` (the longest BIN that starts it), or undefined: a card of
 * a BIN without issuer keys is not verified (docs/test-cards.md).
 */
export function issuerKeysFor(
  keys: readonly BinIssuerKeys[],
  pan: string,
): BinIssuerKeys | undefined {
  let best: BinIssuerKeys | undefined;
  for (const entry of keys) {
    if (pan.startsWith(entry.bin) && entry.bin.length > (best?.bin.length ?? 0)) best = entry;
  }
  return best;
}
