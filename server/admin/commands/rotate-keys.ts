import { resolve } from 'node:path';
import {
  VaultKeyError,
  describeCustody,
  rotateSharedKek,
  rotateVaultKek,
  type KekCustody,
} from '../../vault/index.ts';
import { vaultInStore } from '../../service-vault.ts';
import { AdminError, type AdminArgs, type AdminCommand } from '../admin-command.ts';

/** The place the new key-encrypting key goes: one of the --to options, or where it is now. */
function targetOf(args: AdminArgs): KekCustody | undefined {
  const { values } = args;
  const named: KekCustody[] = [
    ...(typeof values['to-key-file'] === 'string'
      ? [{ kind: 'file', path: resolve(values['to-key-file']) } as const]
      : []),
    ...(typeof values['to-env'] === 'string'
      ? [{ kind: 'env', variable: values['to-env'] } as const]
      : []),
    ...(values['to-keychain'] === true ? [{ kind: 'keychain' } as const] : []),
  ];
  if (named.length > 1) throw new AdminError('give one of --to-keychain, --to-key-file, --to-env');
  return named[0];
}

/**
 * `rotate-keys`: re-wraps the card vault's data key under a new key-encrypting key, in the same
 * place or a new one (docs/security.md, Key custody); the sealed card data is untouched, so it
 * may run while the service runs, and on a shared store while every instance runs (docs/scaling.md).
 */
export const adminCommand: AdminCommand = {
  name: 'rotate-keys',
  summary:
    "re-wrap the card vault's key under a new key-encrypting key (keychain, key file or variable)",
  usage: 'rotate-keys [--to-keychain | --to-key-file FILE | --to-env VARIABLE]',
  options: {
    'to-keychain': { type: 'boolean' },
    'to-key-file': { type: 'string' },
    'to-env': { type: 'string' },
  },
  positionals: 0,
  async run(context, args) {
    try {
      const root = context.files.root;
      const target = targetOf(args);
      const { from, to } = vaultInStore(context.store)
        ? await rotateSharedKek(root, context.store.vault, target)
        : rotateVaultKek(root, target);
      context.out(
        `card vault key re-wrapped: was ${describeCustody(from)}, now ${describeCustody(to)}`,
      );
      if (to.kind === 'env') {
        context.out(`start the service with the new key in ${to.variable} from now on`);
      }
      if (from.kind === 'file' && !(to.kind === 'file' && to.path === from.path)) {
        context.out(`${from.path} no longer opens anything: delete it`);
      }
    } catch (error) {
      if (error instanceof VaultKeyError) throw new AdminError(error.message);
      throw error;
    }
  },
};
