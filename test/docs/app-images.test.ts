// docs/app.md's screenshots are the ones the end-to-end suite draws: each screen image it shows is
// one of screens.e2e.ts's DOCS_SHOTS at one of the lane display sizes, every such shot is shown at
// both sizes, and the file is there (LANETERM_DOCS_IMAGES=1 npm run test:e2e redraws them).
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LANE_DISPLAYS } from '../e2e/helpers/layout-checks.ts';
import { DOCS_SHOTS } from '../e2e/helpers/screen-checks.ts';

describe('docs/app.md screenshots', () => {
  it('shows every screen the suite draws for it, at both sizes, and no other', () => {
    const shown = [...readFileSync('docs/app.md', 'utf8').matchAll(/\(images\/(screen-[^)]+)\)/g)]
      .map((match) => match[1] ?? '')
      .sort();
    const drawn = [...DOCS_SHOTS]
      .flatMap((shot) =>
        LANE_DISPLAYS.map(({ width, height }) => `screen-${shot}-${width}x${height}.png`),
      )
      .sort();
    expect(shown).toEqual(drawn);
    expect(drawn.filter((file) => !existsSync(`docs/images/${file}`))).toEqual([]);
  });
});
