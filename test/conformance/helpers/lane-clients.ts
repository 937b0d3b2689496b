import { join } from 'node:path';
import {
  PaymentClient,
  type AuthSettings,
  type PaymentClientConfig,
  type TransportKind,
} from '../../../main/payment/index.ts';
import type { ServiceProcess } from './service-process.ts';

/** The transports every operation is run over. */
export const TRANSPORTS: readonly TransportKind[] = ['v2', 'v1', 'kv'];

/** The demo merchant's sub-user, the login of v1 (which has no API keys). */
export const DEMO_LOGIN = { username: 'test_retail:public', password: 'publ1ct3st' } as const;

/** The credential a transport uses by default: the demo profile key, or on v1 the demo login. */
export function defaultAuth(service: ServiceProcess, transport: TransportKind): AuthSettings {
  if (transport === 'v1') return { credential: { kind: 'password', ...DEMO_LOGIN } };
  return { credential: { kind: 'apikey', ...service.apiKey } };
}

/**
 * A lane client for a transport, over TLS: REST v2 and key/value trust the service's certificate by
 * its pinned fingerprint, REST v1 through the certificate file as a CA.
 */
export function laneClient(
  service: ServiceProcess,
  transport: TransportKind,
  overrides: Partial<PaymentClientConfig> = {},
): PaymentClient {
  const host = `127.0.0.1:${service.tlsPort}`;
  const byTransport: Record<
    TransportKind,
    Pick<PaymentClientConfig, 'url' | 'transport' | 'tls'>
  > = {
    v2: { url: `https://${host}`, tls: { pin: service.fingerprint } },
    v1: {
      url: `https://${host}`,
      transport: 'v1',
      tls: { caFile: join(service.dataDir, 'tls-cert.pem') },
    },
    kv: { url: `kvs://${host}`, tls: { pin: service.fingerprint } },
  };
  return new PaymentClient({
    auth: defaultAuth(service, transport),
    retryBackoffMs: 50,
    ...byTransport[transport],
    ...overrides,
  });
}
