/** What failures are counted against: a user, an API key id, or an address for unknown names. */
export type FailureKind = 'user' | 'api_key' | 'address';

/** One counted subject: users.id as text, a key id, or an address (006_credential_failures). */
export interface FailureSubject {
  kind: FailureKind;
  subject: string;
}

/**
 * A limit of failed attempts: `maxFailures` within `windowMs` of the first one lock the subject for
 * `windowMs` from the failure that reached the limit (LaneTerm's rule; docs/security.md).
 */
export interface FailureLimit {
  maxFailures: number;
  windowMs: number;
}

/** The failures counted against a subject now. */
export interface FailureState {
  failures: number;
  /** Unix milliseconds until which the subject is refused unchecked; null below the limit. */
  lockedUntil: number | null;
}

/** A subject refused unchecked at the time asked, for `admin locked`. */
export interface LockedSubject extends FailureSubject, FailureState {
  lockedUntil: number;
}

/** Reading failure counts (store boundary). */
export interface CredentialFailureReads {
  /** The subject's counted failures, or none. */
  state(subject: FailureSubject): Promise<FailureState | undefined>;
  /** Every subject refused unchecked at `now` (Unix ms): users first, then keys, then addresses. */
  listLocked(now: number): Promise<LockedSubject[]>;
}

/**
 * Failed-authentication counts (006_credential_failures), shared by every instance over one
 * database. Each count is one atomic change, so instances counting at once lose none; rows that no
 * longer count are dropped as new failures are written.
 */
export interface CredentialFailureStore extends CredentialFailureReads {
  /** Counts one failure at `now` (Unix ms) under `limit`; returns the state it leaves. */
  record(subject: FailureSubject, limit: FailureLimit, now: number): Promise<FailureState>;
  /** Forgets the subject's failures (and lock); false when none were counted. */
  clear(subject: FailureSubject): Promise<boolean>;
}
