import type { ApiVersion } from '../../protocol/index.ts';
import type {
  ApiKeyCredentials,
  PasswordCredentials,
  UnreadableCredentials,
} from './credentials.ts';

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
 * docs/interface.md › Authentication §2). Any other pipe (a second one, or one at either end) means the name
 * itself holds a pipe, which v1 does not support: refused with ACCT_BADUSERNAME.
 */
export function readV1Username(text: string): string | UnreadableCredentials {
  const parts = text.split(/[|:]/);
  if (parts.length > 2 || parts.some((part) => part === '')) return PIPE_IN_USERNAME;
  return parts.join(':');
}

/**
 * Reads a username and password as sent (HTTP Basic after splitting, or the key/value protocol's
 * username/password and user/pwd keys). v1 applies readV1Username; v2 takes "merchant:sub" or
 * "merchant|sub" alike (docs/interface.md › Versioning §3).
 */
export function readUsernamePassword(
  username: string,
  password: string,
  version: ApiVersion,
): PasswordCredentials | UnreadableCredentials {
  if (version === 'v2')
    return { kind: 'password', username: username.replaceAll('|', ':'), password };
  const name = readV1Username(username);
  return typeof name === 'string' ? { kind: 'password', username: name, password } : name;
}

/**
 * Reads an HTTP Basic Authorization header (RFC 7617: user-id before the first colon) with
 * readUsernamePassword. On v2, when the decoded text holds a second colon and no pipe, it also
 * offers "merchant:sub" + the rest as an alternative reading: a sub-user sent without pipe
 * substitution (docs/interface.md › Versioning §3: no substitution needed unless colons are present).
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
  const credentials = readUsernamePassword(userId, password, version);
  const second = password.indexOf(':');
  if (version === 'v2' && credentials.kind === 'password' && second > 0 && !userId.includes('|')) {
    credentials.alternative = {
      username: `${userId}:${password.slice(0, second)}`,
      password: password.slice(second + 1),
    };
  }
  return credentials;
}

/**
 * Reads an API key id and secret (v2): both present is a key; one without the other is refused
 * naming the two fields (`fields`, e.g. "X-API-KEY-ID and X-API-KEY").
 */
export function readApiKey(
  keyId: string | undefined,
  secret: string | undefined,
  fields: string,
): ApiKeyCredentials | UnreadableCredentials {
  if (keyId !== undefined && secret !== undefined) return { kind: 'apikey', keyId, secret };
  return { kind: 'unreadable', msoftCode: 'ACCT_AUTHFAIL', verbiage: `${fields}: send both` };
}
