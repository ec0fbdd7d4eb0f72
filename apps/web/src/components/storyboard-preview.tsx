import { formatTimelineLabel } from '@/lib/format-time';
import type { StoryboardTile } from '@/lib/storyboard';

type StoryboardPreviewProps = {
  tile: StoryboardTile;
  /** The moment previewed, written under the frame. */
  seconds: number;
  /** Where the preview's middle sits, in pixels from its positioned parent's left. */
  left: number;
};

/**
 * A storyboard frame with its time, floating above a track (the seek bar, the tag timeline).
 * Decoration (aria-hidden): the control under it tells its value in words.
 */
export function StoryboardPreview({ tile, seconds, left }: StoryboardPreviewProps) {
  return (
    <div
      aria-hidden
      data-testid="scrub-preview"
      data-sheet={tile.sheet}
      data-region={`${tile.x},${tile.y},${tile.width},${tile.height}`}
      className="pointer-events-none absolute bottom-full mb-2 -translate-x-1/2 overflow-hidden rounded-md bg-black shadow-lg ring-1 ring-white/50"
      style={{ left }}
    >
      <div
        style={{
          width: tile.width,
          height: tile.height,
          backgroundImage: `url("${tile.sheet}")`,
          backgroundPosition: `-${tile.x}px -${tile.y}px`,
        }}
      />
      <div className="py-0.5 text-center text-xs font-semibold text-white tabular-nums">
        {formatTimelineLabel(seconds)}
      </div>
    </div>
  );
}

/** The preview's middle over `atPx`, kept inside a track `trackPx` wide. */
export function previewLeft(tile: StoryboardTile, atPx: number, trackPx: number): number {
  return Math.max(tile.width / 2, Math.min(trackPx - tile.width / 2, atPx));
}
