import { appendFileSync } from 'node:fs';
import { userInfo } from 'node:os';
import { join } from 'node:path';
import { maskCardNumbers } from '../../drivers/crypto/index.ts';

/** The admin audit trail in the data directory: one JSON line per admin command run, mode 0600. */
export const ADMIN_AUDIT_FILE = 'admin-audit.log';

/** How an admin command run ended: done, refused by the command (AdminError), or failed. */
export type AdminAuditResult = 'done' | 'refused' | 'failed';

/** One admin command run: who, what, on whom, when and how it ended (PCI DSS 10.2.1.2, 10.2.2). */
export interface AdminAuditEntry {
  time: string;
  /** The operating system account that ran the command. */
  osUser: string;
  command: string;
  /** The command's arguments (users, keys, merchants), card numbers masked; options never. */
  subjects: string[];
  result: AdminAuditResult;
  /** Why a command was refused or failed, card numbers masked. */
  reason?: string;
}

function osUser(): string {
  try {
    return userInfo().username;
  } catch {
    return `uid ${process.getuid?.() ?? 'unknown'}`;
  }
}

/**
 * Appends one line for an admin command run to `dataDir`'s audit trail (PCI DSS 10.2.1.2 actions
 * with administrative access, 10.2.1.5 changes to credentials). Options are left out, as they carry
 * passwords and keys; arguments and reasons have card numbers masked.
 */
export function recordAdminRun(
  dataDir: string,
  run: { command: string; subjects: readonly string[]; result: AdminAuditResult; reason?: string },
  now: Date,
): void {
  const entry: AdminAuditEntry = {
    time: now.toISOString(),
    osUser: osUser(),
    command: run.command,
    subjects: run.subjects.map((subject) => maskCardNumbers(subject)),
    result: run.result,
    ...(run.reason === undefined ? {} : { reason: maskCardNumbers(run.reason) }),
  };
  appendFileSync(join(dataDir, ADMIN_AUDIT_FILE), `${JSON.stringify(entry)}\n`, { mode: 0o600 });
}
