/**
 * The AI Coach writes moments of the video as m:ss ("0:05", "1:12", "0:01-0:03"); these become
 * controls that seek the video. Long clips may say h:mm:ss.
 */

/** A moment named in a message: its words as written and where it is in the video. */
type VideoMoment = { label: string; seconds: number };

/** Text, or a moment of the video, in the order the message has them. */
export type MessagePiece = string | VideoMoment;

// Not part of a longer number or word ("v10:30", "1:05:07:09") nor of a ratio like "3:1"; a
// colon after it is punctuation ("Around 0:05: ..."). Seconds have two digits, and a tenth may
// follow ("0:05.5").
const MOMENT = /(?<![\w:.])(\d{1,3}):([0-5]\d)(?::([0-5]\d))?(?:\.(\d))?(?!\w|[:.]\d)/g;

function toSeconds(match: RegExpExecArray): number {
  const [, first, second, third, tenth] = match;
  const whole =
    third === undefined
      ? Number(first) * 60 + Number(second)
      : Number(first) * 3600 + Number(second) * 60 + Number(third);
  return tenth === undefined ? whole : whole + Number(tenth) / 10;
}

/** Splits a message into plain text and the moments it names. */
export function splitVideoMoments(text: string): MessagePiece[] {
  const pieces: MessagePiece[] = [];
  let from = 0;
  for (const match of text.matchAll(MOMENT)) {
    if (match.index > from) pieces.push(text.slice(from, match.index));
    pieces.push({ label: match[0], seconds: toSeconds(match) });
    from = match.index + match[0].length;
  }
  if (from < text.length) pieces.push(text.slice(from));
  return pieces;
}

/**
 * A moment travels through the markdown as a link to `#t=<seconds>` (kept by the safe URL rule:
 * a fragment is relative); the chat draws such a link as a seek button.
 */
const MOMENT_HREF_PREFIX = '#t=';

export function momentHref(seconds: number): string {
  return `${MOMENT_HREF_PREFIX}${seconds}`;
}

/** The seconds a `#t=` address points at, or null for any other address. */
export function secondsFromMomentHref(href: string | undefined): number | null {
  if (!href?.startsWith(MOMENT_HREF_PREFIX)) return null;
  const value = href.slice(MOMENT_HREF_PREFIX.length);
  if (!/^\d+(\.\d+)?$/.test(value)) return null;
  return Number(value);
}

/** The little of the markdown tree (mdast) this plugin reads and writes. */
type MarkdownNode = {
  type: string;
  value?: string;
  url?: string;
  children?: MarkdownNode[];
};

// Text already inside a link stays as written: a link inside a link is not allowed.
const KEEP_AS_WRITTEN = new Set(['link', 'linkReference', 'definition']);

function linkMoments(node: MarkdownNode): void {
  if (!node.children || KEEP_AS_WRITTEN.has(node.type)) return;
  node.children = node.children.flatMap((child): MarkdownNode[] => {
    if (child.type !== 'text' || child.value === undefined) {
      linkMoments(child);
      return [child];
    }
    const pieces = splitVideoMoments(child.value);
    if (pieces.length === 1 && typeof pieces[0] === 'string') return [child];
    return pieces.map((piece) =>
      typeof piece === 'string'
        ? { type: 'text', value: piece }
        : {
            type: 'link',
            url: momentHref(piece.seconds),
            children: [{ type: 'text', value: piece.label }],
          },
    );
  });
}

/**
 * A remark plugin: every m:ss in the text (not in code, not already in a link) becomes a link
 * to `#t=<seconds>`.
 */
export function remarkVideoMoments() {
  return (tree: MarkdownNode) => {
    linkMoments(tree);
  };
}
