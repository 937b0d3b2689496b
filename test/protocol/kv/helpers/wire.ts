// Small helpers for codec tests: wire text as bytes, and generated text made frame-safe.

const FRAMING = new Set(['\x02', '\x03', '\x1c']);

/** The text as raw bytes, one byte per character (STX, FS and ETX written as escapes). */
export const bytes = (text: string): Buffer => Buffer.from(text, 'latin1');

/** The text without STX, ETX and FS, which no body may carry. */
export const withoutFramingBytes = (text: string): string =>
  [...text].filter((c) => !FRAMING.has(c)).join('');

/** True when the text holds STX, ETX or FS. */
export const hasFramingByte = (text: string): boolean => [...text].some((c) => FRAMING.has(c));
