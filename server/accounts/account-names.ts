/** Characters a merchant or sub-user name may hold: letters, digits, `_ . @ -`, 1 to 64 of them. */
const NAME_RULE = /^[A-Za-z0-9_.@-]{1,64}$/;

/** A login name split into its merchant and sub-user parts; `sub` is '' for the merchant user. */
export interface LoginName {
  merchant: string;
  sub: string;
}

/**
 * Checks a merchant or sub-user name for creation and returns an error message naming the rule, or
 * undefined when it is acceptable. Pipes and colons are refused: they separate merchant and sub-user
 * on the wire (docs/interface.md › Authentication §2).
 */
export function nameProblem(name: string, role: 'merchant' | 'sub-user'): string | undefined {
  if (NAME_RULE.test(name)) return undefined;
  return `${role} name: 1 to 64 letters, digits or _ . @ - (no colon, pipe or space)`;
}

/** The text form of a login: "merchant" or "merchant:sub" (docs/interface.md › Authentication §2). */
export function formatLoginName(name: LoginName): string {
  return name.sub === '' ? name.merchant : `${name.merchant}:${name.sub}`;
}

/** Splits "merchant" or "merchant:sub" as typed by an administrator; undefined when malformed. */
export function parseLoginName(text: string): LoginName | undefined {
  const [merchant, sub, extra] = text.split(':');
  if (merchant === undefined || extra !== undefined) return undefined;
  if (nameProblem(merchant, 'merchant') !== undefined) return undefined;
  if (sub !== undefined && nameProblem(sub, 'sub-user') !== undefined) return undefined;
  return { merchant, sub: sub ?? '' };
}
