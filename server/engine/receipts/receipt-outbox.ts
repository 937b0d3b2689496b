import { randomBytes } from 'node:crypto';
import { maskCardNumbers } from '../../../drivers/crypto/index.ts';
import type { OutboxChannel, OutboxCopy } from '../../store/receipt-outbox-store.ts';
import { unixSeconds } from '../../shared/clock.ts';
import { cardSafeText } from './receipt-copy.ts';

/** A receipt copy to send. */
export interface OutboxMessage {
  channel: OutboxChannel;
  /** The address or phone number, as validated (protocol's email and phone rules). */
  to: string;
  /** E-mail only. */
  subject?: string;
  body: string;
  /** The transaction it is the receipt of, when it names one. */
  ttid?: string;
  at: Date;
}

const EXTENSIONS: Readonly<Record<OutboxChannel, string>> = { email: 'eml', sms: 'sms' };

/** Random bytes drawn at a time for message names: one call into the generator per 1024 names. */
const NAME_POOL_BYTES = 4096;
/** Random bytes each name takes, written as 8 hex digits. */
const NAME_RANDOM_BYTES = 4;
let namePool = Buffer.alloc(0);
let namePoolUsed = 0;

/** The random part of a message's name: 4 bytes of the pool, drawn anew when it runs out. */
function nameRandom(): string {
  if (namePoolUsed + NAME_RANDOM_BYTES > namePool.length) {
    namePool = randomBytes(NAME_POOL_BYTES);
    namePoolUsed = 0;
  }
  namePoolUsed += NAME_RANDOM_BYTES;
  return namePool.toString('hex', namePoolUsed - NAME_RANDOM_BYTES, namePoolUsed);
}

/** A message's time as its name and its Date header write it. */
interface MessageTimes {
  ms: number;
  /** 2025-06-15T14:30:00.000Z → 20250615T143000Z, for names that sort by time. */
  compact: string;
  /** Sun, 15 Jun 2025 14:30:00 +0000 (RFC 5322 §3.3). */
  header: string;
}

let lastTimes: MessageTimes = { ms: Number.NaN, compact: '', header: '' };

/** The time strings of `at`, kept for the next message at the same time (a sale's copies). */
function timesOf(at: Date): MessageTimes {
  const ms = at.getTime();
  if (ms !== lastTimes.ms) {
    const compact = at.toISOString().replace(/[-:]|\.\d{3}/g, '');
    lastTimes = { ms, compact, header: at.toUTCString().replace('GMT', '+0000') };
  }
  return lastTimes;
}

/** The headers every message ends its header with: plain UTF-8 text. */
const TEXT_HEADERS =
  'MIME-Version: 1.0\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: 8bit';

/**
 * A message as the receipt outbox keeps it (docs/api.md, Receipts): an RFC 5322 message (headers,
 * a blank line, the text; UTF-8, CRLF lines) for a mail or SMS gateway to send, named
 * <time>-<ttid>-<channel>-<random>.eml or .sms so that names sort by time. Every text in it has its
 * card numbers masked: only the masked account is ever kept.
 */
export function outboxCopy(message: OutboxMessage): OutboxCopy {
  const ttid = message.ttid === undefined ? 'none' : message.ttid.replace(/[^0-9A-Za-z]/g, '');
  const times = timesOf(message.at);
  const extension = EXTENSIONS[message.channel];
  const name = `${times.compact}-${ttid}-${message.channel}-${nameRandom()}.${extension}`;
  const to = cardSafeText(message.to);
  const subject = message.subject === undefined ? null : cardSafeText(message.subject);
  const ttidHeader = message.ttid === undefined ? null : cardSafeText(message.ttid);
  const headers = [`Date: ${times.header}`, `To: ${to}`];
  if (subject !== null) headers.push(`Subject: ${subject}`);
  headers.push(`X-LaneTerm-Channel: ${message.channel}`);
  if (ttidHeader !== null) headers.push(`X-LaneTerm-Ttid: ${ttidHeader}`);
  headers.push(TEXT_HEADERS);
  const body = maskCardNumbers(message.body).replace(/\r?\n/g, '\r\n');
  return {
    name,
    channel: message.channel,
    recipient: to,
    subject,
    ttid: ttidHeader,
    createdTs: unixSeconds(message.at),
    message: `${headers.join('\r\n')}\r\n\r\n${body}\r\n`,
  };
}

/** A kept message read back: its headers (names in lower case) and its text on one line. */
export interface ParsedOutboxMessage {
  headers: ReadonlyMap<string, string>;
  text: string;
}

/** Reads an outbox message (outboxCopy's form): headers up to the first blank line, then text. */
export function parseOutboxMessage(message: string): ParsedOutboxMessage {
  const [head = '', ...rest] = message.split('\r\n\r\n');
  const headers = new Map(
    head.split('\r\n').map((line): [string, string] => {
      const at = line.indexOf(':');
      return [line.slice(0, at).toLowerCase(), line.slice(at + 1).trim()];
    }),
  );
  return { headers, text: rest.join(' ').replace(/\s+/g, ' ').trim() };
}
