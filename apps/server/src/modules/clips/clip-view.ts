import type { Annotation, Clip, ClipDetail } from '@filmroom/contract';
import type { ClipRow } from '../../db/schema';

const clipMediaUrl = (clipId: string) => `/api/clips/${clipId}/media`;
const clipNoteAudioUrl = (clipId: string, noteId: string) =>
  `/api/clips/${clipId}/notes/${noteId}/audio`;

/**
 * A clip as one asker sees it. Someone who reaches it only through a shared playlist learns the
 * range and nothing of the video around it: no id, no title; its voice notes come through the
 * clip, which serves those inside its range only.
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
  const throughClip = (note: { id: string; audioUrl: string | null }) =>
    note.audioUrl ? clipNoteAudioUrl(clip.id, note.id) : null;
  const heard = seesVideo
    ? notes
    : notes.map((note) => ({
        ...note,
        audioUrl: throughClip(note),
        replies: note.replies.map((reply) => ({ ...reply, audioUrl: throughClip(reply) })),
      }));
  return { ...clip, notes: heard };
}
