import { randomBytes } from 'node:crypto';
import { connect as tcpConnect } from 'node:net';
import { connect as tlsConnect } from 'node:tls';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REST_ROUTES, restBasePath } from '../../../protocol/index.ts';
import { basic, call, type HttpTarget } from '../helpers/http-client.ts';
import { KvTestClient } from '../helpers/kv-client.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';

let service: TestServer;
let tls: HttpTarget;
let plain: HttpTarget;
const demoBasic = basic('test_retail|public', 'publ1ct3st');

beforeAll(async () => {
  service = await startTestServer();
  tls = { ...service.server.tlsAddress, pin: service.server.fingerprint256 };
  const address = service.server.plainAddress;
  if (address === undefined) throw new Error('no plain port');
  plain = address;
});
afterAll(() => service.stop());

describe('ports', () => {
  it('serves REST over TLS with the generated certificate, pinned by its SHA-256 fingerprint', async () => {
    expect(service.server.fingerprint256).toMatch(/^([0-9A-F]{2}:){31}[0-9A-F]{2}$/);
    expect(service.server.certificateGenerated).toBe(true);
    const answer = await call(tls, {
      method: 'GET',
      path: '/api/v1/report/failed',
      headers: { authorization: demoBasic },
    });
    expect(answer.status).toBe(200);
    expect(answer.json()).toHaveProperty('report');
  });

  it('refuses a connection whose certificate is not the pinned one', async () => {
    const wrong = { ...tls, pin: 'AA:'.repeat(31) + 'AA' };
    await expect(call(wrong, { method: 'GET', path: '/api/v2/openapi.json' })).rejects.toThrow(
      /not the pinned one/,
    );
  });

  it('serves the same REST interface on the plain port', async () => {
    const answer = await call(plain, {
      method: 'GET',
      path: '/api/v2/report/failed',
      headers: { 'x-api-key-id': service.apiKey.id, 'x-api-key': service.apiKey.secret },
    });
    expect(answer.status).toBe(200);
  });

  it('speaks TLS 1.2 and 1.3 only', async () => {
    const refused = await new Promise<boolean>((resolve) => {
      const socket = tlsConnect({
        ...service.server.tlsAddress,
        rejectUnauthorized: false,
        maxVersion: 'TLSv1.1',
        minVersion: 'TLSv1',
      });
      socket.once('secureConnect', () => resolve(false));
      socket.once('error', () => resolve(true));
    });
    expect(refused).toBe(true);
  });
});

describe('first-byte sniffing', () => {
  it('tells key/value (0x02) from HTTP on one TLS port, each on its own connection', async () => {
    const kv = await KvTestClient.connect(tls);
    kv.send('7', {
      action: 'admin',
      admin: 'GFT',
      username: 'test_retail:public',
      password: 'publ1ct3st',
    });
    const rest = call(tls, {
      method: 'GET',
      path: '/api/v1/report/failed',
      headers: { authorization: demoBasic },
    });
    const [kvAnswer, restAnswer] = await Promise.all([kv.answer('7'), rest]);
    expect(kvAnswer.kind).toBe('csv');
    expect(restAnswer.status).toBe(200);
    kv.close();
  });

  it('does the same on the plain port', async () => {
    const kv = await KvTestClient.connect(plain);
    kv.sendRaw('\x0242\x1cPING\x03');
    expect(await kv.pairs('42')).toEqual({ code: 'SUCCESS', verbiage: 'PONG' });
    kv.close();
  });
});

describe('REST documents and unknown paths', () => {
  it('serves an OpenAPI 3.1 document per version listing every route of that version', async () => {
    for (const version of ['v1', 'v2'] as const) {
      const answer = await call(plain, {
        method: 'GET',
        path: `${restBasePath(version)}/openapi.json`,
      });
      expect(answer.status).toBe(200);
      const document = answer.json() as {
        openapi: string;
        paths: Record<string, Record<string, unknown>>;
      };
      expect(document.openapi).toBe('3.1.0');
      for (const route of REST_ROUTES) {
        const path = `/${route.path.replace(/:([a-z_]+)/g, '{$1}')}`;
        const operation = document.paths[path]?.[route.method.toLowerCase()];
        if (route.versions.includes(version))
          expect(operation, `${version} ${path}`).toMatchObject({ 'x-operation': route.op });
        else expect(operation).toBeUndefined();
      }
    }
  });

  it('answers an unknown path 404 with pairs that do not echo the path', async () => {
    const answer = await call(plain, {
      method: 'GET',
      path: '/api/v2/vault/account/4111111111111111',
    });
    expect(answer.status).toBe(404);
    expect(answer.json()).toMatchObject({ code: 'DENY', msoft_code: 'DATA_BADTRANS' });
    expect(answer.text).not.toContain('4111111111111111');
  });
});

describe('garbage', () => {
  it('survives random bytes on either protocol and keeps serving', async () => {
    for (let round = 0; round < 20; round += 1) {
      const junk = randomBytes(1 + ((round * 97) % 3000));
      if (round % 2 === 0) junk[0] = 0x02;
      await new Promise<void>((resolve) => {
        const socket = tcpConnect(plain.port, plain.host, () => socket.end(junk));
        socket.on('error', () => resolve());
        socket.on('close', () => resolve());
        socket.resume();
      });
    }
    const answer = await call(plain, {
      method: 'GET',
      path: '/api/v1/report/failed',
      headers: { authorization: demoBasic },
    });
    expect(answer.status).toBe(200);
  });
});
