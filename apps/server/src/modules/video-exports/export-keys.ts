/** An export's file: under its video's prefix, so deleting the video removes it too. */
export const exportFileKey = (videoId: string, exportId: string) =>
  `videos/${videoId}/exports/${exportId}.mp4`;

export const exportDownloadUrl = (exportId: string) => `/api/exports/${exportId}/file`;
