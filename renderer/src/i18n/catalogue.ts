// The message catalogue's shape and the interpolation rule: every language supplies every key of
// English (the type checker refuses a missing one), and `{name}` in a message takes a parameter.

/** A message with `{name}` placeholders, e.g. "Approved {amount}". */
export type Message = string;

/** Parameters of a message: the values that replace its `{name}` placeholders. */
export type MessageParams = Record<string, string | number>;

/** Replaces each `{name}` of a message with its parameter; an unknown name stays as written. */
export function interpolate(message: Message, params: MessageParams = {}): string {
  return message.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  );
}
