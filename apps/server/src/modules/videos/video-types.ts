/** What a video upload accepts, judged from its first bytes; the same for every way in. */
export function isVideoType(mime: string): boolean {
  // file-type calls some audio-capable containers by their audio name (an .m4a is an MP4).
  return mime.startsWith('video/') || mime === 'application/mp4';
}

/** The 415 message for a file that is not a video (`mime` undefined: a type we do not know). */
export function notAVideo(mime: string | undefined): string {
  return mime
    ? `This file is ${mime}, not a video. Choose a video file (MP4, MOV, WebM, ...).`
    : 'This file is not a video we recognise. Choose a video file (MP4, MOV, WebM, ...).';
}
