import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  LaneEvent,
  parseCommand,
  parseEvent,
  replySchema,
  startsWorkflow,
  type LaneSnapshot,
  type WorkflowView,
} from '../../../main/lane-api/index.ts';

const API_DIR = new URL('../../../main/lane-api/', import.meta.url);

const view: WorkflowView = {
  id: 'wf-1',
  kind: 'sale',
  training: true,
  startedAt: 1_750_000_000_000,
  amountMinor: 1250,
  paidMinor: 0,
  tenders: [],
  step: { name: 'card', dueMinor: 1250, tender: 'credit', accepts: ['insert', 'tap', 'swipe'] },
  stepAt: 1_750_000_000_100,
  canCancel: true,
  prompts: { cashier: 'ask_for_card', customer: 'present_card' },
};

const snapshot: LaneSnapshot = {
  settings: {
    language: 'en',
    customerLanguage: 'en',
    manualEntry: 'override',
    merchantCopy: false,
    tipAdjust: true,
    receiptNotes: '',
    touch: false,
    laneId: '1',
    training: true,
    currency: 'USD',
    configSource: 'training',
    merchantName: 'LaneTerm Training Store',
  },
  status: {
    training: true,
    server: { state: 'up', since: 1, url: 'https://127.0.0.1:8665', transport: 'v2' },
    devices: [
      { id: 'emv', kind: 'emv', model: 'nga', label: 'EMV reader', state: 'connected', since: 1 },
    ],
    paper: 'ok',
    checking: 0,
    dayOpen: true,
  },
  workflow: view,
  interrupted: [],
};

describe('lane API contract', () => {
  it('imports nothing but zod and its own files, so the renderer can bundle it alone', () => {
    const files = readdirSync(API_DIR).filter((name) => name.endsWith('.ts'));
    expect(files).toContain('index.ts');
    for (const name of files) {
      const source = readFileSync(new URL(name, API_DIR), 'utf8');
      const specifiers = [...source.matchAll(/from '([^']+)'/g)].map((match) => match[1]);
      for (const specifier of specifiers)
        expect(specifier, name).toMatch(/^(zod|\.\/[a-z-]+\.ts)$/);
    }
  });

  it('accepts a sale start and says it starts a workflow', () => {
    const parsed = parseCommand({ type: 'sale.start', amountMinor: 1250, tender: 'credit' });
    expect(parsed).toEqual({
      command: { type: 'sale.start', amountMinor: 1250, tender: 'credit' },
    });
    expect(startsWorkflow('sale.start')).toBe(true);
    expect(startsWorkflow('workflow.cancel')).toBe(false);
    expect(startsWorkflow('history.search')).toBe(false);
  });

  it('refuses a fractional, zero or too large amount naming the field and the rule', () => {
    for (const amountMinor of [12.5, 0, 100_000_000]) {
      const parsed = parseCommand({ type: 'sale.start', amountMinor });
      expect(parsed).toMatchObject({ error: { code: 'invalid_command', field: 'amountMinor' } });
    }
    expect(parseCommand({ type: 'sale.start', amountMinor: 0 })).toMatchObject({
      error: { rule: 'number.too_small' },
    });
  });

  it('refuses unknown commands and unknown fields', () => {
    expect(parseCommand({ type: 'sale.charge', amountMinor: 5 })).toMatchObject({
      error: { code: 'invalid_command', field: 'type' },
    });
    expect(parseCommand({ type: 'day.open', ttid: '42' })).toMatchObject({
      error: { code: 'invalid_command', rule: 'unrecognized_keys' },
    });
  });

  it('takes no card number from a screen: no manual card command, and keyed entry only on the pad', () => {
    const card = { account: '4111111111111111', expdate: '1230', cv: '999' };
    const parsed = parseCommand({ type: 'workflow.manual_card', workflowId: 'wf-1', card });
    expect(parsed).toMatchObject({ error: { code: 'invalid_command', field: 'type' } });
    expect(JSON.stringify(parsed)).not.toContain('4111');
    const typed = parseCommand({ type: 'workflow.entry', workflowId: 'wf-1', method: 'manual' });
    expect(typed).toMatchObject({ error: { code: 'invalid_command', field: 'method' } });
    const extra = { type: 'workflow.entry', workflowId: 'wf-1', method: 'keyed_pad', card };
    expect(JSON.stringify(parseCommand(extra))).not.toContain('4111');
  });

  it('carries workflow views and snapshots through JSON unchanged', () => {
    const event = { type: 'snapshot', seq: 0, at: 5, snapshot };
    expect(parseEvent(JSON.parse(JSON.stringify(event)))).toEqual({ event });
    const moved = { type: 'workflow', seq: 1, at: 6, workflow: { ...view, step: { name: 'pin' } } };
    expect(parseEvent(moved)).toMatchObject({ error: { code: 'invalid_command' } });
    expect(LaneEvent.safeParse({ type: 'workflow', seq: 2, at: 7, workflow: null }).success).toBe(
      true,
    );
  });

  it('refuses a card summary that would show more than the last four digits', () => {
    const card = { maskedAccount: '4111111111111111', lastFour: '1111', entry: 'swipe' };
    const step = { name: 'pin', dueMinor: 1250, card };
    const event = { type: 'workflow', seq: 1, at: 6, workflow: { ...view, step } };
    expect(parseEvent(event)).toMatchObject({
      error: { field: 'workflow.step.card.maskedAccount' },
    });
    const masked = { ...card, maskedAccount: 'XXXXXXXXXXXX1111' };
    expect(
      parseEvent({ ...event, workflow: { ...view, step: { ...step, card: masked } } }),
    ).toEqual({ event: { ...event, workflow: { ...view, step: { ...step, card: masked } } } });
  });

  it('checks replies by command type', () => {
    expect(
      replySchema('sale.start').safeParse({ ok: true, data: { workflowId: 'w' } }).success,
    ).toBe(true);
    expect(
      replySchema('history.search').safeParse({ ok: true, data: { workflowId: 'w' } }).success,
    ).toBe(false);
    expect(
      replySchema('history.search').safeParse({ ok: true, data: { entries: [] } }).success,
    ).toBe(true);
    const refusal = { ok: false, error: { code: 'busy', message: 'a sale is running' } };
    expect(replySchema('lane.snapshot').safeParse(refusal).success).toBe(true);
    expect(replySchema('lane.snapshot').safeParse({ ok: true, data: snapshot }).success).toBe(true);
  });
});

describe('training commands', () => {
  it('take a test card id, a device fault spec and a printer condition, and nothing else', () => {
    expect(parseCommand({ type: 'training.present', card: 'visa', how: 'insert' })).toHaveProperty(
      'command',
    );
    expect(
      parseCommand({ type: 'training.fault', device: 'pinpad', fault: 'missing-ack*3' }),
    ).toHaveProperty('command');
    expect(
      parseCommand({ type: 'training.present', card: '4111111111111111x', how: 'swipe' }),
    ).toMatchObject({ error: { field: 'card' } });
    expect(parseCommand({ type: 'training.fault', device: 'scale', fault: 'slow' })).toMatchObject({
      error: { field: 'device' },
    });
    expect(parseCommand({ type: 'training.printer', condition: 'jammed' })).toMatchObject({
      error: { field: 'condition' },
    });
    expect(
      replySchema('training.cards').safeParse({
        ok: true,
        data: {
          cards: [
            {
              id: 'visa',
              description: 'Visa',
              brand: 'VISA',
              funding: 'credit',
              lastFour: '1111',
              presentations: ['swipe'],
            },
          ],
        },
      }).success,
    ).toBe(true);
  });
});
