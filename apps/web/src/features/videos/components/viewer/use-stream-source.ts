import { useEffect, useState } from 'react';
import type { RefObject } from 'react';
import type Hls from 'hls.js';

/** How the element is fed: hls.js over Media Source, the browser's own HLS, or the MP4. */
export type StreamMode = 'hls.js' | 'native' | 'mp4';

/** The element carries its hls.js instance, so tests can read its levels and pick one. */
type StreamingVideoElement = HTMLVideoElement & { hls?: Hls };

// Media Source (or Apple's managed variant) is what hls.js needs; checked before its code loads.
const hasMediaSource = () =>
  typeof window !== 'undefined' && ('MediaSource' in window || 'ManagedMediaSource' in window);

// The light build: no alternate audio, subtitles or DRM, which a ladder of ours never has.
let hlsModule: Promise<{ default: typeof Hls }> | undefined;
const loadHls = () => (hlsModule ??= import('hls.js/light'));
// Fetched as soon as the player's code is (the video page), alongside the video's details
// rather than after them: it is on the way to the first frame. Never on the first page load.
if (hasMediaSource()) void loadHls().catch(() => (hlsModule = undefined));

function initialMode(streamUrl: string | null): StreamMode {
  if (!streamUrl) return 'mp4';
  if (hasMediaSource()) return 'hls.js';
  const probe = document.createElement('video');
  return probe.canPlayType('application/vnd.apple.mpegurl') ? 'native' : 'mp4';
}

/**
 * Plays the video's HLS ladder when it has one, else its MP4 (videos prepared before streaming,
 * or a ladder that fails). hls.js is loaded only then, so it never weighs on the first page:
 * it picks the rendition by measured bandwidth (ABR). It is preferred wherever Media Source
 * exists, as its authors advise; the browser's own HLS (an iPhone without Media Source) is the
 * fallback. Returns the `src` to put on the element: undefined while hls.js feeds it.
 */
export function useStreamSource(
  videoRef: RefObject<HTMLVideoElement | null>,
  sources: { streamUrl: string | null; url: string },
): { src: string | undefined; mode: StreamMode } {
  const { streamUrl, url } = sources;
  const [failed, setFailed] = useState<string | null>(null);
  const mode = failed === streamUrl ? 'mp4' : initialMode(streamUrl);

  useEffect(() => {
    const video = videoRef.current as StreamingVideoElement | null;
    if (mode !== 'hls.js' || !streamUrl || !video) return;
    let hls: Hls | null = null;
    let cancelled = false;
    void loadHls()
      .then(({ default: HlsPlayer }) => {
        if (cancelled) return;
        if (!HlsPlayer.isSupported()) {
          setFailed(streamUrl);
          return;
        }
        // Frame step and slow motion seek often: a longer back buffer saves refetching.
        // Not capped to the player's size: a coach zooms in up to 400 %.
        hls = new HlsPlayer({ backBufferLength: 60 });
        hls.on(HlsPlayer.Events.ERROR, (_event, data) => {
          if (!data.fatal) return;
          // A media error is often a decoder hiccup hls.js recovers from; anything else falls
          // back to the MP4, which the element's own retries then look after.
          if (data.type === HlsPlayer.ErrorTypes.MEDIA_ERROR && !data.details.includes('Codec')) {
            hls?.recoverMediaError();
            return;
          }
          // Let go of the element before React gives it the MP4: destroying hls.js later
          // (in the clean-up) would strip the new src off it.
          hls?.destroy();
          hls = null;
          delete video.hls;
          setFailed(streamUrl);
        });
        hls.attachMedia(video);
        hls.loadSource(streamUrl);
        video.hls = hls;
      })
      .catch(() => {
        if (!cancelled) setFailed(streamUrl);
      });
    return () => {
      cancelled = true;
      hls?.destroy();
      delete video.hls;
    };
  }, [mode, streamUrl, videoRef]);

  if (mode === 'hls.js') return { src: undefined, mode };
  if (mode === 'native') return { src: streamUrl!, mode };
  return { src: url, mode };
}
