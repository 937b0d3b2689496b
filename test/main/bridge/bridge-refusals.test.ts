// The framework's refusals under the bridge answered in the bridge's own shape, never repeating
// what was sent (docs/app.md, Web bridge).
import { describe, expect, it } from 'vitest';
import { useBridge } from './bridge-fixture.ts';

describe('web bridge: refusals in one shape', () => {
  const { bridge, lane } = useBridge('laneterm-bridge-refusals-');
  const command = (body: string, contentType = 'application/json') =>
    fetch(new URL('/api/command', bridge().origin), {
      method: 'POST',
      headers: { Authorization: `Bearer ${bridge().token}`, 'Content-Type': contentType },
      body,
    });

  it.each([
    ['a body that is not JSON', '{"type":"lane.snapshot"', 400, 'body: not valid JSON'],
    [
      'a prototype key',
      '{"type":"lane.snapshot","__proto__":{"x":1}}',
      400,
      'body: not valid JSON',
    ],
    [
      'a body past 64 KiB',
      `"${'4'.repeat(70_000)}"`,
      413,
      'body: larger than the bridge reads (64 KiB)',
    ],
  ])('answers %s with a BRIDGE_BODY refusal', async (_name, body, status, message) => {
    const answer = await command(body);
    expect(answer.status).toBe(status);
    expect(await answer.json()).toEqual({ ok: false, error: { code: 'BRIDGE_BODY', message } });
    expect(lane.received).toEqual([]);
  });

  it('answers another content type with a BRIDGE_BODY refusal', async () => {
    const answer = await command('<command/>', 'application/xml');
    expect(answer.status).toBe(415);
    expect(await answer.json()).toMatchObject({ ok: false, error: { code: 'BRIDGE_BODY' } });
  });

  it('answers a missing file without repeating its path', async () => {
    const answer = await fetch(new URL('/4111111111111111.js', bridge().origin));
    expect(answer.status).toBe(404);
    const text = await answer.text();
    expect(JSON.parse(text)).toEqual({
      ok: false,
      error: { code: 'BRIDGE_NOT_FOUND', message: 'path: nothing here' },
    });
    expect(text).not.toContain('4111');
  });
});
