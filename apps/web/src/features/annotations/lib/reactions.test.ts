import { REACTIONS } from '@filmroom/contract/values';
import { describe, expect, it } from 'vitest';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { REACTION_ICONS, REACTION_NAMES } from './reactions';

describe('reactions', () => {
  it('each have a name', () => {
    expect(Object.keys(REACTION_NAMES).sort()).toEqual([...REACTIONS].sort());
  });

  it('each have an icon of their own, drawn as SVG (no emoji font needed)', () => {
    const drawn = REACTIONS.map((reaction) =>
      renderToStaticMarkup(createElement(REACTION_ICONS[reaction], { 'aria-hidden': true })),
    );
    for (const svg of drawn) {
      expect(svg).toMatch(/^<svg[^>]*aria-hidden="true"/);
      expect(svg).not.toMatch(/\p{Extended_Pictographic}/u);
    }
    expect(new Set(drawn).size).toBe(REACTIONS.length);
  });
});
