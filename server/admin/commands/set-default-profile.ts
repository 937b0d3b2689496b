import type { AdminCommand } from '../admin-command.ts';
import { requireLogin, requireProfile } from '../admin-lookups.ts';

/** `set-default-profile <user> <profile|none>`: the profile used when profile_id is omitted. */
export const adminCommand: AdminCommand = {
  name: 'set-default-profile',
  summary: 'set (or with "none" clear) the profile a user’s transactions run under by default',
  usage: 'set-default-profile <merchant[:sub]> <profile-name | profile-id | none>',
  positionals: 2,
  async run(context, args) {
    const [user = '', ref = ''] = args.positionals;
    const login = await requireLogin(context, user);
    const profile =
      ref === 'none' ? undefined : await requireProfile(context, login.merchantId, ref);
    await context.accounts.users.setDefaultProfile(login.userId, profile?.id ?? null);
    context.out(
      profile === undefined
        ? `${login.username}: no default profile`
        : `${login.username}: default profile ${profile.id} "${profile.name}"`,
    );
  },
};
