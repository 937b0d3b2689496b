/**
 * The result codes of the interface. `code` values and the seen msoft_code/phard_code values come
 * from the public client libraries (libmonetra M_ReturnCode) and gateway tests; the rest are
 * LaneTerm's decisions, listed in docs/protocol.md.
 */

/** Overall disposition, mirrored by the v2 HTTP status (docs/interface.md › Errors §3). */
export const Code = {
  AUTH: 'AUTH',
  DENY: 'DENY',
  CALL: 'CALL',
  DUPL: 'DUPL',
  PKUP: 'PKUP',
  RETRY: 'RETRY',
  SETUP: 'SETUP',
  TIMEOUT: 'TIMEOUT',
  SUCCESS: 'SUCCESS',
  FAIL: 'FAIL',
} as const;
export type Code = (typeof Code)[keyof typeof Code];

/**
 * The service's own result; anything but INT_SUCCESS means the service declined (docs/interface.md › Errors §3).
 * Families: DATA_ (the request), ACCT_ (who is asking), MERCH_ (merchant configuration),
 * SYS_ (the service itself).
 */
export const MsoftCode = {
  INT_SUCCESS: 'INT_SUCCESS',
  DATA_MISSINGFIELD: 'DATA_MISSINGFIELD',
  DATA_INVALIDFIELD: 'DATA_INVALIDFIELD',
  DATA_UNKNOWNFIELD: 'DATA_UNKNOWNFIELD',
  DATA_BADTRANS: 'DATA_BADTRANS',
  DATA_INVALIDMOD: 'DATA_INVALIDMOD',
  DATA_RECORDNOTFOUND: 'DATA_RECORDNOTFOUND',
  DATA_LOCKED: 'DATA_LOCKED',
  DATA_TOOLARGE: 'DATA_TOOLARGE',
  ACCT_AUTHFAIL: 'ACCT_AUTHFAIL',
  ACCT_BADUSERNAME: 'ACCT_BADUSERNAME',
  ACCT_MFA_REQUIRED: 'ACCT_MFA_REQUIRED',
  ACCT_MFA_INVALID: 'ACCT_MFA_INVALID',
  ACCT_PASSEXPIRED: 'ACCT_PASSEXPIRED',
  ACCT_PERMISSION: 'ACCT_PERMISSION',
  ACCT_DUAL_REQUIRED: 'ACCT_DUAL_REQUIRED',
  ACCT_THROTTLED: 'ACCT_THROTTLED',
  ACCT_LOCKED: 'ACCT_LOCKED',
  MERCH_DENYLIST: 'MERCH_DENYLIST',
  MERCH_DUPLICATE: 'MERCH_DUPLICATE',
  MERCH_PARTIALAUTH: 'MERCH_PARTIALAUTH',
  MERCH_FRAUDRULE: 'MERCH_FRAUDRULE',
  SYS_SETUP: 'SYS_SETUP',
  SYS_TIMEOUT: 'SYS_TIMEOUT',
  SYS_UNAVAILABLE: 'SYS_UNAVAILABLE',
  SYS_FAILURE: 'SYS_FAILURE',
  UNKNOWN: 'UNKNOWN',
} as const;
export type MsoftCode = (typeof MsoftCode)[keyof typeof MsoftCode];

/**
 * The processor's reason; present only when the transaction went online, and anything but SUCCESS
 * is a decline by the processor or issuer (docs/interface.md › Transaction response, Errors §3).
 */
export const PhardCode = {
  SUCCESS: 'SUCCESS',
  GENERICFAIL: 'GENERICFAIL',
  CALL: 'CALL',
  PICKUP: 'PICKUP',
  RETRY: 'RETRY',
  SETUP: 'SETUP',
  TIMEOUT: 'TIMEOUT',
  EXPIRED: 'EXPIRED',
  AVSFAIL: 'AVSFAIL',
  NSF: 'NSF',
  BAD_PIN: 'BAD_PIN',
  BAD_CRYPTOGRAM: 'BAD_CRYPTOGRAM',
  UNKNOWN: 'UNKNOWN',
} as const;
export type PhardCode = (typeof PhardCode)[keyof typeof PhardCode];
