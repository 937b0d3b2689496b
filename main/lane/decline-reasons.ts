import { MsoftCode, PhardCode } from '../../protocol/index.ts';
import type { DeclineReason } from '../lane-api/index.ts';
import type { PaymentResponse } from '../payment/index.ts';

const BY_PHARD: Readonly<Record<string, DeclineReason>> = {
  [PhardCode.EXPIRED]: 'expired_card',
  [PhardCode.CALL]: 'call_issuer',
  [PhardCode.PICKUP]: 'pick_up_card',
  [PhardCode.RETRY]: 'try_again',
  [PhardCode.SETUP]: 'lane_setup',
  [PhardCode.TIMEOUT]: 'processor_unavailable',
  [PhardCode.AVSFAIL]: 'avs_mismatch',
  [PhardCode.NSF]: 'insufficient_funds',
};

const BY_MSOFT: Readonly<Record<string, DeclineReason>> = {
  [MsoftCode.MERCH_DENYLIST]: 'deny_list',
  [MsoftCode.MERCH_DUPLICATE]: 'duplicate',
  [MsoftCode.MERCH_PARTIALAUTH]: 'insufficient_funds',
  [MsoftCode.MERCH_FRAUDRULE]: 'declined',
  [MsoftCode.ACCT_PERMISSION]: 'not_permitted',
  [MsoftCode.ACCT_DUAL_REQUIRED]: 'override_refused',
  [MsoftCode.DATA_INVALIDMOD]: 'not_allowed_now',
  [MsoftCode.DATA_LOCKED]: 'not_allowed_now',
  [MsoftCode.DATA_BADTRANS]: 'not_offered',
  [MsoftCode.SYS_TIMEOUT]: 'processor_unavailable',
  [MsoftCode.SYS_UNAVAILABLE]: 'service_unavailable',
  [MsoftCode.SYS_FAILURE]: 'service_unavailable',
};

/**
 * Words of a verbiage naming a gift card's state or set value (docs/test-cards.md, Gift cards),
 * which say more than any code beside them.
 */
function giftFromVerbiage(text: string): DeclineReason | undefined {
  if (/NOT A GIFT CARD/.test(text)) return 'not_gift_card';
  if (/ALREADY ACTIV/.test(text)) return 'gift_already_active';
  if (/DENOMINATION/.test(text)) return 'gift_set_value';
  if (/NOT ACTIV|INACTIVE/.test(text)) return 'gift_not_active';
  return undefined;
}

/** Words of a verbiage that say more than its code: the CV, the PIN, the card, a gift card. */
function fromVerbiage(verbiage: string): DeclineReason | undefined {
  const text = verbiage.toUpperCase();
  if (/\bCVV?2?\b|SECURITY CODE/.test(text)) return 'cv_mismatch';
  if (/\bPIN\b/.test(text)) return 'wrong_pin';
  if (/INSUFFICIENT|NSF/.test(text)) return 'insufficient_funds';
  const gift = giftFromVerbiage(text);
  if (gift !== undefined) return gift;
  if (/LUHN|CARD TYPE|UNSUPPORTED CARD/.test(text)) return 'card_not_supported';
  if (/E_TRACKDATA|E_ACCOUNT|E_DATAFIELD|TRACK|ICC|DECRYPT/.test(text)) return 'card_unreadable';
  return undefined;
}

/**
 * A decline in cashier words (lane API DeclineReason), read from the answer: the processor's
 * phard_code first (docs/test-cards.md, Amount triggers), then a verbiage naming a gift card's
 * state (not a gift card, not active, already active), then the service's msoft_code (docs/interface.md ›
 * Errors §3), then other words of the verbiage; code DUPL is a duplicate. Authentication and setup
 * faults of the lane itself are lane_setup; the generic issuer decline is `declined`.
 */
export function declineReason(response: PaymentResponse): DeclineReason {
  const phard = response.phardCode?.toUpperCase();
  const msoft = response.msoftCode?.toUpperCase();
  const verbiage = response.verbiage ?? '';
  if (phard !== undefined && phard !== PhardCode.SUCCESS) {
    return BY_PHARD[phard] ?? fromVerbiage(verbiage) ?? 'declined';
  }
  if (response.code?.toUpperCase() === 'DUPL') return 'duplicate';
  const gift = giftFromVerbiage(verbiage.toUpperCase());
  if (gift !== undefined) return gift;
  if (msoft !== undefined && BY_MSOFT[msoft] !== undefined) return BY_MSOFT[msoft];
  if (msoft?.startsWith('ACCT_') === true || msoft === MsoftCode.SYS_SETUP) return 'lane_setup';
  const worded = fromVerbiage(verbiage);
  if (worded !== undefined) return worded;
  return msoft?.startsWith('DATA_') === true ? 'lane_setup' : 'declined';
}
