// What a service runs on below its transports: the card vault, accounts, the demo data and the
// engine, opened in the order a start needs them (docs/architecture.md, The store).
import type { Logger } from 'pino';
import { loadIssuerKeys } from '../drivers/crypto/index.ts';
import { openAccounts, type Accounts } from './accounts/accounts.ts';
import { seedDemoMerchant, type DemoSeed } from './accounts/demo-merchant.ts';
import type { DataFiles } from './config/data-directory.ts';
import { vaultKeyOptions, type ServerOptions } from './config/server-options.ts';
import { TransactionService, moveLegacyOutbox, seedDemoEngineData } from './engine/index.ts';
import { LoopbackProcessor, SendQueue } from './processor/index.ts';
import type { ServiceStore } from './store/service-store.ts';
import { openServiceVault } from './service-vault.ts';
import { describeCustody, type CardVault } from './vault/index.ts';

/** The parts a start opens before it listens. */
export interface ServiceCore {
  readonly vault: CardVault;
  /** Where the key-encrypting key of the card vault's key is kept, in words. */
  readonly vaultCustody: string;
  readonly accounts: Accounts;
  /** The demo merchant, when started with demo. */
  readonly demo: DemoSeed | undefined;
  readonly engine: TransactionService;
  /** The processor's send queue, whose depth the metrics read. */
  readonly queue: SendQueue;
}

/** Opens the card vault (docs/security.md, Key custody and rotation) and logs a change of wrapping. */
async function openVault(
  files: DataFiles,
  store: ServiceStore,
  options: ServerOptions,
  logger: Logger,
) {
  const { vault, opened, secretKey } = await openServiceVault(
    files,
    store,
    vaultKeyOptions(options),
  );
  const vaultCustody = describeCustody(opened.custody);
  if (opened.change !== 'none') {
    logger.info({ custody: vaultCustody, change: opened.change }, 'card vault key wrapped');
  }
  return { vault, vaultCustody, secretKey };
}

/**
 * Reads the simulated issuer's EMV keys (options.issuerKeysPath, docs/test-cards.md), opens the
 * vault and the accounts, moves an earlier version's receipt copies into the store, seeds the demo
 * merchant when asked, and starts the engine after it settled what a previous run left in flight
 * (TransactionService.recoverInFlight).
 */
export async function openServiceCore(
  options: ServerOptions,
  files: DataFiles,
  store: ServiceStore,
  logger: Logger,
): Promise<ServiceCore> {
  const { limits, now } = options;
  const issuerKeys = loadIssuerKeys(options.issuerKeysPath);
  const { vault, vaultCustody, secretKey } = await openVault(files, store, options, logger);
  const accounts = openAccounts(store, vault, secretKey);
  const moved = await moveLegacyOutbox(files.outbox, store.outbox);
  if (moved > 0) {
    logger.info({ copies: moved, from: files.outbox }, 'receipt copies moved into the store');
  }
  const demo = options.demo ? await seedDemoMerchant(accounts, files.demoApiKey) : undefined;
  if (demo !== undefined) {
    await seedDemoEngineData(store, vault, demo.merchantUser.merchantId, now());
  }
  const queue = new SendQueue({
    concurrency: limits.processorInFlight,
    perMerchant: limits.merchantInFlight,
  });
  const engine = new TransactionService({
    store,
    logger,
    now,
    queue,
    processor: new LoopbackProcessor({
      issuerKeys,
      ...(options.processorPace === undefined ? {} : { pace: options.processorPace }),
    }),
    vault,
    checkReturnSeconds: options.checkReturnSeconds,
  });
  await engine.recoverInFlight();
  return { vault, vaultCustody, accounts, demo, engine, queue };
}
