import type { AdminCommand } from '../admin-command.ts';
import { requireLogin, requireProfile } from '../admin-lookups.ts';

/** `create-api-key <user> [--profile P]`: issues a key; its secret is printed this once only. */
export const adminCommand: AdminCommand = {
  name: 'create-api-key',
  summary: 'issue an API key for a user, or with --profile a profile key; prints the secret once',
  usage: 'create-api-key <merchant[:sub]> [--profile NAME|ID] [--name LABEL]',
  options: { profile: { type: 'string' }, name: { type: 'string' } },
  positionals: 1,
  async run(context, args) {
    const [user = ''] = args.positionals;
    const login = await requireLogin(context, user);
    const ref = args.values.profile;
    const profile =
      typeof ref === 'string' ? await requireProfile(context, login.merchantId, ref) : undefined;
    const label = typeof args.values.name === 'string' ? args.values.name : '';
    const { keyId, secret } = await context.accounts.apiKeys.create(
      login.userId,
      profile?.id ?? null,
      label,
      context.now(),
    );
    const kind = profile === undefined ? 'user key' : `profile key for "${profile.name}"`;
    context.out(`api key id:     ${keyId}`);
    context.out(`api key secret: ${secret}`);
    context.out(
      `(${kind} acting as ${login.username}; the secret is not stored and is shown once)`,
    );
  },
};
