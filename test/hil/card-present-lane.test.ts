import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toHex } from '../../drivers/crypto/index.ts';
import { NgaReaderDriver } from '../../drivers/emv/nga-reader-driver.ts';
import { PinPadDriver } from '../../drivers/pinpad/pinpad-driver.ts';
import type { PinEntry } from '../../drivers/pinpad/pinpad-messages.ts';
import type { CardRead, CardReader } from '../../drivers/readers/card-read.ts';
import { IdtechReaderDriver } from '../../drivers/readers/idtech-reader-driver.ts';
import { MagtekReaderDriver } from '../../drivers/readers/magtek-reader-driver.ts';
import { toRequestFields } from '../../drivers/readers/request-fields.ts';
import { findCard, loadCardCatalogue, type TestCard } from '../../drivers/sim/card-catalogue.ts';
import { IdtechReaderSimulator } from '../../drivers/sim/idtech-reader-simulator.ts';
import { MagtekReaderSimulator } from '../../drivers/sim/magtek-reader-simulator.ts';
import { NgaReaderSimulator, type Presentation } from '../../drivers/sim/nga-reader-simulator.ts';
import { PinPadSimulator } from '../../drivers/sim/pinpad-simulator.ts';
import { MemoryTransport } from '../../drivers/transport/memory-transport.ts';
import { SerialTransport } from '../../drivers/transport/serial-transport.ts';
import type { PaymentClient, PaymentResult } from '../../main/payment/index.ts';
import { CARD_PRESENT_SCENARIOS } from '../conformance/card-present-scenarios.ts';
import { TRANSPORTS, laneClient } from '../conformance/helpers/lane-clients.ts';
import {
  startServiceProcess,
  stopServiceProcess,
  type ServiceProcess,
} from '../conformance/helpers/service-process.ts';
import { openPtyPair, type PtyPair } from './helpers/pty-pair.ts';

const cards = loadCardCatalogue();
const card = (id: string): TestCard => findCard(cards, id);

/** A lane's devices, each driver on its simulator: serial ones over socat ptys, MagTek in memory. */
interface Lane {
  magtek: { driver: MagtekReaderDriver; sim: MagtekReaderSimulator };
  idtech: { driver: IdtechReaderDriver; sim: IdtechReaderSimulator };
  original: { driver: IdtechReaderDriver; sim: IdtechReaderSimulator };
  emv: { driver: NgaReaderDriver; sim: NgaReaderSimulator };
  pad: { driver: PinPadDriver; sim: PinPadSimulator };
  pairs: PtyPair[];
}

let service: ServiceProcess;
let pay: PaymentClient;
let lane: Lane;
/** Every PIN block the PIN pad sent, to look for in the data directory and the logs. */
const pinBlocks: string[] = [];

async function serialPair(baudRate: number): Promise<[SerialTransport, SerialTransport, PtyPair]> {
  const pair = await openPtyPair();
  return [
    new SerialTransport({ path: pair.host, baudRate }),
    new SerialTransport({ path: pair.device, baudRate }),
    pair,
  ];
}

beforeAll(async () => {
  service = await startServiceProcess(undefined, ['--log-level', 'trace']);
  pay = laneClient(service, 'v2');
  const pairs: PtyPair[] = [];
  const [mHost, mDevice] = MemoryTransport.pair('hid:host', 'hid:reader');
  const [iHost, iDevice, iPair] = await serialPair(9600);
  const [oHost, oDevice, oPair] = await serialPair(9600);
  const [eHost, eDevice, ePair] = await serialPair(115200);
  const [pHost, pDevice, pPair] = await serialPair(9600);
  pairs.push(iPair, oPair, ePair, pPair);
  lane = {
    magtek: { driver: new MagtekReaderDriver(mHost), sim: new MagtekReaderSimulator(mDevice) },
    idtech: { driver: new IdtechReaderDriver(iHost), sim: new IdtechReaderSimulator(iDevice) },
    original: {
      driver: new IdtechReaderDriver(oHost),
      sim: new IdtechReaderSimulator(oDevice, { format: 'original' }),
    },
    emv: { driver: new NgaReaderDriver(eHost), sim: new NgaReaderSimulator(eDevice) },
    pad: {
      driver: new PinPadDriver(pHost),
      sim: new PinPadSimulator(pDevice, { cards, typingMs: 20 }),
    },
    pairs,
  };
  for (const device of [lane.magtek, lane.idtech, lane.original, lane.emv, lane.pad]) {
    await device.sim.start();
    await device.driver.open();
  }
}, 60_000);

afterAll(async () => {
  for (const device of [lane.magtek, lane.idtech, lane.original, lane.emv, lane.pad]) {
    await device.driver.close().catch(() => undefined);
    await device.sim.stop().catch(() => undefined);
  }
  for (const pair of lane.pairs) await pair.unplug();
  await pay.close();
  await stopServiceProcess(service);
});

/** A swipe on a reader, as its driver returns it. */
async function swipe(
  device: { driver: CardReader; sim: { swipe(card: TestCard): Promise<void> } },
  which: TestCard,
): Promise<CardRead> {
  const read = device.driver.readCard({ deadlineMs: 10_000 });
  await device.sim.swipe(which);
  return read;
}

/** A card presented to the EMV reader for an amount, as its driver returns it. */
async function present(which: TestCard, how: Presentation, amountMinor: number): Promise<CardRead> {
  const read = lane.emv.driver.readCard({ amountMinor, deadlineMs: 10_000 });
  lane.emv.sim.present(which, how);
  return read;
}

/** The cardholder holding `inHand` types its PIN on the pad, asked without a PAN. */
async function pinWithoutPan(inHand: TestCard, amountMinor: number): Promise<PinEntry> {
  lane.pad.sim.cardInHand = inHand;
  const entry = await lane.pad.driver.requestPin({ amountMinor }, { deadlineMs: 10_000 });
  pinBlocks.push(entry.pin);
  return entry;
}

/** Sends a read (and a PIN) as they came off the devices; returns the result. */
function send(read: CardRead, amount: string, entry?: PinEntry): Promise<PaymentResult> {
  return pay.sale({ ...toRequestFields(read), ...entry, amount });
}

function answered(result: PaymentResult): Record<string, string | undefined> {
  if (result.outcome === 'unknown') throw new Error(`no answer: ${result.reason}`);
  return result.response.pairs;
}

describe('card-present lane: simulated devices feed a running service unchanged', () => {
  it('MagTek and ID TECH swipes (e_datafield) are approved as swipes', async () => {
    for (const [device, which, masked] of [
      [lane.magtek, card('visa'), 'XXXXXXXXXXXX1111'],
      [lane.idtech, card('amex'), 'XXXXXXXXXXX8431'],
      [lane.original, card('discover'), 'XXXXXXXXXXXX9424'],
    ] as const) {
      const read = await swipe(device, which);
      const result = await send(read, '10.00');
      expect(result.outcome, which.id).toBe('approved');
      expect(answered(result)).toMatchObject({ account: masked, rcpt_entry_mode: 'S' });
    }
  });

  it('an expired card swiped is declined EXPIRED, as docs/test-cards.md says', async () => {
    const result = await send(await swipe(lane.magtek, card('visa-expired')), '3.00');
    expect(result.outcome).toBe('declined_processor');
    expect(answered(result)).toMatchObject({ phard_code: 'EXPIRED', verbiage: 'EXPIRED CARD' });
  });

  it('a debit card swiped, its PIN taken on the pad without PAN: right PIN approved, wrong one declined', async () => {
    const debit = card('visa-debit');
    const read = await swipe(lane.original, debit);
    const good = await send(read, '20.00', await pinWithoutPan(debit, 2000));
    expect(good.outcome).toBe('approved');
    const again = await swipe(lane.idtech, debit);
    const wrong = await send(again, '20.00', await pinWithoutPan(card('visa-stripe'), 2000));
    expect(wrong.outcome).toBe('declined_processor');
    expect(answered(wrong)).toMatchObject({ phard_code: 'BAD_PIN', verbiage: 'INCORRECT PIN' });
  });

  it('chip and tap reads (icc) are approved with the receipt fields the reader saw', async () => {
    const chip = await present(card('visa'), 'contact', 1500);
    if (chip.kind !== 'emv') throw new Error(`expected an EMV read, got ${chip.kind}`);
    const inserted = answered(await send(chip, '15.00'));
    expect(inserted).toMatchObject({
      code: 'AUTH',
      rcpt_entry_mode: 'C',
      rcpt_emv_aid: chip.receipt.aid,
      rcpt_emv_name: chip.receipt.applicationLabel,
      rcpt_emv_tvr: chip.receipt.tvr,
      rcpt_emv_tsi: chip.receipt.tsi,
      rcpt_emv_ac: chip.receipt.cryptogram,
      rcpt_emv_actype: 'ARQC',
      rcpt_emv_cvm: chip.receipt.cvmResults,
      rcpt_emv_iad: chip.receipt.iad,
    });
    expect(inserted.icc).toMatch(/^910A[0-9A-F]{16}30308A023030$/);
    const tap = await present(card('mc'), 'contactless', 700);
    expect(answered(await send(tap, '7.00'))).toMatchObject({
      code: 'AUTH',
      rcpt_entry_mode: 'T',
      rcpt_emv_form_factor: '20700000',
    });
    const declined = await send(await present(card('visa'), 'contact', 601), '6.01');
    expect(declined.outcome).toBe('declined_processor');
  });

  it('the chip completes on the issuer data as the service answered it: TC after an approval, AAC after a decline', async () => {
    const chip = await present(card('visa'), 'contact', 1600);
    const approved = answered(await send(chip, '16.00'));
    const done = await lane.emv.driver.completeTransaction(approved.icc, { deadlineMs: 5000 });
    expect(done.cryptogramType).toBe('TC');
    expect(answered(await pay.transactionDetail(approved.ttid ?? ''))).toMatchObject({
      reversible: 'yes',
      rcpt_emv_actype: 'ARQC',
    });
    const scripted = answered(await send(await present(card('mc'), 'contact', 771), '7.71'));
    const withScript = await lane.emv.driver.completeTransaction(scripted.icc, {
      deadlineMs: 5000,
    });
    expect(withScript).toMatchObject({ cryptogramType: 'TC', scriptResults: '2000000001' });
    const declined = await send(await present(card('visa'), 'contact', 601), '6.01');
    expect(declined.outcome).toBe('declined_processor');
    const refused = await lane.emv.driver.completeTransaction(answered(declined).icc, {
      deadlineMs: 5000,
    });
    expect(refused.cryptogramType).toBe('AAC');
  });

  it('a card that declines after the approval: the reversal carries its final data off the reader', async () => {
    const chip = await present(card('visa'), 'contact', 1700);
    const approved = answered(await send(chip, '17.00'));
    expect(approved.code).toBe('AUTH');
    lane.emv.sim.faults.arm('card-decline');
    const done = await lane.emv.driver.completeTransaction(approved.icc, { deadlineMs: 5000 });
    expect(done.cryptogramType).toBe('AAC');
    const reversal = await pay.reversal(approved.ttid ?? '', { icc: done.icc });
    expect(reversal.outcome).toBe('approved');
    expect(answered(reversal)).toMatchObject({
      rcpt_emv_card_decline: 'yes',
      rcpt_emv_actype: 'AAC',
      rcpt_emv_ac: done.receipt.cryptogram,
      rcpt_emv_tsi: done.receipt.tsi,
    });
    const detail = answered(await pay.transactionDetail(approved.ttid ?? ''));
    expect(detail).toMatchObject({
      reversal_reason: 'CARDDECLINE',
      rcpt_emv_card_decline: 'yes',
      rcpt_emv_actype: 'AAC',
    });
  });

  it('a debit chip with its PIN from the pad, and a fallback swipe on the EMV reader, are approved', async () => {
    const debit = card('mc-debit');
    const chip = await present(debit, 'contact', 4000);
    expect((await send(chip, '40.00', await pinWithoutPan(debit, 4000))).outcome).toBe('approved');
    const fallback = await present(card('amex'), 'fallback-swipe', 900);
    expect(toRequestFields(fallback)).toHaveProperty('e_trackdata');
    expect(answered(await send(fallback, '9.00'))).toMatchObject({
      code: 'AUTH',
      account: 'XXXXXXXXXXX8431',
      rcpt_entry_mode: 'S',
    });
  });

  it('a card keyed on the PIN pad (e_account, e_id) is approved with its security code; an expired one is declined', async () => {
    lane.pad.sim.keyedCard = card('visa');
    const keyed = await lane.pad.driver.requestCard({ securityCode: true }, { deadlineMs: 10_000 });
    expect(toRequestFields(keyed)).toMatchObject({ e_id: keyed.e_id, expdate: '1230' });
    expect(answered(await send(keyed, '11.00'))).toMatchObject({
      code: 'AUTH',
      account: 'XXXXXXXXXXXX1111',
      rcpt_entry_mode: 'M',
      cv: 'GOOD',
    });
    lane.pad.sim.keyedCard = card('visa-expired');
    const expired = await send(
      await lane.pad.driver.requestCard({}, { deadlineMs: 10_000 }),
      '3.00',
    );
    expect(expired.outcome).toBe('declined_processor');
    expect(answered(expired)).toMatchObject({ phard_code: 'EXPIRED', verbiage: 'EXPIRED CARD' });
  });

  it('the card-present conformance scenarios run against this service on every transport', async () => {
    for (const transport of TRANSPORTS) {
      const client = laneClient(service, transport);
      for (const scenario of CARD_PRESENT_SCENARIOS) {
        const seen = await scenario.run(client, transport);
        if (!('outcome' in seen)) throw new Error(`${scenario.name}: refused before sending`);
        expect(seen.outcome, `${scenario.name} × ${transport}`).toBe(scenario.expected);
      }
      await client.close();
    }
  });

  it('leaves no PAN, track, PIN block or CVV in the clear in the data directory or the logs', async () => {
    const cvv = '4917';
    await pay.sale({ account: '5454545454545454', expdate: '1230', cv: cvv, amount: '2.00' });
    await pay.settle();
    const files = readdirSync(service.dataDir)
      .map((name) => join(service.dataDir, name))
      .filter((path) => statSync(path).isFile());
    expect(files.map((path) => path.split('/').at(-1))).toContain('service.db');
    const disk = files
      .map((path) => readFileSync(path))
      .map((bytes) => ({
        text: bytes.toString('latin1'),
        hex: toHex(bytes),
      }));
    const logs = service.output();
    expect(logs.length).toBeGreaterThan(1000);
    const secrets = [
      ...cards.flatMap((c) => [c.pan, c.track1, c.track2, c.track2.slice(1, -1)]),
      ...pinBlocks,
      `cv=${cvv}`,
      `"cv":"${cvv}"`,
    ];
    for (const secret of secrets) {
      for (const { text, hex } of disk) {
        expect(text.includes(secret), 'data directory').toBe(false);
        if (/^[0-9]+$/.test(secret))
          expect(hex.includes(secret), 'data directory, BCD').toBe(false);
      }
      expect(logs.includes(secret), 'logs').toBe(false);
    }
    expect(pinBlocks.length).toBeGreaterThanOrEqual(3);
  });
});
