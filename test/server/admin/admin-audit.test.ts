import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ADMIN_AUDIT_FILE, type AdminAuditEntry } from '../../../server/admin/admin-audit.ts';
import { admin } from '../helpers/admin-run.ts';
import { useTempDirs } from '../helpers/temp-dirs.ts';

const tempDir = useTempDirs();

function auditTrail(dir: string): AdminAuditEntry[] {
  return readFileSync(join(dir, ADMIN_AUDIT_FILE), 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as AdminAuditEntry);
}

describe('admin audit trail', () => {
  it('records each command run with its subjects and result, never a password or card number', async () => {
    const dir = tempDir();
    expect((await admin(dir, ['add-user', 'acme', '--password', 'merchant-pw1'])).code).toBe(0);
    expect(
      (await admin(dir, ['set-password', 'acme', '--password-stdin'], 'new-pw-22\n')).code,
    ).toBe(0);
    expect((await admin(dir, ['add-denied-card', 'acme'], '4111111111111111\n')).code).toBe(0);
    expect((await admin(dir, ['unlock', 'nobody'])).code).toBe(1);
    expect((await admin(dir, ['revoke-api-key', '4000056655665556'])).code).toBe(1);

    const trail = auditTrail(dir);
    expect(trail.map(({ command, subjects, result }) => ({ command, subjects, result }))).toEqual([
      { command: 'add-user', subjects: ['acme'], result: 'done' },
      { command: 'set-password', subjects: ['acme'], result: 'done' },
      { command: 'add-denied-card', subjects: ['acme'], result: 'done' },
      { command: 'unlock', subjects: ['nobody'], result: 'refused' },
      { command: 'revoke-api-key', subjects: ['XXXXXXXXXXXX5556'], result: 'refused' },
    ]);
    expect(trail[3]?.reason).toMatch(/nobody/);
    for (const entry of trail) {
      expect(Date.parse(entry.time)).not.toBeNaN();
      expect(entry.osUser).not.toBe('');
    }
    const text = readFileSync(join(dir, ADMIN_AUDIT_FILE), 'utf8');
    for (const secret of ['merchant-pw1', 'new-pw-22', '4111111111111111', '4000056655665556']) {
      expect(text).not.toContain(secret);
    }
    expect(statSync(join(dir, ADMIN_AUDIT_FILE)).mode & 0o777).toBe(0o600);
  });

  it('records nothing for help and usage errors, which reach no data directory', async () => {
    const dir = tempDir();
    expect((await admin(dir, ['unlock', '--help'])).code).toBe(0);
    expect((await admin(dir, ['unlock'])).code).toBe(2);
    expect(() => auditTrail(dir)).toThrow(/ENOENT/);
  });
});
