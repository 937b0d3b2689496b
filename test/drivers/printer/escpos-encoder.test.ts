import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { EscPosEncoder } from '../../../drivers/printer/escpos-encoder.ts';
import { codePage, encodeText } from '../../../drivers/printer/code-pages.ts';

const vectors = JSON.parse(
  readFileSync(new URL('../fixtures/escpos_commands.json', import.meta.url), 'utf8'),
) as {
  worked_examples: Record<string, string | { hex: string }>;
};
const hex = (text: string): string => text.replace(/ /g, '').toLowerCase();
const example = (name: string): string => {
  const value = vectors.worked_examples[name]!;
  return hex(typeof value === 'string' ? value : value.hex);
};
const bare = (): EscPosEncoder => new EscPosEncoder('cp437', false);

describe('EscPosEncoder golden bytes (escpos_commands.json)', () => {
  it('encodes a QR code: model 2, size 6, level M', () => {
    expect(bare().qr('https://example.com', 6, 'M').encode().toString('hex')).toBe(
      example('qr_https_example_com_model2_size6_ecM'),
    );
  });

  it('encodes CODE128 with height 80, width 2 and HRI below', () => {
    expect(bare().barcode('ABC-123', 'code128', 80, 2).encode().toString('hex')).toBe(
      example('code128_ABC-123_height80_width2_hri_below'),
    );
  });

  it('encodes the mini receipt', () => {
    const bytes = new EscPosEncoder('cp437', false)
      .text('\x1b@')
      .align('center')
      .size(2, 2)
      .line('SHOP')
      .size(1, 1)
      .align('left')
      .bold(true)
      .line('TOTAL     12.34')
      .bold(false)
      .feed(4)
      .cut(0)
      .encode();
    expect(bytes.toString('hex')).toBe(example('mini_receipt'));
  });

  it('encodes the drawer kick on pin 2, 50 ms on, 500 ms off', () => {
    expect(bare().drawerKick(2, 50, 500).encode().toString('hex')).toBe(
      example('drawer_kick_pin2_50ms_500ms'),
    );
  });

  it('starts a job with ESC @ and the code page (ESC t)', () => {
    expect(new EscPosEncoder('cp858').encode().toString('hex')).toBe('1b401b7413');
  });

  it('encodes a raster image with GS v 0 and its size', () => {
    const bytes = bare()
      .image({ width: 16, height: 2, bits: Uint8Array.of(0xff, 0x00, 0x0f, 0xf0) })
      .encode();
    expect(bytes.toString('hex')).toBe('1d76300002000200ff000ff0');
  });

  it('refuses out-of-range arguments with a BAD_INPUT naming the field', () => {
    expect(() => bare().size(9, 1)).toThrow(
      expect.objectContaining({ code: 'BAD_INPUT', field: 'width' }),
    );
    expect(() => bare().image({ width: 8, height: 2, bits: Uint8Array.of(1) })).toThrow(
      expect.objectContaining({ field: 'image.bits' }),
    );
    expect(() => codePage('cp999')).toThrow(expect.objectContaining({ field: 'codePage' }));
  });
});

describe('code pages', () => {
  it('encodes the euro sign and accents per code page, unknown characters as "?"', () => {
    expect(encodeText('€ Grüße', codePage('cp858')).toString('hex')).toBe('d520477281e165');
    expect(encodeText('€', codePage('wpc1252')).toString('hex')).toBe('80');
    expect(encodeText('€', codePage('cp437')).toString()).toBe('?');
    expect(encodeText('Съешь', codePage('cp866')).toString('hex')).toBe('91eaa5e8ec');
  });
});
