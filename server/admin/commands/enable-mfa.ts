import type { AdminCommand } from '../admin-command.ts';
import { requireLogin } from '../admin-lookups.ts';

/** `enable-mfa <user>`: turns TOTP MFA on and prints the otpauth URI once (docs/interface.md › Authentication §6). */
export const adminCommand: AdminCommand = {
  name: 'enable-mfa',
  summary: 'turn on TOTP MFA for a user (or re-key it); prints the otpauth URI and secret once',
  usage: 'enable-mfa <merchant[:sub]>',
  positionals: 1,
  async run(context, args) {
    const [user = ''] = args.positionals;
    const login = await requireLogin(context, user);
    const enrolment = await context.accounts.mfa.enable(
      login.userId,
      login.username,
      context.now(),
    );
    context.out(`otpauth uri: ${enrolment.uri}`);
    context.out(`secret:      ${enrolment.secret}`);
    context.out(`(${login.username} must now send an MFA code or MFA cookie with a password)`);
  },
};
