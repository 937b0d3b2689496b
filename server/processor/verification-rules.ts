import type { AvsResult, CvResult, ProcessorCard, ProcessorVerification } from './processor.ts';

/** A verification result and whether it declines the whole transaction. */
export interface VerificationOutcome<R> {
  /** The result to answer; undefined answers no result at all. */
  result?: R;
  declines: boolean;
}

/** The address and zip the test server matches (Monetra test-mode FAQ, Loopback module). */
const AVS_GOOD = { street: '5800 NW 39TH AVE', zip: '32606' } as const;

/** The address and zip the test server declines the transaction for (Monetra test-mode FAQ). */
const AVS_DENIAL = { street: '2831 NW 41ST ST STE J', zip: '32615' } as const;

function normalStreet(street: string): string {
  return street.toUpperCase().replace(/[.,]/g, ' ').replace(/\s+/g, ' ').trim();
}

function normalZip(zip: string): string {
  return zip.replace(/[\s-]/g, '').slice(0, 5);
}

/**
 * AVS of the simulated processor. zip absent: no AVS (docs/interface.md › What §5). zip sent empty: BAD. The
 * denial zip 32615: BAD and the transaction declines. Otherwise street and zip are matched against
 * 5800 NW 39th AVE / 32606 (case, punctuation and spacing ignored; a street not sent is not
 * evaluated): both match GOOD, only the zip STREET, only the street ZIP, neither BAD.
 */
export function evaluateAvs(verification: ProcessorVerification): VerificationOutcome<AvsResult> {
  const { street, zip } = verification;
  if (zip === undefined) return { declines: false };
  const zip5 = normalZip(zip);
  if (zip5 === '') return { result: 'BAD', declines: false };
  if (zip5 === AVS_DENIAL.zip) return { result: 'BAD', declines: true };
  const zipOk = zip5 === AVS_GOOD.zip;
  const streetOk = street === undefined || normalStreet(street) === AVS_GOOD.street;
  if (zipOk && streetOk) return { result: 'GOOD', declines: false };
  if (zipOk) return { result: 'STREET', declines: false };
  if (streetOk && street !== undefined) return { result: 'ZIP', declines: false };
  return { result: 'BAD', declines: false };
}

/** CV values the test server knows, by brand family (Monetra test-mode FAQ). */
const CV_VALUES = {
  amex: { good: '1234', bad: '9999', noResult: '4321' },
  other: { good: '999', bad: '123', noResult: '321' },
} as const;

/** CV values that mean "no CV sent": N not provided, NA not on card, NR unreadable (docs/interface.md › Request parameter groups). */
const NOT_PROVIDED = new Set(['N', 'NA', 'NR']);

/**
 * CV of the simulated processor. Not sent (or N, NA, NR): BAD on card-not-present entry, no result
 * when the card was present. The good value GOOD, the bad value BAD (the transaction still
 * approves), the no-result value no result, and any other value BAD with the transaction declined.
 * Amex uses 1234 / 9999 / 4321, every other brand 999 / 123 / 321.
 */
export function evaluateCv(
  verification: ProcessorVerification,
  card: ProcessorCard,
): VerificationOutcome<CvResult> {
  const cv = verification.cv?.toUpperCase();
  if (cv === undefined || NOT_PROVIDED.has(cv)) {
    return card.cardNotPresent ? { result: 'BAD', declines: false } : { declines: false };
  }
  const values = card.cardtype === 'AMEX' ? CV_VALUES.amex : CV_VALUES.other;
  if (cv === values.good) return { result: 'GOOD', declines: false };
  if (cv === values.bad) return { result: 'BAD', declines: false };
  if (cv === values.noResult) return { declines: false };
  return { result: 'BAD', declines: true };
}
