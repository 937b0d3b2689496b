import type { ParamDef } from './types.ts';

const BOTH = ['v1', 'v2'] as const;
const V2 = ['v2'] as const;

/**
 * The standalone parameters outside every group (docs/interface.md › Standalone parameters; carddenylist_* are
 * v2 by Versioning §3), plus batch, tip, sub and reversal_reason, which LaneTerm adds for settle,
 * reports, adjust and reversal.
 */
export const STANDALONE_PARAMS: Readonly<Record<string, ParamDef>> = {
  ttid: { type: 'identifier', description: 'transaction identifier', standalone: BOTH },
  allowed_origin: {
    type: 'origin',
    description: 'the origin of the window embedding the hosted card-entry page',
    standalone: BOTH,
  },
  profile_id: {
    type: 'digits',
    description: "merchant profile id; defaults to the user's default profile",
    standalone: V2,
  },
  nsf: {
    type: 'yesno',
    description: 'approve with insufficient funds as a partial approval',
    standalone: BOTH,
  },
  tokenize: { type: 'yesno', description: 'tokenize the account; default no', standalone: BOTH },
  matching_token: {
    type: 'yesno',
    description: 'reuse a matching existing token; default no',
    standalone: BOTH,
  },
  carddenylist_check: {
    type: 'yesno',
    description: 'check the deny list before going online',
    standalone: V2,
  },
  carddenylist_decline: {
    type: 'yesno',
    description: 'add the account to the deny list when the issuer declines',
    standalone: V2,
  },
  rcpt: {
    type: 'rcpt',
    description: 'yes, or receipt format settings key=value;key=value',
    standalone: BOTH,
  },
  rcpt_user_notes: { type: 'text', description: 'notes printed on the receipt', standalone: V2 },
  rcpt_email: {
    type: 'email',
    description: 'address to send a customer receipt copy to',
    standalone: BOTH,
  },
  rcpt_sms: {
    type: 'phone',
    description: 'phone number to send a receipt SMS to',
    standalone: BOTH,
  },
  rcpt_duplicate: { type: 'yesno', description: 'mark the receipt a duplicate', standalone: BOTH },
  rcpt_merch_copy: {
    type: 'yesno',
    description: 'produce the merchant copy of the receipt',
    standalone: BOTH,
  },
  payment_id: {
    type: 'identifier',
    description: 'unique payment id within an order',
    standalone: BOTH,
  },
  batch: {
    type: 'digits',
    description: 'batch number to settle or report on',
    standalone: BOTH,
    origin: 'decision',
  },
  tip: {
    type: 'amount',
    description: 'tip added to a captured transaction',
    standalone: BOTH,
    origin: 'decision',
  },
  sub: {
    type: 'digits',
    description: "the batch's profile id, as the batches report's Sub column gives it",
    standalone: BOTH,
    origin: 'decision',
  },
  reversal_reason: {
    type: 'text',
    description: 'why the lane reverses, e.g. CARDDECLINE after an online approval',
    standalone: BOTH,
    origin: 'decision',
  },
};
