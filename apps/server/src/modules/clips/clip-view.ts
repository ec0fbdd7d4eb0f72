import type { Annotation, Clip, ClipDetail } from '@filmroom/contract';
import type { ClipRow } from '../../db/schema';

const clipMediaUrl = (clipId: string) => `/api/clips/${clipId}/media`;

/**
 * A clip as one asker sees it. Someone who reaches it only through a shared playlist learns the
 * range and nothing of the video around it: no id, no title, no voice notes (those are files of
 * the video, served to its viewers).
 */
export function toClipView(
  clip: ClipRow,
  video: { id: string; title: string },
  asker: { mine: boolean; seesVideo: boolean },
): Clip {
  return {
    id: clip.id,
    title: clip.title,
    start: clip.startTime,
    end: clip.endTime,
    videoId: asker.seesVideo ? video.id : null,
    videoTitle: asker.seesVideo ? video.title : null,
    mediaUrl: clipMediaUrl(clip.id),
    mine: asker.mine,
    createdAt: clip.createdAt.toISOString(),
  };
}

export function toClipDetail(clip: Clip, notes: Annotation[], seesVideo: boolean): ClipDetail {
  const heard = seesVideo
    ? notes
    : notes.map((note) => ({
        ...note,
        audioUrl: null,
        replies: note.replies.map((reply) => ({ ...reply, audioUrl: null })),
      }));
  return { ...clip, notes: heard };
}
