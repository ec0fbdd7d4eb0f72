import { act } from '@testing-library/react';
import { beforeEach, vi } from 'vitest';

/**
 * happy-dom lays nothing out and its ResizeObserver never reports; a browser's reports each
 * observed element once it is laid out, and the tag timeline draws its bars only then. This
 * one reports no width (as a browser does for a hidden tab), so the timeline draws at its
 * stand-in width.
 */
class ReportingResizeObserver {
  constructor(private readonly report: ResizeObserverCallback) {}
  observe(target: Element) {
    setTimeout(() =>
      act(() =>
        this.report(
          [{ target, contentRect: { width: 0 } } as unknown as ResizeObserverEntry],
          this as unknown as ResizeObserver,
        ),
      ),
    );
  }
  unobserve() {}
  disconnect() {}
}

/** For each test of the file: resize observers report, once, as a browser's do. */
export function reportLayoutToResizeObservers() {
  beforeEach(() => {
    vi.stubGlobal('ResizeObserver', ReportingResizeObserver);
    return () => vi.unstubAllGlobals();
  });
}
