import { useCallback, useEffect, useRef, useState } from 'react';
import type { RefObject } from 'react';
import { clampToRange, driftCorrection, sideTime } from '../lib/sync';

type LockstepSide = {
  ref: RefObject<HTMLVideoElement | null>;
  syncPoint: number;
};

type LockstepOptions = {
  a: LockstepSide;
  b: LockstepSide;
  range: { start: number; end: number };
  speed: number;
};

/**
 * Puts a video on its frame. `force` seeks even to where it already is: a video that has only
 * its metadata shows its poster until a seek (or play) asks for a frame, and the seek's
 * `seeked` is what says the frame is there.
 */
function place(video: HTMLVideoElement | null, time: number, force = false) {
  if (!video) return;
  const end = Number.isFinite(video.duration) ? video.duration : time;
  const target = Math.min(end, Math.max(0, time));
  if (force || Math.abs(video.currentTime - target) > 1e-3) video.currentTime = target;
}

/**
 * Two <video>s driven as one: A leads, B follows at its own sync point plus the same shared
 * time. While playing, every frame A presents (requestVideoFrameCallback, animation frames
 * where it is missing) reads the shared time and corrects B's drift; paused, both are placed
 * exactly. Returns the shared time and the controls of the one control bar.
 */
export function useLockstep({ a, b, range, speed }: LockstepOptions) {
  const [sharedTime, setSharedTime] = useState(() => clampToRange(0, range));
  const [playing, setPlaying] = useState(false);
  // Read inside the frame loop, which must not restart on every change.
  const latest = useRef({ a, b, range, speed, sharedTime });
  latest.current = { a, b, range, speed, sharedTime };

  const placeBoth = useCallback((time: number) => {
    const { a: sideA, b: sideB } = latest.current;
    place(sideA.ref.current, sideTime(sideA.syncPoint, time));
    place(sideB.ref.current, sideTime(sideB.syncPoint, time));
  }, []);

  const seek = useCallback(
    (time: number) => {
      const clamped = clampToRange(time, latest.current.range);
      setSharedTime(clamped);
      placeBoth(clamped);
    },
    [placeBoth],
  );

  const pause = useCallback(() => {
    const { a: sideA } = latest.current;
    sideA.ref.current?.pause();
    latest.current.b.ref.current?.pause();
    setPlaying(false);
    // B stops wherever its last frame was: put it on A's frame.
    const video = sideA.ref.current;
    if (video) seek(video.currentTime - sideA.syncPoint);
  }, [seek]);

  const play = useCallback(() => {
    const { a: sideA, b: sideB, range: shared, sharedTime: now } = latest.current;
    // At the end of the shared stretch, play starts again from its beginning.
    if (now >= shared.end - 1e-3) seek(shared.start);
    setPlaying(true);
    void sideA.ref.current?.play().catch(() => setPlaying(false));
    void sideB.ref.current?.play().catch(() => setPlaying(false));
  }, [seek]);

  // The chosen speed on both; B's own rate is then only ever nudged around it.
  useEffect(() => {
    for (const ref of [a.ref, b.ref]) {
      if (ref.current) ref.current.playbackRate = speed;
    }
  }, [a.ref, b.ref, speed]);

  // Paused, a moved sync point (marked, picked from the key events, nudged) or shared time
  // puts both sides on their frames.
  useEffect(() => {
    if (!playing) placeBoth(sharedTime);
  }, [a.syncPoint, b.syncPoint, sharedTime, playing, placeBoth]);

  useEffect(() => {
    if (!playing) return;
    const leader = a.ref.current;
    if (!leader) return;
    const byVideoFrame = typeof leader.requestVideoFrameCallback === 'function';
    let handle: number | null = null;
    const tick = () => {
      handle = null;
      const { a: sideA, b: sideB, range: shared, speed: chosen } = latest.current;
      const time = leader.currentTime - sideA.syncPoint;
      if (time >= shared.end || leader.ended) {
        pause();
        seek(shared.end);
        return;
      }
      setSharedTime(time);
      const follower = sideB.ref.current;
      if (follower) {
        const correction = driftCorrection({
          expected: sideTime(sideB.syncPoint, time),
          actual: follower.currentTime,
          playing: !follower.paused,
          speed: chosen,
        });
        if (correction.kind === 'seek') follower.currentTime = correction.to;
        else follower.playbackRate = correction.rate;
      }
      handle = byVideoFrame ? leader.requestVideoFrameCallback(tick) : requestAnimationFrame(tick);
    };
    tick();
    // Frame callbacks stop while the tab is hidden or the leader waits for data; timeupdate
    // still comes, and restarts the loop.
    const restart = () => {
      if (handle === null) tick();
    };
    leader.addEventListener('timeupdate', restart);
    return () => {
      leader.removeEventListener('timeupdate', restart);
      if (handle === null) return;
      if (byVideoFrame) leader.cancelVideoFrameCallback(handle);
      else cancelAnimationFrame(handle);
    };
  }, [playing, a.ref, pause, seek]);

  /** Paused: moves the shared time without moving a side that a new sync point already put. */
  const rebase = useCallback((time: number) => setSharedTime(time), []);

  /** A side's metadata arrived: it goes to its frame now that it can seek. */
  const placeSide = useCallback((side: 'a' | 'b') => {
    const { sharedTime: now, ...sides } = latest.current;
    place(sides[side].ref.current, sideTime(sides[side].syncPoint, now), true);
  }, []);

  return { sharedTime, playing, play, pause, seek, rebase, placeSide };
}
