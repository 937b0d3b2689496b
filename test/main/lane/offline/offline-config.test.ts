import { describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { LaneFault } from '../../../../main/lane/errors.ts';
import { OFFLINE_NEVER } from '../../../../main/lane/offline/offline-config.ts';
import { laneSetupFromConfig, parseLaneConfig } from '../../../../main/start/lane-config.ts';

const BASE = {
  laneId: '3',
  merchant: { name: 'Corner Store' },
  server: { url: 'https://pts.example.com', apiKeyId: 'P91FB6A38E308857D' },
};

const OFFLINE = {
  allowed: true,
  floorLimits: { credit: { default: 5000, VISA: 10000 } },
  totalValueMinor: 50000,
  totalCount: 20,
  maxAgeHours: 24,
  entryMethods: ['insert', 'swipe'],
};

function parse(offline: unknown): ReturnType<typeof parseLaneConfig> {
  return parseLaneConfig(stringify({ ...BASE, offline }), 'lane.yaml');
}

function fault(offline: unknown): LaneFault {
  try {
    parse(offline);
  } catch (error) {
    if (error instanceof LaneFault) return error;
    throw error;
  }
  throw new Error('the configuration was accepted');
}

describe('offline configuration in lane.yaml', () => {
  it('reads the offline rules into the lane setup, with defaults for what is not said', () => {
    const setup = laneSetupFromConfig(parse(OFFLINE), 's', '/l');
    expect(setup.offline).toEqual({
      ...OFFLINE,
      pinDebitOffline: false,
      managerOverride: false,
      managers: [],
    });
  });

  it('leaves a lane whose file says nothing of offline never offline', () => {
    const config = parseLaneConfig(stringify(BASE), 'lane.yaml');
    expect(laneSetupFromConfig(config, 's', '/l').offline).toBeUndefined();
    expect(OFFLINE_NEVER).toMatchObject({
      allowed: false,
      floorLimits: {},
      entryMethods: ['insert'],
    });
  });

  it.each([
    [
      'a gift floor limit',
      { ...OFFLINE, floorLimits: { gift: { default: 100 } } },
      'offline.floorLimits.gift',
      /offline\.floorLimits\.gift cannot be set: gift cards never go offline/,
    ],
    [
      'a debit floor limit without pinDebitOffline',
      { ...OFFLINE, floorLimits: { debit: { default: 100 } } },
      'offline.floorLimits.debit',
      /needs pinDebitOffline: true/,
    ],
    [
      'offline allowed without a count limit',
      { ...OFFLINE, totalCount: undefined },
      'offline.totalCount',
      /offline\.totalCount is required when allowed is true/,
    ],
    [
      'a floor limit above the total',
      { ...OFFLINE, floorLimits: { credit: { AMEX: 60000 } } },
      'offline.floorLimits.credit.AMEX',
      /must not exceed totalValueMinor/,
    ],
    [
      'a manager override without managers',
      { ...OFFLINE, managerOverride: true },
      'offline.managers',
      /needs at least one manager when managerOverride is true/,
    ],
    [
      'a manager secret that is not a hash-manager hash',
      { ...OFFLINE, managers: [{ name: 'ana', secretHash: '1234' }] },
      'offline.managers.0.secretHash',
      /must be a hash printed by npm start -- hash-manager NAME/,
    ],
    [
      'a brand that is not a card brand',
      { ...OFFLINE, floorLimits: { credit: { VIZA: 100 } } },
      'offline.floorLimits.credit.VIZA',
      /is not a lane setting/,
    ],
    [
      'keyed entry offline',
      { ...OFFLINE, entryMethods: ['keyed_pad'] },
      'offline.entryMethods.0',
      /offline\.entryMethods\.0/,
    ],
    [
      'a negative floor limit',
      { ...OFFLINE, floorLimits: { credit: { default: -1 } } },
      'offline.floorLimits.credit.default',
      /offline\.floorLimits\.credit\.default/,
    ],
    [
      'an age limit over a week',
      { ...OFFLINE, maxAgeHours: 200 },
      'offline.maxAgeHours',
      /offline\.maxAgeHours/,
    ],
  ])('refuses %s, naming the field and the rule', (_name, offline, field, message) => {
    const error = fault(offline);
    expect(error).toMatchObject({ code: 'invalid_config', field });
    expect(error.message).toMatch(message);
  });

  it('accepts a debit floor limit once PIN debit is allowed offline', () => {
    const config = parse({ ...OFFLINE, pinDebitOffline: true, floorLimits: { debit: { MC: 0 } } });
    expect(config.offline?.floorLimits.debit).toEqual({ MC: 0 });
  });
});
