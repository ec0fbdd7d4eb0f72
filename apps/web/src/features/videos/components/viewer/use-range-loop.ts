import { useEffect, useState } from 'react';
import type { RefObject } from 'react';
import { FRAME_STEP_S } from '../../lib/playback-shortcuts';
import {
  leavesRange,
  loopTarget,
  markedRange,
  markIn,
  markOut,
  NO_MARKS,
} from '../../lib/time-range';
import type { RangeMarks, TimeRange } from '../../lib/time-range';

type FrameCallbackVideo = HTMLVideoElement & {
  requestVideoFrameCallback?: (
    callback: (now: number, metadata: { mediaTime: number }) => void,
  ) => number;
  cancelVideoFrameCallback?: (handle: number) => void;
};

/**
 * Issue 16 item 4: the in and out points marked on the player (I, O, a drag on the timeline) and
 * the A-B loop, which plays one range over and over (the marked one, or a range note's) until
 * it is turned off. Nothing here is saved: a note takes the marked range when one is added.
 */
export function useRangeLoop(videoRef: RefObject<HTMLVideoElement | null>) {
  const [marks, setMarks] = useState<RangeMarks>(NO_MARKS);
  const [looping, setLooping] = useState<TimeRange | null>(null);
  const range = markedRange(marks);

  useEffect(() => {
    const video = videoRef.current as FrameCallbackVideo | null;
    if (!video || !looping) return;
    // Set while the loop's own seek is in flight, so only someone else's seek ends the loop.
    let wrapping = false;
    let left = false;
    const wrap = (time: number, lead: number) => {
      const target = loopTarget(time, looping, lead);
      if (target === null || video.seeking || left) return;
      wrapping = true;
      video.currentTime = target;
    };
    const onSeeking = () => {
      if (wrapping) {
        wrapping = false;
        return;
      }
      if (!leavesRange(video.currentTime, looping)) return;
      left = true;
      // Only this loop: another may have started since (a note's Loop while one plays).
      setLooping((current) => (current === looping ? null : current));
    };
    video.addEventListener('seeking', onSeeking);
    // timeupdate comes every ~250 ms, which would show up to a quarter second past the out
    // point; a frame callback checks every frame and wraps a frame early. timeupdate stays as
    // the fallback (browsers without it, a hidden tab, a seek while paused).
    const onTimeUpdate = () => wrap(video.currentTime, 0);
    video.addEventListener('timeupdate', onTimeUpdate);
    let frame: number | null = null;
    const onFrame = (_now: number, metadata: { mediaTime: number }) => {
      wrap(metadata.mediaTime, FRAME_STEP_S * video.playbackRate);
      frame = video.requestVideoFrameCallback?.(onFrame) ?? null;
    };
    frame = video.requestVideoFrameCallback?.(onFrame) ?? null;
    return () => {
      video.removeEventListener('timeupdate', onTimeUpdate);
      video.removeEventListener('seeking', onSeeking);
      if (frame !== null) video.cancelVideoFrameCallback?.(frame);
    };
  }, [videoRef, looping]);

  /** Loops the range (from its start unless playback is already inside it), or stops looping. */
  const loop = (next: TimeRange | null) => {
    setLooping(next);
    const video = videoRef.current;
    if (!video || !next) return;
    const time = video.currentTime;
    if (leavesRange(time, next) || loopTarget(time, next) !== null) video.currentTime = next.start;
    // play() rejects when a pause interrupts it; nothing to report then.
    void video.play().catch(() => undefined);
  };

  const now = () => videoRef.current?.currentTime ?? 0;

  return {
    marks,
    /** The range the marks close (in and out), or null. */
    range,
    /** The range playing over and over, or null. */
    looping,
    markIn: () => setMarks((current) => markIn(current, now())),
    markOut: () => setMarks((current) => markOut(current, now())),
    /** A range dragged on the timeline replaces the marks. */
    mark: (dragged: TimeRange) => setMarks({ in: dragged.start, out: dragged.end }),
    /** Clear: the marks go, and the loop with them. */
    clear: () => {
      setMarks(NO_MARKS);
      setLooping(null);
    },
    loop,
    /** The Loop toggle: loops the marked range, or stops whatever loop is playing. */
    toggleLoop: () => loop(looping ? null : range),
  };
}

export type RangeLoop = ReturnType<typeof useRangeLoop>;
