// Fuzz targets of the device protocols in drivers/: the MagTek HID report, the ID TECH frame and
// card data, the NGA frame parser, the PIN pad's STX link and messages, the ESC/POS interpreter,
// and the EMV reader's TLV answers.
import fc from 'fast-check';
import {
  CryptoError,
  IDTECH_ENHANCED,
  isIdtechEnhanced,
  ReaderDataError,
  encodeIdtechData,
  encodeMagtekReport,
  frameIdtech,
  magtekReportBody,
  parseIdtechData,
  parseMagtekReport,
  trackLrc,
  unframeIdtech,
  type IdtechSwipe,
} from '../../../drivers/crypto/index.ts';
import { DeviceError } from '../../../drivers/device-error.ts';
import { emvCompletionFromTlv } from '../../../drivers/emv/emv-completion.ts';
import { emvReadFromTlv } from '../../../drivers/emv/emv-result.ts';
import {
  NgaFrameParser,
  encodeNgaFrame,
  type NgaDirection,
  type NgaReceived,
} from '../../../drivers/emv/nga-frame.ts';
import {
  encodeKeyedCardRequest,
  encodeKeyedCardResponse,
  parseKeyedCardRequest,
  parseKeyedCardResponse,
} from '../../../drivers/pinpad/keyed-card-messages.ts';
import {
  encodePinPadStatus,
  encodePinRequest,
  encodePinResponse,
  parsePinPadStatus,
  parsePinRequest,
  parsePinResponse,
} from '../../../drivers/pinpad/pinpad-messages.ts';
import {
  MAX_STX_PAYLOAD,
  StxFrameParser,
  encodeStxFrame,
  type StxEvent,
} from '../../../drivers/pinpad/stx-frame.ts';
import { EscPosEncoder } from '../../../drivers/printer/escpos-encoder.ts';
import { EscPosInterpreter, type PrintOp } from '../../../drivers/printer/escpos-interpreter.ts';
import { statusRequest } from '../../../drivers/printer/escpos-status.ts';
import { loadCardCatalogue } from '../../../drivers/sim/card-catalogue.ts';
import {
  IDTECH_FACTORY_MASKING,
  MAGTEK_FACTORY_MASKING,
  maskTrack,
} from '../../../drivers/sim/track-masking.ts';
import {
  type FuzzTarget,
  type Verdict,
  holds,
  sameData,
  typedOnly,
} from '../harness/fuzz-target.ts';
import { chunkCuts, chunked, mutated } from '../harness/mutations.ts';
import { TLV_GOLDENS } from './crypto-targets.ts';

const CARDS = loadCardCatalogue().slice(0, 4);
const KSN = Buffer.from('FFFF9876543210E00001', 'hex');
const blocks = (length: number): Buffer => Buffer.alloc(Math.ceil(length / 8) * 8, 0xa5);

const MAGTEK_REPORTS = CARDS.map((card) =>
  encodeMagtekReport({
    decoded: [true, true, false],
    encryptedTracks: [blocks(card.track1.length), blocks(card.track2.length), Buffer.alloc(0)],
    maskedTracks: [
      maskTrack(card.track1, MAGTEK_FACTORY_MASKING),
      maskTrack(card.track2, MAGTEK_FACTORY_MASKING),
      '',
    ],
    deviceSerial: 'B0SIM001',
    encryptionStatus: 3,
    ksn: KSN,
    cardEncodeType: 0,
  }),
);

/**
 * MagTek MagneSafe input reports (with and without the report ID byte); parsed, one encodes back.
 * The serial field is NUL-terminated (at most 15 characters, MagneSafe V5 manual); the parser also
 * reads a 16th when the terminator is missing, which the encoder never writes, so the round trip
 * compares the first 15.
 */
export const magtekReportTarget: FuzzTarget<Buffer> = {
  name: 'MagTek report parser',
  arbitrary: mutated(
    [...MAGTEK_REPORTS, Buffer.concat([Buffer.of(0), MAGTEK_REPORTS[0] ?? Buffer.alloc(0)])],
    {
      tokens: [Buffer.of(0x70), Buffer.of(0x71), Buffer.of(0xff), Buffer.alloc(16)],
    },
  ),
  run(report) {
    return typedOnly(
      [ReaderDataError],
      () => parseMagtekReport(magtekReportBody(report)),
      (swipe) => {
        const terminated = { ...swipe, deviceSerial: swipe.deviceSerial.slice(0, 15) };
        holds(
          sameData(parseMagtekReport(encodeMagtekReport(swipe)), terminated),
          'MagTek report does not survive encode then parse',
        );
      },
    );
  },
};

function idtechSwipe(track1: string, track2: string, enhanced: boolean): IdtechSwipe {
  return {
    cardType: enhanced ? IDTECH_ENHANCED : 0,
    trackStatus: 0x03,
    lengths: [track1.length, track2.length, 0],
    maskedTracks: [
      maskTrack(track1, IDTECH_FACTORY_MASKING),
      maskTrack(track2, IDTECH_FACTORY_MASKING),
      '',
    ],
    encryptedTracks: enhanced
      ? [blocks(track1.length), blocks(track2.length), Buffer.alloc(0)]
      : [blocks(track1.length + track2.length), Buffer.alloc(0), Buffer.alloc(0)],
    hashes: [Buffer.alloc(20, 1), Buffer.alloc(20, 2), Buffer.alloc(0)],
    serial: enhanced ? Buffer.from('IDSIM00001') : Buffer.alloc(0),
    ksn: KSN,
    field8: enhanced ? 0x83 : 0,
    field9: enhanced ? 0x9b : 0,
  };
}

const IDTECH_FRAMES = CARDS.flatMap((card) => {
  const t1 = card.track1 + trackLrc(1, card.track1);
  const t2 = card.track2 + trackLrc(2, card.track2);
  return [
    frameIdtech(encodeIdtechData(idtechSwipe(t1, t2, true))),
    frameIdtech(encodeIdtechData(idtechSwipe(t1, t2, false))),
  ];
});

/** ID TECH frames and their card data; a frame and a swipe without a session id encode back. */
export const idtechFrameTarget: FuzzTarget<Buffer> = {
  name: 'ID TECH frame parser',
  arbitrary: mutated(IDTECH_FRAMES, {
    tokens: [Buffer.of(0x02), Buffer.of(0x03), Buffer.of(0x80), Buffer.of(0xff, 0xff)],
  }),
  run(frame) {
    return typedOnly(
      [ReaderDataError],
      () => unframeIdtech(frame),
      (data) => {
        holds(frameIdtech(data).equals(frame), 'ID TECH frame does not survive unframe then frame');
        typedOnly(
          [ReaderDataError],
          () => parseIdtechData(data),
          (swipe) => {
            const session = isIdtechEnhanced(swipe.cardType) && (swipe.field9 & 0x40) !== 0;
            if (session) return;
            holds(
              sameData(parseIdtechData(encodeIdtechData(swipe)), swipe),
              'ID TECH swipe does not survive encode then parse',
            );
          },
        );
      },
    );
  },
};

/** Frames of both directions, for the NGA parser: ping, activate with an amount, an answer with TLV. */
const NGA_STREAMS: Record<NgaDirection, Buffer[]> = {
  command: [
    encodeNgaFrame('command', { command: 0x18, code: 0x01, data: Buffer.alloc(0) }),
    encodeNgaFrame('command', {
      command: 0x02,
      code: 0x01,
      data: Buffer.from('1E9C01009F0206000000001250', 'hex'),
    }),
    encodeNgaFrame('command', { command: 0x05, code: 0x01, data: Buffer.alloc(0) }),
  ],
  response: [
    encodeNgaFrame('response', { command: 0x18, code: 0x00, data: Buffer.alloc(0) }),
    encodeNgaFrame('response', {
      command: 0x02,
      code: 0x00,
      data: TLV_GOLDENS[0] ?? Buffer.alloc(0),
    }),
    encodeNgaFrame('response', { command: 0x02, code: 0x0a, data: Buffer.of(0x01) }),
  ],
};

function checkNgaFrame(direction: NgaDirection, frame: NgaReceived): void {
  holds(frame.data.length <= 4096, 'NGA frame longer than 4096 bytes');
  if (!frame.crcOk) return;
  const again = new NgaFrameParser(direction).push(encodeNgaFrame(direction, frame));
  holds(
    again.length === 1 && sameData(again[0], frame),
    'NGA frame does not survive encode then parse',
  );
}

/** The NGA frame parser of one direction on mutated, chunked streams. */
function ngaTarget(direction: NgaDirection): FuzzTarget<{ data: Buffer; cuts: number[] }> {
  const goldens = NGA_STREAMS[direction];
  return {
    name: `NGA ${direction} parser`,
    arbitrary: fc.record({
      data: mutated([...goldens, Buffer.concat(goldens)], {
        tokens: [Buffer.from('ViVOtech2\0'), Buffer.of(0x10, 0x01), Buffer.of(0xff, 0xff)],
      }),
      cuts: chunkCuts,
    }),
    run({ data, cuts }) {
      const parser = new NgaFrameParser(direction);
      let typed = false;
      for (const chunk of chunked(data, cuts)) {
        for (const frame of parser.push(chunk)) {
          checkNgaFrame(direction, frame);
          typed ||= !frame.crcOk;
        }
      }
      return typed ? 'typed' : 'ok';
    },
  };
}

/** NGA frames as the EMV reader sends them (the lane's parser). */
export const ngaResponseTarget = ngaTarget('response');
/** NGA frames as the lane sends them (the reader simulator's parser). */
export const ngaCommandTarget = ngaTarget('command');

const STX_GOLDENS = [
  encodeStxFrame(encodePinRequest({ pan: '4111111111111111', amountMinor: 1250 })),
  encodeStxFrame(encodePinResponse({ ksn: 'FFFF9876543210E00001', pin: '1B9C1845EB993A7A' })),
  encodeStxFrame(encodePinResponse({ error: '3' })),
  encodeStxFrame(encodePinPadStatus({ state: 'idle', keys: 'loaded', serial: 'PPSIM001' })),
  encodeStxFrame(encodeKeyedCardRequest({ securityCode: true })),
  encodeStxFrame(
    encodeKeyedCardResponse({
      e_account: '0123456789ABCDEFFEDCBA9876543210',
      e_id: 'FFFF9876543210E00003',
      expdate: '1230',
      maskedAccount: 'XXXXXXXXXXXX1111',
      cv: '999',
    }),
  ),
  encodeStxFrame(Buffer.from('Z2\x1aINSERT CARD', 'latin1')),
  Buffer.of(0x06, 0x15, 0x04),
];

function checkStxEvent(event: StxEvent): void {
  if (event.kind === 'control') return;
  holds(event.payload.length <= MAX_STX_PAYLOAD, 'STX payload longer than the cap');
  if (!event.lrcOk) return;
  const again = new StxFrameParser().push(encodeStxFrame(event.payload));
  holds(
    again.length === 1 && sameData(again[0], event),
    'STX frame does not survive encode then parse',
  );
}

/** The PIN pad link's frame parser (both ends run it) on mutated, chunked streams. */
export const stxFrameTarget: FuzzTarget<{ data: Buffer; cuts: number[] }> = {
  name: 'PIN pad STX parser',
  arbitrary: fc.record({
    data: mutated([...STX_GOLDENS, Buffer.concat(STX_GOLDENS)], {
      tokens: [Buffer.of(0x02), Buffer.of(0x03), Buffer.of(0x1c)],
    }),
    cuts: chunkCuts,
  }),
  run({ data, cuts }) {
    const parser = new StxFrameParser();
    let typed = false;
    for (const chunk of chunked(data, cuts)) {
      for (const event of parser.push(chunk)) {
        checkStxEvent(event);
        typed ||= event.kind === 'frame' && !event.lrcOk;
      }
    }
    return typed ? 'typed' : 'ok';
  },
};

/** Runs `encode` on a parsed message; a DeviceError there means the parser took what no encoder writes. */
function encodesBack<T>(
  parsed: T,
  encode: (value: T) => Buffer,
  parse: (payload: Buffer) => T,
  what: string,
): void {
  holds(sameData(parse(encode(parsed)), parsed), `${what} does not survive encode then parse`);
}

/**
 * The PIN pad messages: 70 and 74 (the pad reads them), 71, 75 and S1 (the lane reads them). A
 * parsed message encodes and parses back the same.
 */
export const pinPadMessageTarget: FuzzTarget<Buffer> = {
  name: 'PIN pad message parsers',
  arbitrary: mutated(
    STX_GOLDENS.map((frame) => frame.subarray(1, -2)).filter((payload) => payload.length > 0),
    {
      tokens: ['70', '71', '710', '74', '750', 'S1', '\x1c', 'D', 'C', 'F', 'X', '0'].map((t) =>
        Buffer.from(t, 'latin1'),
      ),
    },
  ),
  run(payload) {
    const verdicts: Verdict[] = [
      typedOnly(
        [DeviceError],
        () => parsePinRequest(payload),
        (request) => {
          if (request.amountMinor < 1) return;
          encodesBack(request, encodePinRequest, parsePinRequest, '70 message');
        },
      ),
      typedOnly(
        [DeviceError],
        () => parsePinResponse(payload),
        (entry) => encodesBack(entry, encodePinResponse, parsePinResponse, '71 message'),
      ),
      typedOnly(
        [DeviceError],
        () => parseKeyedCardRequest(payload),
        (request) =>
          encodesBack(request, encodeKeyedCardRequest, parseKeyedCardRequest, '74 message'),
      ),
      typedOnly(
        [DeviceError],
        () => parseKeyedCardResponse(payload),
        (entry) =>
          encodesBack(entry, encodeKeyedCardResponse, parseKeyedCardResponse, '75 message'),
      ),
      typedOnly(
        [DeviceError],
        () => parsePinPadStatus(payload),
        (status) => encodesBack(status, encodePinPadStatus, parsePinPadStatus, 'S1 message'),
      ),
    ];
    return verdicts.every((verdict) => verdict === 'typed') ? 'typed' : 'ok';
  },
};

const RECEIPTS = [
  new EscPosEncoder()
    .align('center')
    .bold(true)
    .size(2, 2)
    .line('LANETERM')
    .size(1, 1)
    .bold(false)
    .align('left')
    .line('SALE          12.50')
    .line('VISA XXXXXXXXXXXX1111')
    .barcode('ORDER-1001')
    .qr('https://example.test/r/1001', 4, 'Q')
    .feed(2)
    .cut()
    .drawerKick()
    .encode(),
  new EscPosEncoder('cp858')
    .underline(1)
    .line('Caf\u00e9 \u20ac3,00')
    .image({ width: 16, height: 2, bits: Uint8Array.of(0xff, 0x00, 0x0f, 0xf0) })
    .cut(0, false)
    .encode(),
  Buffer.concat([statusRequest(1), statusRequest(2), statusRequest(4)]),
];

/** Consecutive text of one style merged, so chunking (which flushes text) does not show. */
function merged(ops: readonly PrintOp[]): PrintOp[] {
  const out: PrintOp[] = [];
  for (const op of ops) {
    const last = out[out.length - 1];
    if (op.kind === 'text' && last?.kind === 'text' && sameData(last.style, op.style)) {
      out[out.length - 1] = { ...last, text: last.text + op.text };
    } else out.push(op);
  }
  return out;
}

/**
 * The printer's ESC/POS interpreter on mutated receipts: never throws, prints the same and answers
 * the same status requests (real-time, so at arrival) in any chunking.
 */
export const escPosTarget: FuzzTarget<{ data: Buffer; cuts: number[] }> = {
  name: 'ESC/POS interpreter',
  arbitrary: fc.record({
    data: mutated(RECEIPTS, {
      tokens: [
        Buffer.of(0x1b),
        Buffer.of(0x1d),
        Buffer.of(0x10, 0x04),
        Buffer.of(0x1d, 0x6b),
        Buffer.of(0x1d, 0x28, 0x6b),
        Buffer.of(0x1d, 0x76, 0x30),
      ],
    }),
    cuts: chunkCuts,
  }),
  run({ data, cuts }) {
    const whole = new EscPosInterpreter().push(data);
    const interpreter = new EscPosInterpreter();
    const pieces = chunked(data, cuts).flatMap((chunk) => interpreter.push(chunk));
    const status = (ops: readonly PrintOp[]): PrintOp[] => ops.filter((op) => op.kind === 'status');
    const printed = (ops: readonly PrintOp[]): PrintOp[] =>
      merged(ops.filter((op) => op.kind !== 'status'));
    holds(sameData(printed(pieces), printed(whole)), 'ESC/POS prints differently when chunked');
    holds(
      sameData(status(pieces), status(whole)),
      'ESC/POS answers status differently when chunked',
    );
    return whole.some((op) => op.kind === 'unknown') ? 'typed' : 'ok';
  },
};

/**
 * The EMV reader's answers (TLV) as the lane reads them: Activate Transaction's, and the final
 * data of the host response (60-12).
 */
export const emvAnswerTarget: FuzzTarget<Buffer> = {
  name: 'EMV answer reader',
  arbitrary: mutated(TLV_GOLDENS, {
    tokens: ['5A', '57', '9F39', '9F2701', '9F5B', 'DFEE12', 'DFEE13', 'DFEE14', 'DFEE23'].map(
      (hex) => Buffer.from(hex, 'hex'),
    ),
  }),
  run(data) {
    const verdicts = [
      typedOnly([DeviceError, CryptoError], () => emvReadFromTlv(data)),
      typedOnly([DeviceError, CryptoError], () => emvCompletionFromTlv(data)),
    ];
    return verdicts.every((verdict) => verdict === 'typed') ? 'typed' : 'ok';
  },
};
