import type { ApiVersion } from '../../protocol/index.ts';
import type { PasswordCredentials, UnreadableCredentials } from './credentials.ts';

const BASIC_SCHEME = /^Basic[ \t]+([A-Za-z0-9+/=]+)[ \t]*$/i;

const MALFORMED: UnreadableCredentials = {
  kind: 'unreadable',
  msoftCode: 'ACCT_AUTHFAIL',
  verbiage: 'Authorization: not a Basic credential of the form base64(username:password)',
};

const PIPE_IN_USERNAME: UnreadableCredentials = {
  kind: 'unreadable',
  msoftCode: 'ACCT_BADUSERNAME',
  verbiage:
    'username: names containing a pipe are not supported in v1; send merchant or merchant|sub ' +
    'with at most one pipe, between two non-empty names',
};

/**
 * Reads a v1 login name: "merchant" or "merchant|sub" (a colon in the username sent as a pipe,
 * seed: Authentication §2). Any other pipe (a second one, or one at either end) means the name
 * itself holds a pipe, which v1 does not support: refused with ACCT_BADUSERNAME.
 */
export function readV1Username(text: string): string | UnreadableCredentials {
  const parts = text.split(/[|:]/);
  if (parts.length > 2 || parts.some((part) => part === '')) return PIPE_IN_USERNAME;
  return parts.join(':');
}

/**
 * Reads an HTTP Basic Authorization header (RFC 7617: user-id before the first colon). v1 applies
 * the pipe rule of readV1Username. v2 turns pipes into colons and, when the decoded text holds two
 * colons, also offers "merchant:sub" + rest as an alternative reading (seed: Versioning §3: no
 * pipe substitution needed unless colons are present; both forms are accepted).
 */
export function readBasicHeader(
  header: string,
  version: ApiVersion,
): PasswordCredentials | UnreadableCredentials {
  const encoded = BASIC_SCHEME.exec(header)?.[1];
  if (encoded === undefined) return MALFORMED;
  const decoded = Buffer.from(encoded, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon <= 0) return MALFORMED;
  const userId = decoded.slice(0, colon);
  const password = decoded.slice(colon + 1);
  if (version === 'v1') {
    const username = readV1Username(userId);
    return typeof username === 'string' ? { kind: 'password', username, password } : username;
  }
  const credentials: PasswordCredentials = {
    kind: 'password',
    username: userId.replaceAll('|', ':'),
    password,
  };
  const second = password.indexOf(':');
  if (second > 0 && !userId.includes('|')) {
    credentials.alternative = {
      username: `${userId}:${password.slice(0, second)}`,
      password: password.slice(second + 1),
    };
  }
  return credentials;
}
