/** The measured tracks of a video, stored gzipped beside its media. */
export const scanKey = (videoId: string) => `videos/${videoId}/scan.json.gz`;
