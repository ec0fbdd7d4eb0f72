import { describe, expect, it } from 'vitest';
import { captionSvg, drawingSvg, guidesSvg, nameLabelSvg, stackedCaptions } from './overlay-svg';

const SIZE = { width: 1280, height: 720 };

describe('overlay SVG', () => {
  it('escapes text so a note cannot break out of the picture', () => {
    const svg = captionSvg('<script>&"\'</script>', SIZE) + nameLabelSvg('A & B <c>', SIZE);
    expect(svg).not.toContain('<script>');
    expect(svg).toContain('&lt;script&gt;&amp;&quot;&apos;&lt;/script&gt;');
    expect(svg).toContain('A &amp; B &lt;c&gt;');
  });

  it('wraps a long caption to at most three lines, ending the last with an ellipsis', () => {
    const svg = captionSvg('word '.repeat(200), SIZE);
    expect(svg.match(/<text /g)).toHaveLength(3);
    expect(svg).toContain('…');
  });

  it('stacks the captions of notes at the same moment instead of drawing them over each other', () => {
    // Issue 29: four notes between 4.2 and 4.8 s, each shown for three seconds, then a later one.
    const stills = stackedCaptions(
      [
        { from: 4.8, to: 7.8, text: 'Four' },
        { from: 4.2, to: 7.2, text: 'One' },
        {
          from: 4.5,
          to: 7.5,
          text: 'Two, a longer note that wraps onto a second line of the caption',
        },
        { from: 4.6, to: 7.6, text: 'Three' },
        { from: 9, to: 12, text: 'Later' },
      ],
      SIZE,
    );
    expect(stills.map((still) => still.from)).toEqual([4.2, 4.5, 4.6, 4.8, 9]);
    // Each caption's band, from its <rect>: none of the four at 4.2-4.8 s meet another.
    const bands = stills.map((still) => {
      const rect = /<rect x="[\d.]+" y="([\d.]+)" width="[\d.]+" height="([\d.]+)"/.exec(
        still.svg,
      )!;
      return { top: Number(rect[1]), bottom: Number(rect[1]) + Number(rect[2]) };
    });
    const together = bands.slice(0, 4);
    for (const [i, a] of together.entries()) {
      for (const b of together.slice(i + 1)) {
        expect(a.bottom <= b.top || b.bottom <= a.top, JSON.stringify({ a, b })).toBe(true);
      }
      expect(a.top).toBeGreaterThan(0);
    }
    // Alone again, a caption goes back to the bottom, where the first one was.
    expect(bands[4]).toEqual(bands[0]);
  });

  it("draws an angle's degrees in the picture's own pixels", () => {
    // Arms 10% along and 10% down a 16:9 frame are not at 90° on the picture, but at a right
    // angle measured in pixels when the vertical arm is 16/9 times as many percent.
    const square = drawingSvg(
      {
        shapes: [
          {
            kind: 'angle',
            colour: '#ffd60a',
            width: 'thin',
            points: [
              { x: 60, y: 50 },
              { x: 50, y: 50 },
              { x: 50, y: 50 - (10 * 16) / 9 },
            ],
          },
        ],
      },
      SIZE,
    );
    expect(square).toContain('>90°<');
  });

  it('skips a guide line that has no end, as the player does', () => {
    expect(guidesSvg([{ type: 'line', x: 0.1, y: 0.1 }], SIZE)).toBe('');
    expect(guidesSvg([{ type: 'highlight', x: 0.5, y: 0.5 }], SIZE)).toContain('<circle');
  });
});
