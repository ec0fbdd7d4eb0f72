/** Spec §5: the only schemes a markdown link or image may use; anything else is emptied. */
const SAFE_URL_PROTOCOLS = ['http', 'https', 'irc', 'ircs', 'mailto', 'xmpp'] as const;

const SAFE_PROTOCOL = new RegExp(`^(${SAFE_URL_PROTOCOLS.join('|')})$`, 'i');

/**
 * react-markdown's `urlTransform`: keeps an address whose scheme is one of the safe ones, or
 * which has no scheme (relative: `/x`, `./x`, `#x`, `?x`, `//host/x`); empties the rest
 * (`javascript:`, `data:`, `vbscript:`, ...).
 *
 * A colon only starts a scheme when it comes before any `/`, `?` or `#`: `a/b:c` and `?q=a:b`
 * are relative. Same rule as react-markdown's own `defaultUrlTransform`, written out here so
 * the spec's list is the one in force.
 */
export function safeUrlTransform(url: string): string {
  const colon = url.indexOf(':');
  const questionMark = url.indexOf('?');
  const numberSign = url.indexOf('#');
  const slash = url.indexOf('/');
  const relative =
    colon === -1 ||
    (slash !== -1 && colon > slash) ||
    (questionMark !== -1 && colon > questionMark) ||
    (numberSign !== -1 && colon > numberSign);
  if (relative) return url;
  return SAFE_PROTOCOL.test(url.slice(0, colon)) ? url : '';
}
