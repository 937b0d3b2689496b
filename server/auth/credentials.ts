/**
 * Credentials as a request presents them, after the transport has read its headers or keys and
 * before anything is checked (docs/interface.md › Authentication). Transports fill these in; the authenticator
 * and the dual authorizer check them.
 */

/** A username and password: HTTP Basic, or username/password on the key/value protocol. */
export interface PasswordCredentials {
  kind: 'password';
  /** The login name as sent, pipes already turned into colons ("merchant" or "merchant:sub"). */
  username: string;
  password: string;
  /**
   * v2 Basic only: a second reading of the same header when the decoded text holds two colons
   * ("merchant:sub:password" sent without pipe substitution). Used when that sub-user exists.
   */
  alternative?: { username: string; password: string };
}

/** An API key id and secret (v2): X-API-KEY-ID/X-API-KEY or auth_apikey_id/auth_apikey_secret. */
export interface ApiKeyCredentials {
  kind: 'apikey';
  keyId: string;
  secret: string;
}

/** Credentials the transport could not read: the reason is answered as is (no secret in it). */
export interface UnreadableCredentials {
  kind: 'unreadable';
  /** ACCT_BADUSERNAME for a v1 username with a pipe of its own, ACCT_AUTHFAIL otherwise. */
  msoftCode: 'ACCT_BADUSERNAME' | 'ACCT_AUTHFAIL';
  verbiage: string;
}

/** The second user's credentials for dual authorization (docs/interface.md › Authentication §7). */
export interface DualCredentials {
  login: PasswordCredentials | UnreadableCredentials;
  /** X-DUAL-MFA-CODE or mfa_code_dual. */
  mfaCode: string | undefined;
}

/** Everything a request presents about who is asking. */
export interface PresentedCredentials {
  /** undefined when the request carries no authorization at all (REST: 401 challenge). */
  primary: PasswordCredentials | ApiKeyCredentials | UnreadableCredentials | undefined;
  /**
   * The verbiage when primary is undefined, in the words of the transport and version: what they
   * take, or that an API key sent to v1 is not read there (docs/interface.md › Authentication §1, §5).
   */
  missing?: string;
  /** X-MFA-CODE or mfa_code. */
  mfaCode: string | undefined;
  /** X-MFA-COOKIE or mfa_cookie. */
  mfaCookie: string | undefined;
  dual: DualCredentials | undefined;
}
