import { useCallback, useLayoutEffect, useRef, useState } from 'react';

// Within this many pixels of the end counts as "reading the latest".
const AT_BOTTOM_PX = 32;

/**
 * Spec §2: the chat shows the latest message. The list follows what is added (a question, an
 * answer growing word by word) while the person is at its end; once they scroll up to read
 * something earlier it stays put, and `scrollToBottom` brings them back.
 */
export function useStickToBottom() {
  const viewportRef = useRef<HTMLDivElement>(null);
  const contentRef = useRef<HTMLDivElement>(null);
  const stuck = useRef(true);
  const [atBottom, setAtBottom] = useState(true);

  const scrollToBottom = useCallback(() => {
    const viewport = viewportRef.current;
    stuck.current = true;
    setAtBottom(true);
    // Instant: a smooth scroll's own scroll events would read as the person scrolling away.
    if (viewport) viewport.scrollTop = viewport.scrollHeight;
  }, []);

  useLayoutEffect(() => {
    const viewport = viewportRef.current;
    const content = contentRef.current;
    if (!viewport || !content) return;
    const onScroll = () => {
      const distance = viewport.scrollHeight - viewport.scrollTop - viewport.clientHeight;
      stuck.current = distance <= AT_BOTTOM_PX;
      setAtBottom(stuck.current);
    };
    // Content growing (or the viewport shrinking, as a phone keyboard opens) fires no scroll
    // event: follow it here while stuck.
    const follow = new ResizeObserver(() => {
      if (stuck.current) viewport.scrollTop = viewport.scrollHeight;
    });
    follow.observe(content);
    follow.observe(viewport);
    viewport.addEventListener('scroll', onScroll, { passive: true });
    viewport.scrollTop = viewport.scrollHeight;
    return () => {
      follow.disconnect();
      viewport.removeEventListener('scroll', onScroll);
    };
  }, []);

  return { viewportRef, contentRef, atBottom, scrollToBottom };
}
