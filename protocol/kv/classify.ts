/** The three kinds of response body a client tells apart (libmonetra). */
export type ResponseBodyKind = 'kv' | 'csv' | 'bulk';

/** How many leading bytes the C library looks at to classify a body: 32 (libmonetra). */
export const CLASSIFY_SCAN_BYTES = 32;

const EQUALS = 0x3d;
const COMMA = 0x2c;
const CR = 0x0d;
const LF = 0x0a;
const QUOTE = 0x22;
const UNDERSCORE = 0x5f;
const HYPHEN = 0x2d;
const SPACE = 0x20;

function isAlnum(byte: number): boolean {
  return (
    (byte >= 0x30 && byte <= 0x39) ||
    (byte >= 0x41 && byte <= 0x5a) ||
    (byte >= 0x61 && byte <= 0x7a)
  );
}

/**
 * Classifies a response body as libmonetra does (LM_conn_determine_response_type): an empty
 * body or one starting with '=' or ',' is bulk; otherwise bytes 1 to 31 are scanned (the first byte
 * is not examined further): '=' first means key/value, ',' or CR or LF first means CSV, quotes,
 * '_', '-', letters, digits and space are passed over, any other byte or the end of the scan means
 * bulk.
 */
export function classifyResponseBody(body: string | Uint8Array): ResponseBodyKind {
  const bytes =
    typeof body === 'string'
      ? Buffer.from(body.slice(0, CLASSIFY_SCAN_BYTES), 'utf8')
      : body.subarray(0, CLASSIFY_SCAN_BYTES);
  const length = Math.min(bytes.length, CLASSIFY_SCAN_BYTES);
  const first = bytes[0];
  if (first === undefined || first === EQUALS || first === COMMA) return 'bulk';
  for (let i = 1; i < length; i += 1) {
    const byte = bytes[i] as number;
    if (byte === EQUALS) return 'kv';
    if (byte === COMMA || byte === CR || byte === LF) return 'csv';
    const passedOver =
      byte === QUOTE || byte === UNDERSCORE || byte === HYPHEN || byte === SPACE || isAlnum(byte);
    if (!passedOver) return 'bulk';
  }
  return 'bulk';
}
