/** Start of text: opens a frame (ASCII STX; Verifone 1000SE family and compatibles). */
export const STX = 0x02;
/** End of text: closes a frame; the LRC byte follows. */
export const ETX = 0x03;
/** End of transmission: the sender gives up after three tries. */
export const EOT = 0x04;
/** Acknowledge: the frame's LRC was good. */
export const ACK = 0x06;
/** Negative acknowledge: the frame's LRC was bad; send it again. */
export const NAK = 0x15;
/** Field separator inside a message (ASCII FS). */
export const FS = 0x1c;
/** "Clear display" marker before display text (ASCII SUB). */
export const SUB = 0x1a;

/** XOR of `bytes`: the link's check value (computed over the bytes after STX through ETX). */
export function lrc(bytes: Uint8Array): number {
  let value = 0;
  for (const byte of bytes) value ^= byte;
  return value;
}

/** `<STX> payload <ETX> <LRC>`, the LRC over payload and ETX (Verifone PINpad 1000SE link). */
export function encodeStxFrame(payload: Buffer): Buffer {
  const body = Buffer.concat([payload, Buffer.of(ETX)]);
  return Buffer.concat([Buffer.of(STX), body, Buffer.of(lrc(body))]);
}

/** What the link parser cuts from the byte stream. */
export type StxEvent =
  | { kind: 'control'; byte: typeof ACK | typeof NAK | typeof EOT }
  | { kind: 'frame'; payload: Buffer; lrcOk: boolean };

/** Longest payload accepted before the parser drops the frame as line noise; 1024 bytes. */
export const MAX_STX_PAYLOAD = 1024;

/**
 * Cuts STX/ETX/LRC frames and ACK/NAK/EOT control bytes from a byte stream. Bytes outside a
 * frame that are not control bytes are noise and skipped; an STX inside a frame restarts it, and
 * an EOT inside one ends it unfinished (the sender gave up; messages are printable text).
 */
export class StxFrameParser {
  #payload: number[] | undefined;
  #awaitingLrc = false;
  /** Bytes skipped as noise so far. */
  skipped = 0;

  /** Feeds bytes; returns the events they complete, in order. */
  push(chunk: Buffer): StxEvent[] {
    const events: StxEvent[] = [];
    for (const byte of chunk) {
      const payload = this.#payload;
      if (payload === undefined) {
        if (byte === STX) this.#payload = [];
        else if (byte === ACK || byte === NAK || byte === EOT)
          events.push({ kind: 'control', byte });
        else this.skipped += 1;
      } else if (this.#awaitingLrc) {
        const body = Buffer.from([...payload, ETX]);
        events.push({ kind: 'frame', payload: Buffer.from(payload), lrcOk: lrc(body) === byte });
        this.#payload = undefined;
        this.#awaitingLrc = false;
      } else if (byte === ETX) {
        this.#awaitingLrc = true;
      } else if (byte === STX) {
        this.skipped += payload.length + 1;
        this.#payload = [];
      } else if (byte === EOT) {
        this.skipped += payload.length + 1;
        this.#payload = undefined;
        events.push({ kind: 'control', byte });
      } else if (payload.length >= MAX_STX_PAYLOAD) {
        this.skipped += payload.length + 1;
        this.#payload = undefined;
      } else {
        payload.push(byte);
      }
    }
    return events;
  }

  /** Forgets a partial frame (after a disconnect). */
  reset(): void {
    this.#payload = undefined;
    this.#awaitingLrc = false;
  }
}
