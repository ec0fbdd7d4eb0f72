import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Markdown } from '@/components/markdown/markdown';
import {
  momentHref,
  remarkVideoMoments,
  secondsFromMomentHref,
  splitVideoMoments,
} from './video-moments';

describe('splitVideoMoments', () => {
  it('finds m:ss moments, as the coach writes them', () => {
    expect(splitVideoMoments('Rep 1: 0:01-0:03, bottom at 0:02 (knee angle 107°).')).toEqual([
      'Rep 1: ',
      { label: '0:01', seconds: 1 },
      '-',
      { label: '0:03', seconds: 3 },
      ', bottom at ',
      { label: '0:02', seconds: 2 },
      ' (knee angle 107°).',
    ]);
  });

  it('reads minutes past the first, h:mm:ss and a tenth of a second', () => {
    expect(splitVideoMoments('1:12')).toEqual([{ label: '1:12', seconds: 72 }]);
    expect(splitVideoMoments('at 75:03?')).toEqual(['at ', { label: '75:03', seconds: 4503 }, '?']);
    expect(splitVideoMoments('1:02:09')).toEqual([{ label: '1:02:09', seconds: 3729 }]);
    expect(splitVideoMoments('0:05.5.')).toEqual([{ label: '0:05.5', seconds: 5.5 }, '.']);
  });

  it('reads a moment followed by a colon as punctuation', () => {
    expect(splitVideoMoments('Rep 1, 0:00-0:03: bottom at 0:02')).toEqual([
      'Rep 1, ',
      { label: '0:00', seconds: 0 },
      '-',
      { label: '0:03', seconds: 3 },
      ': bottom at ',
      { label: '0:02', seconds: 2 },
    ]);
  });

  it('leaves what is not a moment alone', () => {
    for (const text of [
      'a 3:1 ratio',
      'at 10:30am',
      'v1:30',
      '0:75',
      '12:30:45:10',
      'x:05',
      'no moments here',
      '',
    ]) {
      expect(
        splitVideoMoments(text).filter((piece) => typeof piece !== 'string'),
        text,
      ).toEqual([]);
      expect(splitVideoMoments(text).join(''), text).toBe(text);
    }
  });
});

describe('moment links', () => {
  it('go to #t=<seconds> and back', () => {
    expect(momentHref(5)).toBe('#t=5');
    expect(secondsFromMomentHref(momentHref(5.5))).toBe(5.5);
    expect(secondsFromMomentHref('#t=12')).toBe(12);
    expect(secondsFromMomentHref('#t=')).toBeNull();
    expect(secondsFromMomentHref('#t=-1')).toBeNull();
    expect(secondsFromMomentHref('#top')).toBeNull();
    expect(secondsFromMomentHref('https://example.com/#t=5')).toBeNull();
    expect(secondsFromMomentHref(undefined)).toBeNull();
  });
});

describe('remarkVideoMoments in the shared markdown renderer', () => {
  const render = (markdown: string) =>
    renderToStaticMarkup(
      createElement(Markdown, { remarkPlugins: [remarkVideoMoments], children: markdown }),
    );

  it('links each moment in the text, lists, bold and tables', () => {
    const html = render(
      [
        '**3 reps** measured:',
        '- Rep 1: 0:01-0:03, bottom at **0:02**',
        '',
        '| Rep | Bottom |',
        '| --- | --- |',
        '| 1 | 0:02 |',
      ].join('\n'),
    );
    expect(html.match(/href="#t=\d+"/g)).toEqual([
      'href="#t=1"',
      'href="#t=3"',
      'href="#t=2"',
      'href="#t=2"',
    ]);
    expect(html).toContain('>0:01</a>-<a');
  });

  it('leaves code and existing links as written', () => {
    const html = render('See `0:05` and [the clip at 0:07](https://example.com/clip).');
    expect(html).not.toContain('#t=');
    expect(html).toContain('<code');
    expect(html).toContain('href="https://example.com/clip"');
  });
});
