import { MsoftCode } from '../../protocol/index.ts';
import { detectBrand, luhnValid, panLengthValid } from '../../drivers/crypto/index.ts';
import { serviceDecline } from './answers.ts';
import type { ServiceAnswer } from './service-types.ts';

/** A card that passed the service's own checks, with its wire cardtype. */
export type CardCheck =
  { kind: 'ok'; cardtype: string } | { kind: 'answer'; answer: ServiceAnswer };

/** The verbiage of an account whose brand the service does not take (payment-server-facts A5). */
export const UNSUPPORTED_CARD_TYPE = 'UNSUPPORTED CARD TYPE';

/**
 * The service's checks of an account number before anything goes online: the Luhn check digit
 * (ISO/IEC 7812-1 Annex B), a known brand (drivers/crypto's BIN table), and a length the brand
 * issues. Failures are service declines (DATA_INVALIDFIELD) naming the field, never the number.
 */
export function checkCard(pan: string): CardCheck {
  if (!luhnValid(pan)) {
    return {
      kind: 'answer',
      answer: serviceDecline(MsoftCode.DATA_INVALIDFIELD, 'account: fails the Luhn check digit'),
    };
  }
  const brand = detectBrand(pan);
  if (brand === null) {
    return {
      kind: 'answer',
      answer: serviceDecline(MsoftCode.DATA_INVALIDFIELD, UNSUPPORTED_CARD_TYPE),
    };
  }
  if (!panLengthValid(pan, brand)) {
    return {
      kind: 'answer',
      answer: serviceDecline(
        MsoftCode.DATA_INVALIDFIELD,
        `account: not a length ${brand.code} issues`,
      ),
    };
  }
  return { kind: 'ok', cardtype: brand.code };
}
