import { IANAZone } from 'luxon';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse as parseYaml } from 'yaml';
import { parseBinRanges } from '../../protocol/index.ts';
import { z } from 'zod';
import { parseDevicesConfig, type DevicesConfig } from '../devices/index.ts';
import { EditableSettings } from '../lane-api/index.ts';
import { LaneFault } from '../lane/errors.ts';
import { OfflineConfig } from '../lane/offline/offline-config.ts';
import type { LaneSetup } from './lane-runtime.ts';

const deadlineMs = z.int().min(100).max(600_000);

/**
 * The payment server a real lane talks to (docs/lane.md, Configuration): its URL and transport,
 * the trust of its certificate, and the profile API key id whose secret is in the OS keychain
 * (or, where there is none, a file only its owner may read, or LANETERM_API_KEY_SECRET).
 */
const ServerConfig = z.strictObject({
  url: z.string().regex(/^(https?|kvs?):\/\/[^\s]+$/, 'must be an http(s):// or kv(s):// URL'),
  /** v2 or kv (key/value v2): the transports that carry order ids, which recovery needs. */
  transport: z.enum(['v2', 'kv']).optional(),
  tls: z
    .union([
      z.strictObject({ caFile: z.string().min(1) }),
      z.strictObject({
        pin: z.string().regex(/^[0-9A-Fa-f:]{64,95}$/, 'must be a SHA-256 fingerprint'),
      }),
    ])
    .optional(),
  apiKeyId: z
    .string()
    .regex(/^[PU][0-9A-Fa-f]{16}$/, 'must be an API key id, P or U and 16 hex digits'),
  apiKeySecretFile: z.string().min(1).optional(),
  deadlines: z
    .strictObject({ connectMs: deadlineMs.optional(), answerMs: deadlineMs.optional() })
    .optional(),
  /** How long an answer that missed its deadline is still listened for, ms (default 120 000). */
  lateAnswerMs: z.int().min(1000).max(600_000).optional(),
  /**
   * The merchant's gift BIN ranges (docs/interface.md › Gift custom BIN range formula), so a keyed gift card is
   * sent without an expiry; default none.
   */
  giftBinRanges: z
    .string()
    .max(500)
    .refine((text) => {
      try {
        parseBinRanges(text, 'giftBinRanges');
        return true;
      } catch {
        return false;
      }
    }, 'must be gift BIN ranges: min_prefix[-max_prefix][:min_len[-max_len][:cardtype[:pclevel]]] joined by ;')
    .optional(),
});

/** The merchant header every receipt prints. */
const MerchantConfig = z.strictObject({
  name: z.string().min(1).max(80),
  lines: z.array(z.string().max(64)).max(6).default([]),
  currency: z
    .string()
    .regex(/^[A-Z]{3}$/, 'must be ISO 4217 letters, e.g. USD')
    .default('USD'),
  /** The store's IANA time zone, for the times receipts print; default the machine's. */
  timeZone: z
    .string()
    .refine(
      (zone) => IANAZone.isValidZone(zone),
      'must be an IANA time zone, e.g. America/New_York',
    )
    .optional(),
});

/** A real lane's configuration file, checked whole before anything starts. */
const LaneConfigSchema = z.strictObject({
  laneId: z.string().regex(/^[A-Za-z0-9_-]{1,20}$/, 'must be 1 to 20 letters, digits, _ or -'),
  clerkId: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,20}$/, 'must be 1 to 20 letters, digits, _ or -')
    .optional(),
  merchant: MerchantConfig,
  server: ServerConfig,
  /** Where the journal lives; default the lane's data directory. */
  journal: z.string().min(1).optional(),
  devices: z.unknown().optional(),
  settings: EditableSettings.partial().optional(),
  /** Offline store-and-forward rules (docs/lane.md, Offline); default never offline. */
  offline: OfflineConfig.optional(),
  /** Chip first (docs/lane.md › Chip first): failed chip reads before a chip card's swipe is taken; default 1. */
  chipFirst: z.strictObject({ attempts: z.int().min(1).max(5) }).optional(),
  /** Recovery (docs/lane.md › Recovery): seconds between background passes, which also forward; default 15. */
  recovery: z.strictObject({ everySeconds: z.int().min(1).max(300) }).optional(),
});

/** A checked lane configuration. */
export type LaneConfig = Omit<z.output<typeof LaneConfigSchema>, 'devices'> & {
  readonly devices: DevicesConfig;
  /** The file it came from. */
  readonly source: string;
};

/** The first issue of a failed parse as a LaneFault naming the field (dotted) and the rule. */
function fault(error: z.ZodError, source: string): LaneFault {
  const issue = error.issues[0];
  const keys = issue?.code === 'unrecognized_keys' ? issue.keys.slice(0, 1) : [];
  const field = [...(issue?.path ?? []).map(String), ...keys].join('.') || 'config';
  const rule =
    issue?.code === 'unrecognized_keys'
      ? 'is not a lane setting'
      : (issue?.message ?? 'is not valid');
  return new LaneFault(
    'invalid_config',
    field,
    issue?.code ?? 'invalid',
    `${source}: ${field} ${rule}`,
  );
}

/**
 * Parses a lane configuration (YAML or JSON; docs/lane.md, Configuration): lane and clerk ids,
 * the merchant header, the server, the journal's place, the devices (main/devices), default
 * settings, the offline rules and chip first. Throws LaneFault naming the first bad field and the rule it breaks.
 */
export function parseLaneConfig(text: string, source: string): LaneConfig {
  let raw: unknown;
  try {
    raw = parseYaml(text);
  } catch (error) {
    const where = error instanceof Error ? error.message.split('\n')[0] : 'cannot be read';
    throw new LaneFault(
      'invalid_config',
      'config',
      'yaml',
      `${source}: not YAML or JSON: ${where}`,
    );
  }
  const parsed = LaneConfigSchema.safeParse(raw ?? {});
  if (!parsed.success) throw fault(parsed.error, source);
  let devices: DevicesConfig;
  try {
    devices = parseDevicesConfig(parsed.data.devices ?? {});
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw new LaneFault('invalid_config', 'devices', 'devices', `${source}: ${message}`);
  }
  return { ...parsed.data, devices, source };
}

/**
 * The lane setup (lane-runtime) a checked configuration describes, with the API key's secret and
 * the lane's folder (the journal's default place): transport v2 unless the URL is kv(s)://.
 */
export function laneSetupFromConfig(
  config: LaneConfig,
  secret: string,
  laneDir: string,
): LaneSetup {
  const { server } = config;
  return {
    training: false,
    laneId: config.laneId,
    ...(config.clerkId === undefined ? {} : { clerkId: config.clerkId }),
    merchant: config.merchant,
    server: {
      url: server.url,
      transport: server.transport ?? (server.url.startsWith('kv') ? 'kv' : 'v2'),
      ...(server.tls === undefined ? {} : { tls: server.tls }),
      ...(server.deadlines === undefined ? {} : { deadlines: server.deadlines }),
      ...(server.lateAnswerMs === undefined ? {} : { lateAnswerMs: server.lateAnswerMs }),
      ...(server.giftBinRanges === undefined ? {} : { giftBinRanges: server.giftBinRanges }),
      apiKey: { id: server.apiKeyId, secret },
    },
    journalPath: config.journal ?? join(laneDir, 'journal.db'),
    devices: config.devices,
    ...(config.settings === undefined ? {} : { settings: config.settings }),
    ...(config.offline === undefined ? {} : { offline: config.offline }),
    ...(config.chipFirst === undefined ? {} : { chipFirst: config.chipFirst }),
    ...(config.recovery === undefined ? {} : { sweepMs: config.recovery.everySeconds * 1000 }),
    source: config.source,
  };
}

/** Reads and parses a configuration file. */
export function readLaneConfig(path: string): LaneConfig {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'unreadable';
    throw new LaneFault('invalid_config', 'config', 'file', `${path}: cannot be read (${code})`);
  }
  return parseLaneConfig(text, path);
}
