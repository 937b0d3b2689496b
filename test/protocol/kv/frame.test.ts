import { describe, expect, it } from 'vitest';
import {
  KvFrameDecoder,
  PING_BODY,
  PING_REPLY_BODY,
  decodePairs,
  encodeFrame,
  encodePairs,
  isPing,
  isPingRequest,
} from '../../../protocol/kv/index.ts';
import { ProtocolError } from '../../../protocol/errors.ts';
import { bytes } from './helpers/wire.ts';

/** A sale as libmonetra_php M_TransSend writes it: every value quoted, CRLF, timeout appended. */
const PHP_SALE =
  '\x02' +
  '1\x1c' +
  'username="test_ecomm:public"\r\n' +
  'password="publ1ct3st"\r\n' +
  'action="sale"\r\n' +
  'account="4111111111111111"\r\n' +
  'expdate="1225"\r\n' +
  'amount="12.00"\r\n' +
  'comments="say ""hi"""\r\n' +
  'timeout="30"\r\n' +
  '\x03';

/** The same sale as libmonetra_java TransSend writes it: timeout appended unquoted. */
const JAVA_SALE =
  '\x02' +
  '2\x1c' +
  'username="test_ecomm:public"\r\n' +
  'action="sale"\r\n' +
  'amount="12.00"\r\n' +
  'timeout=30\r\n' +
  '\x03';

/** A sale as libmonetra (C) writes it: LF, quoting only where QUOTE_NON_ANS needs it. */
const C_SALE =
  '\x02' +
  '3735928559\x1c' +
  'username="test_retail:public"\n' +
  'password=publ1ct3st\n' +
  'action=sale\n' +
  'account=4111111111111111\n' +
  'amount="12.00"\n' +
  'comments=""\n' +
  'cardholdername="JOHN  DOE "\n' +
  '\x03';

const SALE_PAIRS: [string, string][] = [
  ['username', 'test_ecomm:public'],
  ['password', 'publ1ct3st'],
  ['action', 'sale'],
  ['account', '4111111111111111'],
  ['expdate', '1225'],
  ['amount', '12.00'],
  ['comments', 'say "hi"'],
  ['timeout', '30'],
];

const C_PAIRS: [string, string][] = [
  ['username', 'test_retail:public'],
  ['password', 'publ1ct3st'],
  ['action', 'sale'],
  ['account', '4111111111111111'],
  ['amount', '12.00'],
  ['comments', ''],
  ['cardholdername', 'JOHN  DOE '],
];

function onlyFrame(wire: string): { id: string; body: Buffer } {
  const events = new KvFrameDecoder().push(bytes(wire));
  expect(events).toHaveLength(1);
  const [event] = events;
  if (event?.type !== 'frame') throw new Error('expected a frame');
  return event.frame;
}

describe('encodeFrame', () => {
  it('writes STX, the id, FS, the body and ETX', () => {
    expect(encodeFrame('42', 'a=b\n')).toEqual(bytes('\x0242\x1ca=b\n\x03'));
    expect([...encodeFrame('7', Buffer.from([0x41]))]).toEqual([0x02, 0x37, 0x1c, 0x41, 0x03]);
  });

  it('writes text bodies as UTF-8', () => {
    expect(encodeFrame('1', 'name="Zoë"')).toEqual(
      Buffer.concat([bytes('\x021\x1cname="Zo'), Buffer.from([0xc3, 0xab]), bytes('"\x03')]),
    );
  });

  it('reproduces the PHP, Java and C library frames byte for byte', () => {
    expect(encodeFrame('1', encodePairs(SALE_PAIRS))).toEqual(bytes(PHP_SALE));
    expect(encodeFrame('3735928559', encodePairs(C_PAIRS, 'lf-minimal'))).toEqual(bytes(C_SALE));
  });

  it.each(['', 'x1', '-1', '1.0', ' 1', '123456789012345678901'])('refuses the id %j', (id) => {
    expect(() => encodeFrame(id, 'PING')).toThrowError(
      expect.objectContaining({ kind: 'unencodable', field: 'id', rule: 'frame.id_decimal' }),
    );
  });

  it.each(['\x02', '\x03', '\x1c'])('refuses a body holding byte %j', (control) => {
    const attempt = (): Buffer => encodeFrame('1', `account=4111111111111111${control}`);
    expect(attempt).toThrowError(ProtocolError);
    expect(attempt).toThrowError(expect.objectContaining({ kind: 'unencodable', field: 'body' }));
    expect(attempt).not.toThrowError(/4111/);
  });
});

describe('library frames through the decoder', () => {
  it('reads the PHP frame', () => {
    const frame = onlyFrame(PHP_SALE);
    expect(frame.id).toBe('1');
    expect(decodePairs(frame.body)).toEqual(SALE_PAIRS);
  });

  it('reads the Java frame with its unquoted timeout', () => {
    const frame = onlyFrame(JAVA_SALE);
    expect(frame.id).toBe('2');
    expect(decodePairs(frame.body)).toEqual([
      ['username', 'test_ecomm:public'],
      ['action', 'sale'],
      ['amount', '12.00'],
      ['timeout', '30'],
    ]);
  });

  it('reads the C frame, keeping the empty value and the quoted spaces', () => {
    const frame = onlyFrame(C_SALE);
    expect(frame.id).toBe('3735928559');
    expect(decodePairs(frame.body)).toEqual(C_PAIRS);
  });

  it('reads a ping as every library writes it', () => {
    const frame = onlyFrame('\x025\x1cPING\x03');
    expect(frame.id).toBe('5');
    expect(isPing(frame.body)).toBe(true);
  });
});

describe('ping', () => {
  it('is the literal body PING', () => {
    expect(PING_BODY).toBe('PING');
    expect(isPing('PING')).toBe(true);
    expect(isPing(Buffer.from('PING\r\n'))).toBe(true);
    expect(isPing('ping')).toBe(false);
    expect(isPing('PINGS')).toBe(false);
    expect(isPing('action=ping')).toBe(false);
    expect(isPing('')).toBe(false);
  });

  it('is also action or action_trans ping among other pairs, in any case', () => {
    expect(isPingRequest({ action: 'ping', username: 'u' })).toBe(true);
    expect(isPingRequest({ action_trans: 'PING' })).toBe(true);
    expect(isPingRequest({ action: 'sale' })).toBe(false);
    expect(isPingRequest({})).toBe(false);
  });

  it('is answered with a non-empty key/value body that reads as success', () => {
    expect(PING_REPLY_BODY).toBe('code="SUCCESS"\r\nverbiage="PONG"\r\n');
    expect(encodeFrame('5', PING_REPLY_BODY)).toEqual(
      bytes('\x025\x1ccode="SUCCESS"\r\nverbiage="PONG"\r\n\x03'),
    );
  });
});
