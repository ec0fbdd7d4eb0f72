/**
 * An export's file: under its video's prefix when it has one video, so deleting the video
 * removes it too; a playlist's (many videos) under exports/, removed by the sweep.
 */
export const exportFileKey = (videoId: string | null, exportId: string) =>
  videoId ? `videos/${videoId}/exports/${exportId}.mp4` : `exports/${exportId}.mp4`;
export const exportDownloadUrl = (exportId: string) => `/api/exports/${exportId}/file`;
