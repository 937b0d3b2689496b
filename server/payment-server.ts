import type { Socket } from 'node:net';
import { SENSITIVE_PARAMS } from '../protocol/index.ts';
import { loadIssuerKeys } from '../drivers/crypto/index.ts';
import { openAccounts } from './accounts/accounts.ts';
import { seedDemoMerchant, type DemoSeed } from './accounts/demo-merchant.ts';
import { openSecretKey } from './accounts/secret-box.ts';
import { Authenticator } from './auth/authenticator.ts';
import { DualAuthorizer } from './auth/dual-authorizer.ts';
import { prepareDataDirectory } from './config/data-directory.ts';
import { vaultKeyOptions, withDefaults, type ServerInput } from './config/server-options.ts';
import { RequestDispatcher } from './dispatch/request-dispatcher.ts';
import { WorkTracker } from './dispatch/work-tracker.ts';
import { unixSeconds } from './engine/clock.ts';
import { BdkRegistry } from './engine/entry/bdk-registry.ts';
import { seedDemoBdks } from './engine/entry/demo-bdks.ts';
import { moveLegacyOutbox } from './engine/receipts/legacy-outbox.ts';
import { TransactionService, seedDemoGiftCards, seedDemoReceiptHeader } from './engine/index.ts';
import { KvConnection } from './kv/kv-connection.ts';
import { RequestLog } from './log/request-log.ts';
import { createServiceLogger } from './log/service-logger.ts';
import { BufferBudget } from './net/buffer-budget.ts';
import { ServiceListeners, type ListenAddress } from './net/service-listeners.ts';
import { LoopbackProcessor, SendQueue } from './processor/index.ts';
import { createRestApp } from './rest/rest-app.ts';
import { openServiceStore } from './store/store-location.ts';
import { loadOrCreateCertificate } from './tls/certificate.ts';
import { CardVault, describeCustody, openDataKey } from './vault/index.ts';
import { CardEntryService } from './cardentry/card-entry-service.ts';

/** Milliseconds open connections get to close on their own at shutdown before being cut. */
const CLOSE_GRACE_MS = 2000;

/** A running service: where it listens, its certificate fingerprint, and how to stop it. */
export interface RunningServer {
  /** The TLS port (REST and key/value). */
  tlsAddress: ListenAddress;
  /** The plain port, when one was asked for. */
  plainAddress: ListenAddress | undefined;
  /** SHA-256 fingerprint of the TLS certificate in use, for pinning. */
  readonly fingerprint256: string;
  /** True when this start generated the certificate. */
  certificateGenerated: boolean;
  dataDir: string;
  /** The demo merchant, when started with demo. */
  demo: DemoSeed | undefined;
  /** Where the key-encrypting key of the card vault's key is kept, in words. */
  vaultCustody: string;
  /**
   * Reads the certificate and key files again and uses them for TLS handshakes from now on; open
   * connections keep theirs. Returns the new fingerprint; throws (keeping the old pair) when the
   * files cannot be read or do not match.
   */
  reloadCertificate: () => string;
  /**
   * Stops accepting connections, answers new requests SYS_UNAVAILABLE, lets the engine finish the
   * transactions in flight, sends their answers, closes every connection and the store.
   */
  close: () => Promise<void>;
}

/**
 * Starts the Payment Transaction Service: opens (or creates) the data directory and its store,
 * loads or generates the TLS certificate, seeds the demo merchant when asked, settles what a
 * previous run left in flight (TransactionService.recoverInFlight), and listens on the
 * TLS port and the optional plain port, REST and key/value told apart by their first byte.
 */
export async function startServer(input: ServerInput = {}): Promise<RunningServer> {
  const options = withDefaults(input);
  const { limits, now } = options;
  const issuerKeys = loadIssuerKeys(options.issuerKeysPath);
  const files = prepareDataDirectory(options.dataDir);
  const logger = createServiceLogger({
    level: options.logLevel,
    destination: options.logDestination,
    sensitiveKeys: SENSITIVE_PARAMS,
  });
  const given = options.certPath !== undefined;
  if (given !== (options.keyPath !== undefined)) {
    throw new Error('certPath and keyPath: give both or neither');
  }
  const certificateSource = {
    certPath: options.certPath ?? files.certificate,
    keyPath: options.keyPath ?? files.privateKey,
    given,
    host: options.host,
  };
  let tls = loadOrCreateCertificate(certificateSource);
  const store = await openServiceStore(
    options.store ?? { backend: 'sqlite', path: files.database },
  );
  const listeners = new ServiceListeners();
  try {
    const vaultKey = openDataKey(files.root, vaultKeyOptions(options));
    const vaultCustody = describeCustody(vaultKey.custody);
    if (vaultKey.change !== 'none') {
      logger.info({ custody: vaultCustody, change: vaultKey.change }, 'card vault key wrapped');
    }
    const vault = new CardVault(vaultKey.key);
    const accounts = openAccounts(store, openSecretKey(files.secretKey, vault));
    const moved = await moveLegacyOutbox(files.outbox, store.outbox);
    if (moved > 0) {
      logger.info({ copies: moved, from: files.outbox }, 'receipt copies moved into the store');
    }
    const demo = options.demo ? await seedDemoMerchant(accounts, files.demoApiKey) : undefined;
    const queue = new SendQueue({
      concurrency: limits.processorInFlight,
      perMerchant: limits.merchantInFlight,
    });
    if (demo !== undefined) {
      await seedDemoGiftCards(store, vault, demo.merchantUser.merchantId, now());
      await seedDemoBdks(new BdkRegistry(store.bdks, vault), unixSeconds(now()));
      await seedDemoReceiptHeader(store, demo.merchantUser.merchantId, now());
    }
    const engine = new TransactionService({
      store,
      logger,
      now,
      queue,
      processor: new LoopbackProcessor({ issuerKeys }),
      vault,
      checkReturnSeconds: options.checkReturnSeconds,
    });
    await engine.recoverInFlight();
    const authenticator = new Authenticator(accounts, limits, logger);
    const requests = new RequestLog(logger);
    const dispatcher = new RequestDispatcher({
      accounts,
      authenticator,
      dualAuthorizer: new DualAuthorizer(accounts, authenticator),
      engine,
      logger,
      requests,
      now,
      mfaCookieLifetime: limits.mfaCookieLifetime,
    });
    const tracker = new WorkTracker();
    const budget = new BufferBudget(limits.maxBufferedBytes);
    const rest = await createRestApp({
      dispatcher,
      tracker,
      logger,
      budget,
      requests,
      bodyLimitBytes: limits.maxBodyBytes,
      idleMs: limits.idleTimeoutMs,
      headerMs: limits.frameTimeoutMs,
      maxInFlight: limits.maxInFlight,
      maxUnsentBytes: limits.maxUnsentBytes,
      cardEntry: new CardEntryService(store.cardTickets, vault, accounts, now),
    });
    const kvLimits = {
      maxFrameBytes: limits.maxFrameBytes,
      maxInFlight: limits.maxInFlight,
      idleMs: limits.idleTimeoutMs,
      frameTimeoutMs: limits.frameTimeoutMs,
      maxUnsentBytes: limits.maxUnsentBytes,
    };
    await listeners.listen(
      {
        host: options.host,
        tlsPort: options.port,
        plainPort: options.plainPort,
        tls,
        maxConnections: limits.maxConnections,
        maxConnectionsPerSource: limits.maxConnectionsPerSource,
        idleMs: limits.idleTimeoutMs,
        handshakeMs: limits.frameTimeoutMs,
        logger,
      },
      {
        http: (socket: Socket) => rest.server.emit('connection', socket),
        kv: (socket: Socket) =>
          new KvConnection(socket, {
            dispatcher,
            tracker,
            logger,
            requests,
            limits: kvLimits,
            budget,
          }),
      },
    );
    const tlsAddress = listeners.tlsAddress as ListenAddress;
    logger.info(
      { tls: tlsAddress, plain: listeners.plainAddress, dataDir: files.root, demo: options.demo },
      'listening',
    );
    let closing: Promise<void> | undefined;
    const close = () => {
      closing ??= (async () => {
        logger.info('stopping: finishing requests in flight');
        listeners.stopAccepting();
        dispatcher.stopTaking();
        await engine.close();
        await tracker.whenIdle();
        await listeners.closeConnections(CLOSE_GRACE_MS);
        requests.flush();
        await store.close();
        logger.info('stopped');
      })();
      return closing;
    };
    return {
      tlsAddress,
      plainAddress: listeners.plainAddress,
      get fingerprint256() {
        return tls.fingerprint256;
      },
      certificateGenerated: tls.generated,
      dataDir: files.root,
      demo,
      reloadCertificate: () => {
        const next = loadOrCreateCertificate(certificateSource);
        listeners.setIdentity(next);
        tls = next;
        logger.info({ fingerprint256: tls.fingerprint256 }, 'TLS certificate reloaded');
        return tls.fingerprint256;
      },
      vaultCustody,
      close,
    };
  } catch (error) {
    listeners.stopAccepting();
    await store.close();
    throw error;
  }
}
