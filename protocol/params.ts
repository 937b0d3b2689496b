/**
 * A request or response as the interface sees it: a flat set of key/value pairs, every key and
 * every value a string (docs/interface.md › What the service does §3). An empty string is a value; an absent key
 * is no value (docs/interface.md › What the service does §5).
 */
export type Params = Readonly<Record<string, string>>;

/** A new, prototype-free pairs object, so keys like "constructor" or "__proto__" are plain keys. */
export function emptyParams(): Record<string, string> {
  return Object.create(null) as Record<string, string>;
}

/** True when the key is present, even with an empty value. */
export function hasParam(params: Params, key: string): boolean {
  return Object.prototype.hasOwnProperty.call(params, key);
}

/** The value of a key when present (an empty value included); undefined when absent. */
export function paramValue(params: Params, key: string): string | undefined {
  return hasParam(params, key) ? params[key] : undefined;
}
