import { Code, MsoftCode } from '../../../protocol/index.ts';
import { response } from '../answers.ts';
import { unixSeconds } from '../../shared/clock.ts';
import type { OperationHandler } from '../engine-context.ts';
import { digestSecret, newSecret } from '../../accounts/secret-digest.ts';
import { SESSION_LIFETIME_SECONDS } from '../card-ticket-lifetimes.ts';

/** Where the service serves its card-entry page on the TLS port (docs/api.md, Hosted card entry). */
export const CARD_ENTRY_PATH = '/cardentry';

/**
 * ticket_session: opens a hosted card-entry session for one entry, for the caller's merchant and
 * profile, whose page posts its ticket to `allowed_origin` only. Answers AUTH, INT_SUCCESS,
 * "SUCCESS", `session` (the secret the page address carries), `page` (that address's path and
 * query, on the service's TLS port) and `expires_ts`. The secret is shown once: the service keeps
 * only its digest.
 */
export const ticketSessionHandler: OperationHandler = async (request, ctx) => {
  const { caller, params } = request;
  const nowTs = unixSeconds(ctx.clock());
  const secret = newSecret();
  const expiresTs = nowTs + SESSION_LIFETIME_SECONDS;
  const opened = await ctx.store.cardTickets.openSession(
    digestSecret(secret),
    {
      merchantId: caller.merchantId,
      profileId: caller.profileId,
      allowedOrigin: params.allowed_origin ?? '',
    },
    nowTs,
    expiresTs,
  );
  // Only a signed session's reused nonce is refused; this one has none.
  if (!opened) throw new Error('card-entry session not opened');
  return response({
    code: Code.AUTH,
    msoft_code: MsoftCode.INT_SUCCESS,
    verbiage: 'SUCCESS',
    session: secret,
    page: `${CARD_ENTRY_PATH}?session=${secret}`,
    expires_ts: String(expiresTs),
  });
};
