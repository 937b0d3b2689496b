import { X509Certificate } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { connect, type ConnectionOptions, type TLSSocket } from 'node:tls';
import selfsigned from 'selfsigned';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ServerProcess } from '../durability/helpers/server-process.ts';
import { KvTestClient } from '../helpers/kv-client.ts';
import { useTempDirs } from '../helpers/temp-dirs.ts';

const tempDir = useTempDirs();
let server: ServerProcess;

beforeAll(async () => {
  server = await ServerProcess.start(tempDir());
});
afterAll(() => server.stop());

/** Connects with the given client options; resolves with the socket, or the handshake's error. */
function handshake(options: ConnectionOptions): Promise<TLSSocket | Error> {
  return new Promise((resolve) => {
    const socket = connect({
      host: '127.0.0.1',
      port: server.tlsPort,
      rejectUnauthorized: false,
      ...options,
    });
    socket.once('secureConnect', () => resolve(socket));
    socket.once('error', (error) => resolve(error));
  });
}

describe('TLS versions and suites', () => {
  it('chooses TLS 1.3 when the client offers it', async () => {
    const socket = await handshake({});
    if (socket instanceof Error) throw socket;
    expect(socket.getProtocol()).toBe('TLSv1.3');
    socket.destroy();
  });

  it.each([
    'ECDHE-RSA-AES128-GCM-SHA256',
    'ECDHE-RSA-AES256-GCM-SHA384',
    'ECDHE-RSA-CHACHA20-POLY1305',
  ])('takes TLS 1.2 with %s', async (cipher) => {
    const socket = await handshake({ maxVersion: 'TLSv1.2', ciphers: cipher });
    if (socket instanceof Error) throw socket;
    expect(socket.getProtocol()).toBe('TLSv1.2');
    expect(socket.getCipher().name).toBe(cipher);
    socket.destroy();
  });

  it.each([
    'AES128-SHA',
    'AES256-SHA256',
    'AES128-GCM-SHA256',
    'AES256-GCM-SHA384',
    'ECDHE-RSA-AES128-SHA',
    'ECDHE-RSA-AES256-SHA',
    'ECDHE-RSA-AES128-SHA256',
    'ECDHE-RSA-AES256-SHA384',
    'DHE-RSA-AES128-GCM-SHA256',
  ])('refuses TLS 1.2 with %s', async (cipher) => {
    const outcome = await handshake({ maxVersion: 'TLSv1.2', ciphers: cipher });
    if (!(outcome instanceof Error)) outcome.destroy();
    expect(outcome).toBeInstanceOf(Error);
  });

  it('refuses a renegotiation the client asks for', async () => {
    const socket = await handshake({ maxVersion: 'TLSv1.2' });
    if (socket instanceof Error) throw socket;
    const failed = await new Promise<boolean>((resolve) => {
      socket.once('error', () => resolve(true));
      socket.renegotiate({ rejectUnauthorized: false }, (error) => resolve(error !== null));
    });
    socket.destroy();
    expect(failed).toBe(true);
  });
});

function certificate(): { cert: string; key: string; fingerprint: string } {
  const pems = selfsigned.generate([{ name: 'commonName', value: 'localhost' }], {
    days: 2,
    keySize: 2048,
    algorithm: 'sha256',
  });
  const fingerprint = new X509Certificate(pems.cert).fingerprint256;
  return { cert: pems.cert, key: pems.private, fingerprint };
}

async function seenFingerprint(port: number): Promise<string> {
  const socket = await new Promise<TLSSocket>((resolve, reject) => {
    const candidate = connect({ host: '127.0.0.1', port, rejectUnauthorized: false }, () =>
      resolve(candidate),
    );
    candidate.once('error', reject);
  });
  const fingerprint = socket.getPeerCertificate().fingerprint256;
  socket.destroy();
  return fingerprint;
}

describe('certificate reload', () => {
  it('takes a new certificate and key on SIGHUP, keeping open connections', async () => {
    const dir = tempDir();
    const certPath = join(dir, 'cert.pem');
    const keyPath = join(dir, 'key.pem');
    const first = certificate();
    const second = certificate();
    writeFileSync(certPath, first.cert);
    writeFileSync(keyPath, first.key, { mode: 0o600 });
    const reloading = await ServerProcess.start(tempDir(), ['--cert', certPath, '--key', keyPath]);
    try {
      expect(reloading.fingerprint).toBe(first.fingerprint);
      const target = { host: '127.0.0.1', port: reloading.tlsPort, pin: first.fingerprint };
      const kv = await KvTestClient.connect(target);
      kv.sendRaw('\x021\x1cPING\x03');
      expect(await kv.pairs('1')).toEqual({ code: 'SUCCESS', verbiage: 'PONG' });

      writeFileSync(certPath, second.cert);
      writeFileSync(keyPath, second.key);
      reloading.signal('SIGHUP');
      await reloading.line(new RegExp(`reloaded, SHA-256 ${second.fingerprint}`));
      kv.sendRaw('\x022\x1cPING\x03');
      expect(await kv.pairs('2')).toEqual({ code: 'SUCCESS', verbiage: 'PONG' });
      expect(await seenFingerprint(reloading.tlsPort)).toBe(second.fingerprint);

      writeFileSync(keyPath, first.key);
      reloading.signal('SIGHUP');
      await reloading.line(/SIGHUP: TLS certificate kept/);
      expect(await seenFingerprint(reloading.tlsPort)).toBe(second.fingerprint);
      kv.sendRaw('\x023\x1cPING\x03');
      expect(await kv.pairs('3')).toEqual({ code: 'SUCCESS', verbiage: 'PONG' });
      kv.close();
    } finally {
      await reloading.stop();
    }
  });
});
