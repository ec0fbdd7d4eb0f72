import { describe, expect, it } from 'vitest';
import { ffmpegProgress } from '../src/ffmpeg-progress';

describe('ffmpegProgress', () => {
  it('reads the time written so far, in microseconds under either name', () => {
    expect(ffmpegProgress('out_time_us=5000000', 20)).toBe(0.25);
    expect(ffmpegProgress('out_time_ms=10000000', 20)).toBe(0.5);
  });

  it('never passes the end, and ignores other lines and unknown lengths', () => {
    expect(ffmpegProgress('out_time_us=30000000', 20)).toBe(1);
    expect(ffmpegProgress('out_time=00:00:05.000000', 20)).toBeNull();
    expect(ffmpegProgress('frame=120', 20)).toBeNull();
    expect(ffmpegProgress('out_time_us=5000000', 0)).toBeNull();
  });
});
