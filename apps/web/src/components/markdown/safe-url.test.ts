import { defaultUrlTransform } from 'react-markdown';
import { describe, expect, it } from 'vitest';
import { safeUrlTransform } from './safe-url';

describe('safeUrlTransform (spec §5 markdown link rule)', () => {
  it.each([
    'http://example.com/a',
    'https://example.com/a?b=c#d',
    'HTTPS://EXAMPLE.COM',
    'irc://irc.libera.chat/filmroom',
    'ircs://irc.libera.chat/filmroom',
    'mailto:coach@example.com',
    'xmpp:coach@example.com',
  ])('keeps the safe scheme in %s', (url) => {
    expect(safeUrlTransform(url)).toBe(url);
  });

  it.each([
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
    'data:image/png;base64,iVBORw0KGgo=',
    'vbscript:msgbox(1)',
    'file:///etc/passwd',
    'ftp://example.com/file',
    'tel:+15551234',
    'blob:https://example.com/uuid',
  ])('empties %s', (url) => {
    expect(safeUrlTransform(url)).toBe('');
  });

  it.each([
    '/videos/1',
    './notes.md',
    '../up',
    'notes.md',
    '#phase-2',
    '?t=5',
    '',
    // Protocol-relative: no scheme of its own, so it is relative.
    '//example.com/clip.mp4',
    // A colon after the first slash, question mark or number sign is no scheme.
    'a/b:c',
    '?q=a:b',
    '#x:y',
  ])('keeps the relative address %j', (url) => {
    expect(safeUrlTransform(url)).toBe(url);
  });

  it('empties a scheme hidden before the first slash', () => {
    expect(safeUrlTransform('javascript:/x/')).toBe('');
  });

  it("agrees with react-markdown's own rule, which names the same schemes", () => {
    for (const url of [
      'http://a',
      'javascript:alert(1)',
      'data:x',
      '//a',
      '/a',
      'mailto:a@b',
      'a/b:c',
    ]) {
      expect(safeUrlTransform(url)).toBe(defaultUrlTransform(url));
    }
  });
});
