import {
  MsoftCode,
  ProtocolError,
  checkAccount,
  checkExpdate,
  checkZip,
} from '../../protocol/index.ts';
import { detectBrand, luhnValid, maskPan } from '../../drivers/crypto/index.ts';
import type { Accounts } from '../accounts/accounts.ts';
import { unixSeconds } from '../shared/clock.ts';
import { digestSecret, newSecret } from '../accounts/secret-digest.ts';
import { SESSION_LIFETIME_SECONDS, TICKET_LIFETIME_SECONDS } from '../engine/index.ts';
import type { CardTicketStore, SessionRequest, TicketRefusal } from '../store/card-ticket-store.ts';
import type { CardVault } from '../vault/index.ts';
import { SignedSessionError, signedSessionRequest } from './signed-session.ts';

/** An answer of the card-entry routes: HTTP status and key/value pairs, never card data. */
export interface CardEntryAnswer {
  status: number;
  pairs: Record<string, string>;
}

/** An open session as the page is served for it. */
export interface PageSession {
  secret: string;
  allowedOrigin: string;
}

/** What a session refusal says on the page and in answers, and its HTTP status. */
const SESSION_REFUSALS: Readonly<Record<TicketRefusal, { status: number; text: string }>> = {
  unknown: { status: 404, text: 'session: no such card-entry session' },
  used: { status: 410, text: 'session: already used for a card' },
  expired: { status: 410, text: 'session: expired; ask for a new one' },
  other_merchant: { status: 404, text: 'session: no such card-entry session' },
};

/** The card fields the page posts, as sent: strings, or absent. */
interface PostedCard {
  session: string;
  account: string;
  expdate: string;
  cv: string;
  zip?: string;
}

class CardFieldError extends Error {
  readonly field: string;

  constructor(field: string, rule: string) {
    super(`${field}: ${rule}`);
    this.field = field;
  }
}

function decline(status: number, msoftCode: MsoftCode, verbiage: string, field?: string) {
  const pairs: Record<string, string> = { code: 'DENY', msoft_code: msoftCode, verbiage };
  if (field !== undefined) pairs.field = field;
  return { status, pairs };
}

/** The posted body's card fields; a missing or non-string one is refused by name. */
function postedCard(body: unknown): PostedCard {
  const value = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  const text = (name: string, needed: boolean): string | undefined => {
    const field = value[name];
    if (field === undefined && !needed) return undefined;
    if (typeof field !== 'string' || (needed && field === '')) {
      throw new CardFieldError(name, 'required');
    }
    return field;
  };
  const zip = text('zip', false);
  return {
    session: text('session', true) ?? '',
    account: text('account', true) ?? '',
    expdate: text('expdate', true) ?? '',
    cv: text('cv', true) ?? '',
    ...(zip !== undefined && { zip }),
  };
}

/**
 * The card checks of the page, before anything is sealed: the number's format (a card number of
 * 12–19 digits, ISO/IEC 7812-1), Luhn check digit
 * (ISO/IEC 7812-1 Annex B) and brand, the expiry MMYY, a 3–4 digit security code, the zip's
 * length; each refusal names its field, never its value. Returns the card's wire cardtype.
 */
function checkPostedCard(card: PostedCard): string {
  try {
    checkAccount(card.account, 'account');
    checkExpdate(card.expdate, 'expdate');
    if (card.zip !== undefined) checkZip(card.zip, 'zip');
  } catch (error) {
    if (error instanceof ProtocolError) {
      throw new CardFieldError(error.field ?? 'account', error.verbiage.replace(/^[^:]*: /, ''));
    }
    throw error;
  }
  if (!/^\d{12,19}$/.test(card.account)) {
    throw new CardFieldError('account', 'must be a card number of 12–19 digits');
  }
  if (!luhnValid(card.account)) throw new CardFieldError('account', 'fails the Luhn check digit');
  const brand = detectBrand(card.account);
  if (brand === null) throw new CardFieldError('account', 'card type not accepted');
  if (!/^\d{3,4}$/.test(card.cv)) throw new CardFieldError('cv', 'must be 3–4 digits');
  return brand.code;
}

/**
 * The service side of the hosted card-entry page (docs/api.md, Hosted card entry): which session
 * a page address opens (by its secret, or by parameters signed with a profile API key), and the
 * ticket a posted card becomes: checked, sealed by the card vault, the session closed.
 */
export class CardEntryService {
  readonly #tickets: CardTicketStore;
  readonly #vault: CardVault;
  readonly #accounts: Accounts;
  readonly #now: () => Date;

  constructor(tickets: CardTicketStore, vault: CardVault, accounts: Accounts, now: () => Date) {
    this.#tickets = tickets;
    this.#vault = vault;
    this.#accounts = accounts;
    this.#now = now;
  }

  /** The session a page address names, or the refusal the page shows with its status. */
  async pageSession(
    query: Record<string, string | undefined>,
  ): Promise<PageSession | CardEntryAnswer> {
    const nowTs = unixSeconds(this.#now());
    let secret = query.session;
    if (secret === undefined) {
      let request: SessionRequest;
      try {
        request = await signedSessionRequest(this.#accounts, query, nowTs);
      } catch (error) {
        if (!(error instanceof SignedSessionError)) throw error;
        return decline(403, MsoftCode.ACCT_PERMISSION, error.message, error.field);
      }
      secret = newSecret();
      const expiresTs = nowTs + SESSION_LIFETIME_SECONDS;
      if (!(await this.#tickets.openSession(digestSecret(secret), request, nowTs, expiresTs))) {
        return decline(403, MsoftCode.ACCT_PERMISSION, 'nonce: already used', 'nonce');
      }
    }
    const session = await this.#tickets.session(digestSecret(secret), nowTs);
    if (typeof session === 'string') {
      const { status, text } = SESSION_REFUSALS[session];
      return decline(status, MsoftCode.DATA_INVALIDMOD, text, 'session');
    }
    return { secret, allowedOrigin: session.allowedOrigin };
  }

  /** Turns a posted card into a single-use ticket of the session's merchant. */
  async issueTicket(body: unknown): Promise<CardEntryAnswer> {
    let card: PostedCard;
    let cardtype: string;
    try {
      card = postedCard(body);
      cardtype = checkPostedCard(card);
    } catch (error) {
      if (!(error instanceof CardFieldError)) throw error;
      return decline(400, MsoftCode.DATA_INVALIDFIELD, error.message, error.field);
    }
    const nowTs = unixSeconds(this.#now());
    const { account: pan, expdate, cv, zip } = card;
    const sealed = this.#vault.seal(
      { pan, expdate, cv, ...(zip !== undefined && { zip }) },
      'ticket',
    );
    const ticket = newSecret();
    const refusal = await this.#tickets.issueTicket(
      digestSecret(card.session),
      digestSecret(ticket),
      sealed,
      nowTs,
      nowTs + TICKET_LIFETIME_SECONDS,
    );
    if (refusal !== undefined) {
      const { status, text } = SESSION_REFUSALS[refusal];
      return decline(status, MsoftCode.DATA_INVALIDMOD, text, 'session');
    }
    return {
      status: 200,
      pairs: {
        code: 'AUTH',
        msoft_code: MsoftCode.INT_SUCCESS,
        verbiage: 'SUCCESS',
        ticket,
        account: maskPan(pan),
        cardtype,
      },
    };
  }
}
