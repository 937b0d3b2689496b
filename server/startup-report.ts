import { DEMO_BDKS } from './engine/index.ts';
import type { RunningServer } from './payment-server.ts';

/**
 * Lines telling where the service listens, its certificate fingerprint, where the card vault's
 * key-encrypting key is kept and the demo logins.
 */
export function describeServer(server: RunningServer): string[] {
  const tls = server.tlsAddress;
  const generated = server.certificateGenerated ? ' (generated now)' : '';
  const lines = [
    `LaneTerm Payment Transaction Service (data: ${server.dataDir})`,
    `  TLS:   ${tls.host}:${tls.port}  REST https://${tls.host}:${tls.port}/api/v2/ and key/value over TLS`,
    `  TLS certificate SHA-256 ${server.fingerprint256}${generated}`,
    `  card vault key wrapped by ${server.vaultCustody}`,
  ];
  if (server.opsAddress !== undefined) {
    const { host, port } = server.opsAddress;
    lines.push(`  ops:   http://${host}:${port}/healthz, /readyz and /metrics (no authentication)`);
  }
  if (server.plainAddress !== undefined) {
    const { host, port } = server.plainAddress;
    lines.push(
      `  plain: ${host}:${port}  REST http://${host}:${port}/api/v2/ and key/value over TCP`,
    );
  }
  if (server.demo !== undefined) {
    lines.push(
      '  demo merchant: test_retail:public / publ1ct3st (REST v1 Basic user "test_retail|public")',
      `  demo profile API key: ${server.demo.apiKeyId} (id and secret in ${server.dataDir}/demo-apikey.json)`,
      `  demo DUKPT test keys: ${DEMO_BDKS.map((k) => `key set ${k.keySetId} (${k.type})`).join(', ')}`,
    );
  }
  return lines;
}

/**
 * On SIGTERM: drains (RunningServer.drain: readiness 503, no new connections, every request sent
 * answered, then close; docs/scaling.md › A rolling upgrade) and exits 0; a second SIGTERM, or
 * SIGINT, ends the drain at once and closes (RunningServer.close: requests in flight finished).
 * Exits 1 when stopping fails. `print` tells the operator what is happening. Call it before
 * printing that the service is up, so a signal sent on that line is already handled.
 */
export function stopOnSignals(server: RunningServer, print: (line: string) => void): void {
  const done = (stopping: Promise<void>) =>
    stopping.then(
      () => process.exit(0),
      (error: unknown) => {
        print(`stopping failed: ${(error as Error).message}`);
        process.exit(1);
      },
    );
  let draining = false;
  const stop = (signal: NodeJS.Signals) => {
    print(`${signal}: stopping, finishing requests in flight`);
    void done(server.close());
  };
  process.on('SIGTERM', (signal) => {
    if (draining) return stop(signal);
    draining = true;
    print(`${signal}: draining, answering every request sent (a second SIGTERM stops at once)`);
    void done(server.drain());
  });
  process.once('SIGINT', stop);
}

/**
 * On SIGHUP: reloads the TLS certificate and key (RunningServer.reloadCertificate) without
 * dropping a connection; a pair that cannot be read or does not match is refused and the one in
 * use kept. `print` tells the operator which.
 */
export function reloadOnHangup(server: RunningServer, print: (line: string) => void): void {
  process.on('SIGHUP', () => {
    try {
      print(`SIGHUP: TLS certificate reloaded, SHA-256 ${server.reloadCertificate()}`);
    } catch (error) {
      print(`SIGHUP: TLS certificate kept, the new one was refused: ${(error as Error).message}`);
    }
  });
}
