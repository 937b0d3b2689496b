import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { AsyncEntry } from '@napi-rs/keyring';
import {
  KEYCHAIN_SERVICE,
  SECRET_ENV,
  readApiKeySecret,
  storeApiKeySecret,
} from '../../../main/start/api-key-secret.ts';
import { LaneFault } from '../../../main/lane/errors.ts';
import {
  laneSetupFromConfig,
  parseLaneConfig,
  readLaneConfig,
} from '../../../main/start/lane-config.ts';

const dir = mkdtempSync(join(tmpdir(), 'laneterm-config-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const VALID = {
  laneId: '3',
  clerkId: '17',
  merchant: { name: 'Corner Store', lines: ['1 Main St'] },
  server: {
    url: 'https://pts.example.com',
    tls: {
      pin: 'D4:81:6E:00:11:22:33:44:55:66:77:88:99:AA:BB:CC:DD:EE:FF:00:11:22:33:44:55:66:77:88:99:AA:BB:CC',
    },
    apiKeyId: 'P91FB6A38E308857D',
    giftBinRanges: '603571:16-19',
  },
  devices: {
    emv: { kind: 'nga', path: '/dev/ttyUSB0' },
    printer: { kind: 'escpos', tcp: { host: '10.0.0.7' } },
  },
  settings: { manualEntry: 'disabled' },
};

function fault(text: string): LaneFault {
  try {
    parseLaneConfig(text, 'lane.yaml');
  } catch (error) {
    if (error instanceof LaneFault) return error;
    throw error;
  }
  throw new Error('the configuration was accepted');
}

describe('lane configuration', () => {
  it('reads YAML into the lane setup: v2 by default, the journal in the lane folder, devices with defaults', () => {
    const config = parseLaneConfig(stringify(VALID), 'lane.yaml');
    const setup = laneSetupFromConfig(config, 'the-secret', '/var/lib/laneterm/lane/3');
    expect(setup).toMatchObject({
      training: false,
      laneId: '3',
      clerkId: '17',
      merchant: { name: 'Corner Store', lines: ['1 Main St'], currency: 'USD' },
      server: {
        url: 'https://pts.example.com',
        transport: 'v2',
        apiKey: { id: 'P91FB6A38E308857D', secret: 'the-secret' },
        giftBinRanges: '603571:16-19',
      },
      journalPath: '/var/lib/laneterm/lane/3/journal.db',
      settings: { manualEntry: 'disabled' },
      source: 'lane.yaml',
    });
    expect(setup.devices.emv).toMatchObject({ baudRate: 115_200 });
    expect(setup.devices.printer).toMatchObject({
      tcp: { host: '10.0.0.7', port: 9100 },
      columns: 42,
    });
  });

  it('takes chipFirst.attempts into the lane setup, and leaves it out when not given', () => {
    const text = stringify({ ...VALID, chipFirst: { attempts: 3 } });
    expect(laneSetupFromConfig(parseLaneConfig(text, 'lane.yaml'), 's', '/l').chipFirst).toEqual({
      attempts: 3,
    });
    const plain = laneSetupFromConfig(parseLaneConfig(stringify(VALID), 'lane.yaml'), 's', '/l');
    expect(plain).not.toHaveProperty('chipFirst');
  });

  it('takes recovery.everySeconds as the recovery pass interval in ms, and leaves it out when not given', () => {
    const text = stringify({ ...VALID, recovery: { everySeconds: 2 } });
    expect(laneSetupFromConfig(parseLaneConfig(text, 'lane.yaml'), 's', '/l').sweepMs).toBe(2000);
    const plain = laneSetupFromConfig(parseLaneConfig(stringify(VALID), 'lane.yaml'), 's', '/l');
    expect(plain).not.toHaveProperty('sweepMs');
  });

  it('takes a kv(s) URL as the key/value transport', () => {
    const text = stringify({
      ...VALID,
      server: { ...VALID.server, url: 'kvs://pts.example.com:8665' },
    });
    expect(
      laneSetupFromConfig(parseLaneConfig(text, 'lane.yaml'), 's', '/l').server.transport,
    ).toBe('kv');
  });

  it.each([
    [
      'server.url',
      { ...VALID, server: { ...VALID.server, url: 'ftp://x' } },
      /server\.url must be an http/,
    ],
    [
      'server.transport',
      { ...VALID, server: { ...VALID.server, transport: 'v1' } },
      /server\.transport/,
    ],
    [
      'server.apiKeyId',
      { ...VALID, server: { ...VALID.server, apiKeyId: 'secret' } },
      /must be an API key id/,
    ],
    [
      'server.giftBinRanges',
      { ...VALID, server: { ...VALID.server, giftBinRanges: '60x' } },
      /gift BIN ranges/,
    ],
    ['laneId', { ...VALID, laneId: 'lane 3!' }, /laneId must be 1 to 20/],
    [
      'merchant.timeZone',
      { ...VALID, merchant: { ...VALID.merchant, timeZone: 'Mars/Olympus' } },
      /merchant\.timeZone must be an IANA time zone/,
    ],
    ['merchant', { ...VALID, merchant: undefined }, /merchant/],
    [
      'settings.manualEntry',
      { ...VALID, settings: { manualEntry: 'sometimes' } },
      /settings\.manualEntry/,
    ],
    [
      'server.password',
      { ...VALID, server: { ...VALID.server, password: 'x' } },
      /server\.password is not a lane setting/,
    ],
    ['chipFirst.attempts', { ...VALID, chipFirst: { attempts: 0 } }, /chipFirst\.attempts .*>=1/],
    [
      'recovery.everySeconds',
      { ...VALID, recovery: { everySeconds: 301 } },
      /recovery\.everySeconds .*<=300/,
    ],
  ])('names %s and its rule when it is wrong', (field, input, message) => {
    const error = fault(stringify(input));
    expect(error).toMatchObject({ code: 'invalid_config', field });
    expect(error.message).toMatch(message);
  });

  it('names the device field a bad device configuration breaks', () => {
    const input = {
      ...VALID,
      devices: { printer: { kind: 'escpos', tcp: { host: 'p', port: 70000 } } },
    };
    expect(fault(stringify(input)).message).toMatch(/devices\.printer\.tcp\.port/);
  });

  it('refuses text that is not YAML, and a file that cannot be read', () => {
    expect(fault('laneId: [').message).toMatch(/^lane\.yaml: not YAML or JSON/);
    expect(() => readLaneConfig(join(dir, 'missing.yaml'))).toThrow(
      /missing\.yaml: cannot be read \(ENOENT\)/,
    );
  });
});

describe('API key secret', () => {
  const keyId = 'P0000000000000001';

  it('reads a secret file only its owner may read, and refuses one others may', async () => {
    const file = join(dir, 'secret');
    writeFileSync(file, 'file-secret\n');
    chmodSync(file, 0o644);
    await expect(readApiKeySecret(keyId, file, {})).rejects.toMatchObject({
      field: 'server.apiKeySecretFile',
      rule: 'file.mode',
    });
    chmodSync(file, 0o600);
    expect(await readApiKeySecret(keyId, file, {})).toEqual({
      secret: 'file-secret',
      source: 'file',
    });
  });

  it('falls back to the environment, and says every way to give it when none has it', async () => {
    expect(await readApiKeySecret(keyId, undefined, { [SECRET_ENV]: 'env-secret' })).toEqual({
      secret: 'env-secret',
      source: 'environment',
    });
    const missing = readApiKeySecret(keyId, undefined, {});
    await expect(missing).rejects.toMatchObject({
      field: 'server.apiKeyId',
      rule: 'secret.missing',
    });
    await expect(missing).rejects.toThrow(
      /store-api-key.*apiKeySecretFile.*LANETERM_API_KEY_SECRET/,
    );
  });

  it('keeps a secret in the OS keychain where there is one, or says to use the fallbacks', async () => {
    const id = `P${Date.now().toString(16).padStart(16, '0').slice(-16)}`;
    try {
      await storeApiKeySecret(id, 'keychain-secret');
    } catch (error) {
      expect(error).toMatchObject({ rule: 'keychain.unavailable' });
      expect((error as Error).message).toMatch(/apiKeySecretFile or LANETERM_API_KEY_SECRET/);
      return;
    }
    try {
      expect(await readApiKeySecret(id, undefined, {})).toEqual({
        secret: 'keychain-secret',
        source: 'keychain',
      });
    } finally {
      await new AsyncEntry(KEYCHAIN_SERVICE, `apikey:${id}`).deleteCredential();
    }
  });
});
