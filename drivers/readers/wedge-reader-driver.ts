import { lastFour, maskPan, parseWedgeSwipe, trackExpiryToExpdate } from '../crypto/index.ts';
import { SensitiveText } from '../sensitive-text.ts';
import type { Transport } from '../transport/transport.ts';
import type { PlainSwipeRead } from './card-read.ts';
import { CardReaderBase } from './card-reader-base.ts';

/** Longest swipe kept while waiting for CR: three full tracks and sentinels; 256 characters. */
const MAX_SWIPE = 256;

/**
 * A keyboard-wedge magnetic stripe reader: it types `%B…?;…?` and CR (ISO/IEC 7813) over any
 * transport that delivers those characters (the lane opens the reader in USB-CDC or serial mode
 * as a serial port). Each CR ends a swipe; the tracks go out only as the request's trackdata.
 */
export class WedgeReaderDriver extends CardReaderBase {
  #line = '';

  constructor(transport: Transport) {
    super(transport, 'wedge reader');
  }

  protected onBytes(chunk: Buffer): void {
    for (const char of chunk.toString('latin1')) {
      if (char === '\r' || char === '\n') {
        if (this.#line.length > 0) this.#finish(this.#line);
        this.#line = '';
      } else if (this.#line.length < MAX_SWIPE) {
        this.#line += char;
      }
    }
  }

  protected resetDecoder(): void {
    this.#line = '';
  }

  #finish(text: string): void {
    try {
      const swipe = parseWedgeSwipe(text);
      const read: PlainSwipeRead = {
        kind: 'plain-swipe',
        entryMode: 'swipe',
        maskedAccount: maskPan(swipe.card.pan),
        lastFour: lastFour(swipe.card.pan),
        expdate: trackExpiryToExpdate(swipe.card.expiry),
        serviceCode: swipe.card.serviceCode,
        trackdata: new SensitiveText(
          [swipe.track1, swipe.track2].filter((t) => t !== undefined).join(''),
        ),
      };
      if (swipe.card.name !== undefined && swipe.card.name.length > 0)
        read.cardholderName = swipe.card.name;
      this.deliver(read);
    } catch (error) {
      this.deliver(this.unreadable(error, 'wedge swipe'));
    }
  }
}
