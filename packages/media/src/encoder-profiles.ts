/**
 * How FilmRoom encodes H.264, named by what the picture is for: the one place that writes x264's
 * settings (as PeerTube's ffmpeg package does). Callers ask for "the web profile", not for flags.
 */
const X264_PROFILES = {
  /**
   * What the coach watches: the browser-ready MP4, its streaming renditions and the clips cut
   * from it, alike so a clip or a rendition looks like the video it came from.
   */
  web: { preset: 'veryfast', crf: 23 },
  /**
   * An export: superfast rather than veryfast, since a 60 s 720p export with every overlay must
   * finish within 60 s on two shared cores; the file is a bit larger at the same quality (CRF).
   */
  export: { preset: 'superfast', crf: 23 },
  /**
   * A changed copy of a labelled clip for the evaluation (tilted, smaller, slower): close enough
   * to its source that only the change made is measured, not the encoder's losses.
   */
  study: { preset: 'veryfast', crf: 20 },
} as const;

export type X264Profile = keyof typeof X264_PROFILES;

/**
 * The output arguments that encode the video stream with a named profile, in the pixel format
 * every browser plays.
 */
export function x264Args(profile: X264Profile): string[] {
  const { preset, crf } = X264_PROFILES[profile];
  return ['-c:v', 'libx264', '-preset', preset, '-crf', String(crf), '-pix_fmt', 'yuv420p'];
}
