/** A user's sealed TOTP secret and the last time step accepted (RFC 6238 §5.2). */
export interface MfaSecret {
  sealed: string;
  lastStep: number;
}

/** An MFA cookie found by its digest: whose it is and until when (Unix seconds). */
export interface MfaCookie {
  userId: number;
  expiresAt: number;
}

/** Reading MFA state (store boundary). */
export interface MfaReads {
  /** The user's sealed TOTP secret, when MFA is on for the user. */
  secret(userId: number): Promise<MfaSecret | undefined>;
  /** The MFA cookie with this SHA-256 digest. */
  cookie(cookieHash: string): Promise<MfaCookie | undefined>;
}

/** MFA secrets and cookies (002_credentials; seed: Authentication §6). */
export interface MfaStore extends MfaReads {
  /** Sets (or replaces) a user's sealed secret, its last accepted and replayed steps back to 0. */
  setSecret(userId: number, sealed: string, enabledTs: number): Promise<void>;
  /** Removes a user's secret; false when MFA was not on. */
  removeSecret(userId: number): Promise<boolean>;
  /** Records `step` as accepted unless it is not later than the last one; true when recorded. */
  acceptStep(userId: number, step: number): Promise<boolean>;
  /**
   * Records that a replay of `step` was counted as a failure unless a replay of it (or of a later
   * step) already was (012_sealed_credentials); true when recorded, for one caller of many at once.
   */
  countReplay(userId: number, step: number): Promise<boolean>;
  /** Stores a cookie by its digest, dropping the user's cookies expired at `createdTs`. */
  addCookie(
    userId: number,
    cookieHash: string,
    createdTs: number,
    expiresAt: number,
  ): Promise<void>;
}
