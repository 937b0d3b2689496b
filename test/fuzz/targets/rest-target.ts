// Fuzz target of the REST transport: mutated JSON, form and query bodies sent over real HTTP/1.1
// keep-alive connections to the service, started in this process on a fresh data directory.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { startServer, type RunningServer } from '../../../server/index.ts';
import { type FuzzTarget, type Verdict, holds } from '../harness/fuzz-target.ts';
import { mutatedFrom, mutatedText } from '../harness/mutations.ts';
import { GOLDEN_REQUESTS, REQUEST_TOKENS, withoutDelayAmounts } from './golden-requests.ts';

/** Requests sent at once, each on its own keep-alive connection. */
const BATCH = 8;

/** Where a body goes: method and path under /api/vN; GET sends its body as the query string. */
const ROUTES = [
  ['POST', 'transaction/purchase'],
  ['POST', 'transaction/preauth'],
  ['POST', 'transaction/42/refund'],
  ['PATCH', 'transaction/42/complete'],
  ['DELETE', 'transaction/7/void'],
  ['GET', 'transaction/order/A-1001/payment'],
  ['GET', 'report/unsettled'],
  ['POST', 'transaction/gift/activate'],
  ['POST', 'batch/settle'],
] as const;

const CONTENT_TYPES = [
  'application/json',
  'application/x-www-form-urlencoded',
  'application/json; charset=utf-8',
  'text/plain',
] as const;

/** The golden requests' parameters without the key/value action and login, which REST carries elsewhere. */
const PARAMS = GOLDEN_REQUESTS.map(
  ({ action: _a, username: _u, password: _p, ...params }) => params,
);

/** Each golden request's route in ROUTES, by its key/value action (ping has none: the settle route). */
const ROUTE_OF_ACTION: Record<string, number> = {
  sale: 0,
  preauth: 1,
  refund: 2,
  void: 4,
  admin: 6,
  activate: 7,
};
const GOLDEN_ROUTES = GOLDEN_REQUESTS.map(({ action = '' }) => ROUTE_OF_ACTION[action] ?? 8);

/** Each golden's parameters as a JSON body (v2 and v1) and as a form (v1 only). */
const JSON_BODIES = PARAMS.map((params) => Buffer.from(JSON.stringify(params)));
const FORM_BODIES = PARAMS.map((params) => Buffer.from(new URLSearchParams(params).toString()));

const KEYS = [...new Set(PARAMS.flatMap((params) => Object.keys(params)))];
const VALUES = [...new Set(PARAMS.flatMap((params) => Object.values(params)))];

/** `arbitrary` one time in `oneIn`, null the other times (fc.option's freq is the reverse). */
function onceIn<T>(oneIn: number, arbitrary: fc.Arbitrary<T>): fc.Arbitrary<T | null> {
  return fc.oneof({ weight: oneIn - 1, arbitrary: fc.constant(null) }, { weight: 1, arbitrary });
}

/** One change to a golden request's parameters: a key set to a mutated value, or removed (1 in 10). */
const paramEdit = fc.record({
  key: fc.oneof({ weight: 6, arbitrary: fc.constantFrom(...KEYS) }, fc.string({ maxLength: 12 })),
  value: fc.option(mutatedText(VALUES), { freq: 10 }),
});

/**
 * A golden request with none to four of its parameters changed, one time in six a parameter made
 * any JSON value, as JSON or as a form (values that are not strings written as JSON).
 */
function structuredBody(form: boolean): fc.Arbitrary<{ golden: number; body: Buffer }> {
  return fc
    .record({
      golden: fc.nat(PARAMS.length - 1),
      edits: fc.array(paramEdit, { maxLength: 4 }),
      raw: onceIn(6, fc.jsonValue({ maxDepth: 2 })),
    })
    .map(({ golden, edits, raw }) => {
      const params: Record<string, unknown> = { ...PARAMS[golden] };
      for (const { key, value } of edits) {
        if (value === null) delete params[key];
        else params[key] = value;
      }
      if (raw !== null) params[KEYS[golden % KEYS.length] ?? 'amount'] = raw;
      const text = form
        ? new URLSearchParams(
            Object.entries(params).map(([k, v]): [string, string] => [
              k,
              typeof v === 'string' ? v : JSON.stringify(v),
            ]),
          ).toString()
        : JSON.stringify(params);
      return { golden, body: Buffer.from(text, 'utf8') };
    });
}

/** One request: route, version, content type, credentials and the mutated body. */
interface RestInput {
  route: number;
  version: 1 | 2;
  contentType: number;
  auth: 'key' | 'wrong-key' | 'basic' | 'none';
  body: Buffer;
}

/**
 * A golden body, mutated as bytes or changed parameter by parameter, sent to its own route (JSON
 * on v2, or a form on v1 with a password), one time in eight to any route, one time in eight in any
 * content type.
 */
function inputWith(auth: fc.Arbitrary<RestInput['auth']>, v1: boolean): fc.Arbitrary<RestInput> {
  return fc
    .record({
      auth,
      anyRoute: onceIn(8, fc.nat(ROUTES.length - 1)),
      anyType: onceIn(8, fc.nat(CONTENT_TYPES.length - 1)),
      made: fc.oneof(
        mutatedFrom(v1 ? FORM_BODIES : JSON_BODIES, { tokens: REQUEST_TOKENS }).map(
          ({ golden, bytes }) => ({ golden, body: bytes }),
        ),
        structuredBody(v1),
      ),
    })
    .map(({ auth: credential, anyRoute, anyType, made }) => ({
      route: anyRoute ?? GOLDEN_ROUTES[made.golden] ?? 0,
      version: v1 ? 1 : 2,
      contentType: anyType ?? (v1 ? 1 : 0),
      auth: credential,
      body: withoutDelayAmounts(made.body),
    }));
}

/**
 * Passwords cost a scrypt hash each (tens of ms), so nearly every input carries the demo API key
 * (a wrong key or none one time in 100 each); v1, which reads only passwords, gets one in 800.
 */
const input: fc.Arbitrary<RestInput> = fc.oneof(
  {
    weight: 800,
    arbitrary: inputWith(
      fc.oneof(
        { weight: 98, arbitrary: fc.constant('key' as const) },
        { weight: 1, arbitrary: fc.constant('wrong-key' as const) },
        { weight: 1, arbitrary: fc.constant('none' as const) },
      ),
      false,
    ),
  },
  { weight: 1, arbitrary: inputWith(fc.constant('basic' as const), true) },
);

/** Seconds an answer may take before the request counts as unanswered (a hang, not a refusal). */
const ANSWER_DEADLINE_MS = 60_000;

interface Answer {
  status: number;
  text: string;
}

/** The REST fuzz target: the service it runs against lives from setup to teardown. */
export function restTarget(): FuzzTarget<RestInput[]> {
  let server: RunningServer | undefined;
  let dir = '';
  const agent = new Agent({ keepAlive: true, maxSockets: BATCH });
  const headersOf = (auth: RestInput['auth'], contentType: string): Record<string, string> => {
    const key = server?.demo;
    const headers: Record<string, string> = { 'content-type': contentType };
    if (auth === 'key' || auth === 'wrong-key') {
      headers['x-api-key-id'] = key?.apiKeyId ?? '';
      headers['x-api-key'] = auth === 'key' ? (key?.apiKeySecret ?? '') : 'wrong';
    }
    if (auth === 'basic') {
      headers.authorization = `Basic ${Buffer.from('test_retail:public:publ1ct3st').toString('base64')}`;
    }
    return headers;
  };
  const send = (one: RestInput): Promise<Answer> => {
    const [method, path] = ROUTES[one.route] ?? ROUTES[0];
    const query =
      method === 'GET'
        ? `?${[...one.body].map((b) => `%${b.toString(16).padStart(2, '0')}`).join('')}`
        : '';
    const port = server?.plainAddress?.port ?? 0;
    return new Promise((resolve, reject) => {
      const req = request(
        {
          host: '127.0.0.1',
          port,
          method,
          path: `/api/v${one.version}/${path}${query}`,
          agent,
          headers: headersOf(one.auth, CONTENT_TYPES[one.contentType] ?? ''),
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () =>
            resolve({
              status: response.statusCode ?? 0,
              text: Buffer.concat(chunks).toString('utf8'),
            }),
          );
          response.on('error', reject);
        },
      );
      req.setTimeout(ANSWER_DEADLINE_MS, () =>
        req.destroy(new Error('no answer from the service')),
      );
      req.on('error', reject);
      req.end(method === 'GET' ? undefined : one.body);
    });
  };
  return {
    name: 'REST bodies (HTTP)',
    arbitrary: fc.array(input, { minLength: BATCH, maxLength: BATCH }),
    batch: BATCH,
    async: true,
    async setup() {
      dir = mkdtempSync(join(existsSync('/dev/shm') ? '/dev/shm' : tmpdir(), 'laneterm-fuzz-'));
      server = await startServer({
        port: 0,
        plainPort: 0,
        host: '127.0.0.1',
        dataDir: dir,
        demo: true,
        logLevel: 'silent',
        limits: { throttle: { maxFailures: 1_000_000_000, windowMs: 1000 } },
      });
    },
    async teardown() {
      agent.destroy();
      await server?.close();
      rmSync(dir, { recursive: true, force: true });
    },
    async run(batch) {
      const answers = await Promise.all(batch.map(send));
      return answers.map((answer): Verdict => {
        holds(answer.status >= 200 && answer.status < 500, `REST answered HTTP ${answer.status}`);
        let json: unknown;
        try {
          json = JSON.parse(answer.text);
        } catch {
          holds(false, `REST answered HTTP ${answer.status} with a body that is not JSON`);
        }
        holds(
          typeof json === 'object' && json !== null && !Array.isArray(json),
          'REST answer is not a JSON object',
        );
        const pairs = json as Record<string, unknown>;
        if (answer.status < 400 && pairs.code !== 'DENY') return 'ok';
        holds(
          typeof pairs.msoft_code === 'string' && typeof pairs.verbiage === 'string',
          `REST refusal without msoft_code and verbiage: HTTP ${answer.status} ${answer.text.slice(0, 160)}`,
        );
        return 'typed';
      });
    },
  };
}
