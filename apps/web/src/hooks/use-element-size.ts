import { useEffect, useState } from 'react';
import type { RefObject } from 'react';

export type ElementSize = { width: number; height: number };

/**
 * An element's content size, kept current as the layout changes (rotation, sidebar).
 * Read only when the resize observer reports, which it does once the page is laid out (the
 * first time too, before that frame is painted): reading clientWidth as the element mounts
 * forced a layout of the whole page in the middle of React's commit (hundreds of ms when a
 * game's tagged events arrived).
 */
export function useElementSize(ref: RefObject<HTMLElement | null>): ElementSize {
  const [size, setSize] = useState<ElementSize>({ width: 0, height: 0 });
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const observer = new ResizeObserver(() =>
      setSize((previous) =>
        previous.width === element.clientWidth && previous.height === element.clientHeight
          ? previous
          : { width: element.clientWidth, height: element.clientHeight },
      ),
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return size;
}
