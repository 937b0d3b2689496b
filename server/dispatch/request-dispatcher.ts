import type { Logger } from 'pino';
import {
  ProtocolError,
  type ApiVersion,
  type OperationName,
  type Params,
} from '../../protocol/index.ts';
import type { Accounts } from '../accounts/accounts.ts';
import type { Authenticator, Identity } from '../auth/authenticator.ts';
import type { PresentedCredentials } from '../auth/credentials.ts';
import { deny, type Denial, type DeniedSubject } from '../auth/denial.ts';
import type { DualAuthorizer } from '../auth/dual-authorizer.ts';
import { resolveProfile } from '../auth/profile-resolver.ts';
import {
  type CallerContext,
  CommitOutcomeUnknown,
  protocolErrorAnswer,
  type ServiceAnswer,
  serviceDecline,
  type TransactionService,
  withEchoedKeys,
} from '../engine/index.ts';
import type { RequestLog } from '../log/request-log.ts';
import { INTERNAL_FAULT, denialAnswer } from './answers.ts';
import { checkCredentials } from './credential-check-operation.ts';
import { issueMfaCookie } from './mfa-cookie-operation.ts';

/** One request as a transport hands it over: operation, flat parameters, credentials. */
export interface ServiceRequest {
  operation: OperationName;
  /**
   * Flattened, transport keys removed, path parameters merged in; or the error the transport met
   * reading them, answered only once the caller is authenticated.
   */
  params: Params | ProtocolError;
  credentials: PresentedCredentials;
  version: ApiVersion;
  transport: 'rest' | 'kv';
  /** Remote address, for throttling and logs. */
  source: string;
  /** The key/value frame identifier or the REST request id, for the log line. */
  requestId: string;
}

/** What the dispatcher is built from. */
export interface DispatcherDeps {
  accounts: Accounts;
  authenticator: Authenticator;
  dualAuthorizer: DualAuthorizer;
  engine: Pick<TransactionService, 'execute'>;
  logger: Logger;
  /** Where each request's one line goes. */
  requests: RequestLog;
  now: () => Date;
  /** MFA cookie lifetime in seconds. */
  mfaCookieLifetime: number;
  /** Counts each answer for the metrics (docs/scaling.md › What to watch), when given. */
  tally?: AnswerTally;
}

/** Counts an answer by operation, transport and result code, with its seconds from arrival. */
export interface AnswerTally {
  answered(operation: string, transport: string, code: string, seconds: number): void;
}

const CLOSING = deny('SYS_UNAVAILABLE', 'The service is shutting down: request not run');

/** What the dispatcher learns of the caller on the way, for the request's log line. */
interface Seen {
  user?: string;
  credential?: string;
  subject?: DeniedSubject;
}

/** The login name or API key id a request presented, for its refusal's log line (as a hash). */
function presentedName(credentials: PresentedCredentials): string | undefined {
  const primary = credentials.primary;
  if (primary?.kind === 'password') return primary.username;
  return primary?.kind === 'apikey' ? primary.keyId : undefined;
}

/** The answer to a denial, noting whom it counted against for the log line. */
function refused(denial: Denial, seen: Seen): ServiceAnswer {
  seen.subject = denial.subject;
  return denialAnswer(denial);
}

/**
 * A refusal: the service would not run the request (ACCT_ who is asking, DATA_ what was asked,
 * SYS_UNAVAILABLE busy or closing), as opposed to a request it ran, declined by the processor or
 * not, or failed on (SYS_FAILURE, logged as an error where it happened). A lookup that found
 * nothing (DATA_RECORDNOTFOUND) ran: a lane resolving an unknown outcome asks such questions.
 */
function isRefusal(msoftCode: string | undefined): msoftCode is string {
  if (msoftCode === undefined || msoftCode === 'DATA_RECORDNOTFOUND') return false;
  return (
    msoftCode.startsWith('ACCT_') ||
    msoftCode.startsWith('DATA_') ||
    msoftCode === 'SYS_UNAVAILABLE'
  );
}
/**
 * Runs one request for either transport: authentication, sub-user permission (not for chkpwd),
 * dual authorization, parameter errors, profile resolution, then the operation (mfa_cookie and
 * chkpwd here, every other one in the engine). Every outcome is an answer; an unexpected fault is logged and answered SYS_FAILURE.
 */
export class RequestDispatcher {
  readonly #deps: DispatcherDeps;
  #closing = false;

  constructor(deps: DispatcherDeps) {
    this.#deps = deps;
  }

  /** From now on, answers every request SYS_UNAVAILABLE without running it. */
  stopTaking(): void {
    this.#closing = true;
  }

  /**
   * Authenticates, authorizes and runs the request. Logs one line per request: the request, or its
   * refusal (RequestLog). Throws only CommitOutcomeUnknown: the transport then leaves the request
   * unanswered, so its client looks the outcome up (docs/architecture.md, In flight).
   */
  async dispatch(request: ServiceRequest): Promise<ServiceAnswer> {
    const started = performance.now();
    const seen: Seen = {};
    let answer: ServiceAnswer;
    try {
      answer = await this.#run(request, seen);
    } catch (error) {
      const { operation, transport, requestId } = request;
      if (error instanceof CommitOutcomeUnknown) {
        this.#deps.logger.error(
          { err: error, operation, transport, requestId },
          'commit outcome unknown: the request is left unanswered for its client to look up',
        );
        throw error;
      }
      this.#deps.logger.error({ err: error, operation }, 'request failed');
      answer = INTERNAL_FAULT;
    }
    this.#log(request, answer, seen, performance.now() - started);
    return answer;
  }

  /** Counts the answer and writes the request's one log line, served or refused. */
  #log(request: ServiceRequest, answer: ServiceAnswer, seen: Seen, elapsed: number): void {
    const pairs = answer.kind === 'response' ? answer.pairs : undefined;
    const { operation, version, transport, source, requestId } = request;
    const msoftCode = pairs?.msoft_code;
    const code = pairs?.code ?? 'report';
    this.#deps.tally?.answered(operation, transport, code, elapsed / 1000);
    const user = seen.user;
    if (isRefusal(msoftCode)) {
      const verbiage = pairs?.verbiage;
      const name = msoftCode.startsWith('ACCT_') ? presentedName(request.credentials) : undefined;
      const origin = { operation, version, transport, source, requestId, user };
      const refusal = { reason: msoftCode, verbiage, subject: seen.subject, name };
      this.#deps.requests.refused({ ...origin, ...refusal });
      return;
    }
    // A served line, one per sale, is built as one literal: no spreads on the common path.
    const credential = seen.credential;
    const ms = Math.round(elapsed);
    this.#deps.requests.served({
      operation,
      version,
      transport,
      source,
      requestId,
      user,
      credential,
      code,
      msoftCode,
      ms,
    });
  }

  async #run(request: ServiceRequest, seen: Seen): Promise<ServiceAnswer> {
    if (this.#closing) return denialAnswer(CLOSING);
    const { accounts, authenticator, dualAuthorizer } = this.#deps;
    const { operation, credentials, source } = request;
    const now = this.#deps.now();
    const auth = await authenticator.authenticate(credentials, source, now);
    if ('denial' in auth) return refused(auth.denial, seen);
    const identity = auth.identity;
    seen.user = identity.login.username;
    seen.credential = identity.proof;
    if (operation !== 'chkpwd' && !(await accounts.permissions.allows(identity.login, operation))) {
      return serviceDecline('ACCT_PERMISSION', `${operation}: not permitted for this user`);
    }
    if (accounts.permissions.needsDual(identity.login, operation)) {
      const dual = credentials.dual;
      const denial = await dualAuthorizer.check(dual, identity, operation, source, now);
      if (denial !== undefined) return refused(denial, seen);
    }
    const params = request.params;
    if (params instanceof ProtocolError) return protocolErrorAnswer(params);
    return this.#execute(request, params, identity, now);
  }

  async #execute(request: ServiceRequest, params: Params, identity: Identity, now: Date) {
    const { accounts, engine, mfaCookieLifetime } = this.#deps;
    const { operation, version } = request;
    if (operation === 'mfa_cookie') {
      const lifetime = mfaCookieLifetime;
      const issued = await issueMfaCookie(accounts, identity, { params, version, lifetime, now });
      return withEchoedKeys(operation, params, issued);
    }
    if (operation === 'chkpwd') {
      return withEchoedKeys(
        operation,
        params,
        checkCredentials(identity, { params, version, now }),
      );
    }
    const profile = await resolveProfile(accounts.profiles, identity, params, version);
    if ('denial' in profile) return denialAnswer(profile.denial);
    const caller: CallerContext = {
      merchantId: identity.login.merchantId,
      userId: identity.login.userId,
      username: identity.login.username,
      profileId: profile.profileId,
      version,
      transport: request.transport,
      timeZone: identity.login.timeZone,
    };
    return engine.execute(operation, params, caller);
  }
}
