import { describe, expect, it } from 'vitest';
import { captionSvg, drawingSvg, guidesSvg, nameLabelSvg } from './overlay-svg';

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
