import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, readdirSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { maskCardNumbers } from '../../../drivers/crypto/index.ts';

/** How a receipt copy leaves: an e-mail (rcpt_email) or a text message (rcpt_sms). */
export type OutboxChannel = 'email' | 'sms';

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

/** A message found in the outbox folder. */
export interface OutboxEntry {
  file: string;
  channel: string;
  date: string;
  to: string;
  /** The subject of an e-mail, the text of an SMS. */
  summary: string;
}

const EXTENSIONS: Readonly<Record<OutboxChannel, string>> = { email: 'eml', sms: 'sms' };

/** A header value on one line: control characters (CR, LF) become spaces. */
const headerValue = (text: string): string => maskCardNumbers(text.replace(/\p{Cc}/gu, ' ').trim());

/** 2025-06-15T14:30:00.000Z → 20250615T143000Z, for file names that sort by time. */
const compactTime = (at: Date): string => at.toISOString().replace(/[-:]|\.\d{3}/g, '');

/**
 * The outbox folder (docs/api.md, Receipts): the receipt copies the service was asked to e-mail
 * (rcpt_email) or text (rcpt_sms), one file each, written for a mail or SMS gateway to pick up;
 * the service itself sends nothing. A file is an RFC 5322 message (headers, a blank line, the
 * text; UTF-8), named <time>-<ttid>-<channel>-<random>.eml or .sms so that names sort by time.
 * Each file is written whole under a temporary name and renamed, so a reader never sees half of
 * one. Every text in it has its card numbers masked: only the masked account is ever written.
 */
export class ReceiptOutbox {
  readonly dir: string;

  constructor(dir: string) {
    this.dir = dir;
  }

  /** Writes one message; returns its file name. */
  write(message: OutboxMessage): string {
    mkdirSync(this.dir, { recursive: true, mode: 0o700 });
    const ttid = message.ttid === undefined ? 'none' : message.ttid.replace(/[^0-9A-Za-z]/g, '');
    const name = [
      compactTime(message.at),
      ttid,
      message.channel,
      `${randomBytes(4).toString('hex')}.${EXTENSIONS[message.channel]}`,
    ].join('-');
    const headers = [
      `Date: ${message.at.toUTCString().replace('GMT', '+0000')}`,
      `To: ${headerValue(message.to)}`,
      ...(message.subject === undefined ? [] : [`Subject: ${headerValue(message.subject)}`]),
      `X-LaneTerm-Channel: ${message.channel}`,
      ...(message.ttid === undefined ? [] : [`X-LaneTerm-Ttid: ${headerValue(message.ttid)}`]),
      'MIME-Version: 1.0',
      'Content-Type: text/plain; charset=utf-8',
      'Content-Transfer-Encoding: 8bit',
    ];
    const body = maskCardNumbers(message.body).replace(/\r?\n/g, '\r\n');
    const temporary = join(this.dir, `.${name}.tmp`);
    writeFileSync(temporary, `${headers.join('\r\n')}\r\n\r\n${body}\r\n`, { mode: 0o600 });
    renameSync(temporary, join(this.dir, name));
    return name;
  }

  /** The messages in the folder, oldest first; none when the folder does not exist yet. */
  list(): OutboxEntry[] {
    let files: string[];
    try {
      files = readdirSync(this.dir).filter(
        (file) => /\.(eml|sms)$/.test(file) && !file.startsWith('.'),
      );
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw error;
    }
    return files.sort().map((file) => {
      const [head = '', ...rest] = readFileSync(join(this.dir, file), 'utf8').split('\r\n\r\n');
      const headers = new Map(
        head.split('\r\n').map((line): [string, string] => {
          const at = line.indexOf(':');
          return [line.slice(0, at).toLowerCase(), line.slice(at + 1).trim()];
        }),
      );
      const text = rest.join(' ').replace(/\s+/g, ' ').trim();
      return {
        file,
        channel: headers.get('x-laneterm-channel') ?? '',
        date: headers.get('date') ?? '',
        to: headers.get('to') ?? '',
        summary: headers.get('subject') ?? text,
      };
    });
  }
}
