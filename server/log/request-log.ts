import { createHmac, randomBytes } from 'node:crypto';
import type { Logger } from 'pino';
import { maskCardNumbers } from '../../drivers/crypto/index.ts';
import type { ApiVersion } from '../../protocol/index.ts';
import type { DeniedSubject } from '../auth/denial.ts';
import {
  DEFAULT_REFUSAL_LOG_LIMITS,
  RefusalBudget,
  type RefusalLogLimits,
} from './refusal-budget.ts';

/** What both lines of a request tell: where it came from and which request it was. */
interface RequestOrigin {
  transport: 'rest' | 'kv';
  /** Remote address. */
  source: string;
  /** The key/value frame identifier or the REST request id; absent when none could be read. */
  requestId?: string;
  operation?: string;
  version?: ApiVersion;
  /** The authenticated login, once known. */
  user?: string;
}

/** A request the service ran (approved or declined by the processor): its one log line. */
export interface ServedRequest extends RequestOrigin {
  /** How the login proved itself: api_key, password, password_cached. */
  credential?: string;
  /** code of a transaction answer, "report" for a report. */
  code: string;
  msoftCode?: string;
  ms: number;
}

/** A request the service refused to run: its one log line. */
export interface RefusedRequest extends RequestOrigin {
  /** The msoft_code answered, or that a frame nobody could be answered would have had. */
  reason: string;
  /** The rule of the interface broken, when the transport knows it (frame.garbage, kv.action…). */
  rule?: string;
  /** The answer's verbiage: it names fields and rules, never a value. */
  verbiage?: string;
  /** For an authentication refusal: the user, API key id or address it counted against. */
  subject?: DeniedSubject;
  /** For an authentication refusal: the login name or API key id presented, logged as its hash. */
  name?: string;
}

/** Hex digits of a presented name's hash in the log: 64 bits, enough to tell names apart. */
const NAME_HASH_DIGITS = 16;

/**
 * The service's per-request log (docs/security.md, Logging): one JSON line per request, `request`
 * (info) when it ran, `request refused` (warn) when the service refused it — authentication,
 * permission, validation, busy, an unknown action, an unreadable frame — rate-limited per source
 * with a summary counting what was not written by source and by presented name (RefusalBudget). Each line is built field by field from
 * what is known to hold no card data or credential, so it needs no path redaction: it is written
 * through a child of the service logger with redaction off, at a fraction of the cost.
 */
export class RequestLog {
  readonly #lines: Logger;
  readonly #budget: RefusalBudget;
  readonly #nameKey = randomBytes(32);
  readonly #refusals = new Map<string, number>();

  constructor(logger: Logger, limits: RefusalLogLimits = DEFAULT_REFUSAL_LOG_LIMITS) {
    this.#lines = logger.child({}, { redact: [] });
    this.#budget = new RefusalBudget(limits, (summary) =>
      this.#lines.warn(summary, 'request refusals not logged one by one'),
    );
  }

  /** Logs a request that ran. */
  served(request: ServedRequest): void {
    const line = origin(request);
    line.credential = request.credential;
    line.code = request.code;
    line.msoft_code = request.msoftCode;
    line.ms = request.ms;
    this.#lines.info(line, 'request');
  }

  /**
   * Logs a refused request, unless its source or the service is past its budget of lines; then it
   * is counted in the window's summary, by source and by the hash of the name it presented.
   */
  refused(request: RefusedRequest): void {
    this.#refusals.set(request.reason, (this.#refusals.get(request.reason) ?? 0) + 1);
    const nameHash = request.name === undefined ? undefined : this.#hash(request.name);
    if (!this.#budget.take(request.source, nameHash)) return;
    const { subject } = request;
    const line = origin(request);
    line.reason = request.reason;
    line.rule = request.rule;
    line.verbiage = request.verbiage;
    line.subject_kind = subject?.kind;
    line.subject = subject?.subject;
    line.failures = subject?.failures;
    line.name_hash = nameHash;
    this.#lines.warn(line, 'request refused');
  }

  /**
   * A presented name as the log shows it: HMAC-SHA256 under a key drawn when the process starts,
   * cut to 64 bits, so lines and summaries group attempts by name without writing a name, or a
   * password typed where the name goes.
   */
  #hash(name: string): string {
    const digest = createHmac('sha256', this.#nameKey).update(name, 'utf8').digest('hex');
    return digest.slice(0, NAME_HASH_DIGITS);
  }

  /** Refusals so far by reason (an msoft_code), logged or not: a figure for the metrics. */
  get refusals(): ReadonlyMap<string, number> {
    return this.#refusals;
  }

  /** Writes the summary of the current window now (at shutdown). */
  flush(): void {
    this.#budget.close();
  }
}

/** A log line's fields, each set once in the same order, so every line has the same shape. */
type Line = Record<string, string | number | undefined>;

/**
 * The fields both lines share, which the rest of a line is added to. A key/value frame id is up
 * to 20 digits a client chose, so it is masked like free text: an id that happens to pass for a
 * card number is not written whole.
 */
function origin(request: RequestOrigin): Line {
  const { requestId } = request;
  return {
    operation: request.operation,
    version: request.version,
    transport: request.transport,
    source: request.source,
    request_id: requestId === undefined ? undefined : maskCardNumbers(requestId),
    user: request.user,
  };
}
