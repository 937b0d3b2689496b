import { AdminError, type AdminCommand } from '../admin-command.ts';

/** `revoke-api-key <key id>`: the key is refused from now on (docs/interface.md › Authentication §5). */
export const adminCommand: AdminCommand = {
  name: 'revoke-api-key',
  summary: 'revoke an API key; requests with it are refused from now on',
  usage: 'revoke-api-key <key-id>',
  positionals: 1,
  async run(context, args) {
    const [keyId = ''] = args.positionals;
    if (!(await context.accounts.apiKeys.revoke(keyId, context.now()))) {
      throw new AdminError(`api key ${keyId}: no such active key`);
    }
    context.out(`api key ${keyId}: revoked`);
  },
};
