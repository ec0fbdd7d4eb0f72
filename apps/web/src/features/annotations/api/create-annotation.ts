import type { Annotation, CreateAnnotationBody, Sentiment } from '@filmroom/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toastSuccess } from '@/components/ui/use-toast';
import { apiRequest, throwIfResNotOk, withFallbackMessage } from '@/lib/query-client';
import { annotationsQueryKey } from '@/lib/query-keys';
import { voiceNoteFileName } from '../lib/voice-recording';

/** A recording made in the browser, ready to upload. */
export type VoiceNote = { blob: Blob; mimeType: string; durationSeconds: number };

export type NewAnnotation = CreateAnnotationBody & {
  voiceNote: VoiceNote | null;
  /** What the transcription made of the recording; the server checks it and recomputes it. */
  sentiment: Sentiment | null;
};

/**
 * Spec §7: JSON for a text or drawn note; multipart with the recording as `audio` for a voice
 * note, its numbers and flags as text, its sentiment and drawing as JSON strings.
 */
async function createAnnotation(videoId: string, note: NewAnnotation): Promise<Annotation> {
  const url = `/api/videos/${videoId}/annotations`;
  const { voiceNote, sentiment, ...body } = note;
  return withFallbackMessage(async () => {
    if (!voiceNote) {
      const res = await apiRequest('POST', url, body);
      return (await res.json()) as Annotation;
    }
    const form = new FormData();
    form.append('timestamp', String(body.timestamp));
    form.append('xPosition', String(body.xPosition));
    form.append('yPosition', String(body.yPosition));
    form.append('audioDuration', String(voiceNote.durationSeconds));
    form.append('content', body.content ?? '');
    if (body.endTime != null) form.append('endTime', String(body.endTime));
    if (body.drawing) form.append('drawing', JSON.stringify(body.drawing));
    if (body.displaySeconds !== undefined)
      form.append('displaySeconds', String(body.displaySeconds));
    if (body.pauseHere !== undefined) form.append('pauseHere', String(body.pauseHere));
    if (sentiment) form.append('sentiment', JSON.stringify(sentiment));
    // The file goes last: the server reads the fields before it streams the audio.
    form.append('audio', voiceNote.blob, voiceNoteFileName(voiceNote.mimeType));
    const res = await fetch(url, { method: 'POST', body: form, credentials: 'include' });
    await throwIfResNotOk(res);
    return (await res.json()) as Annotation;
  }, 'Failed to create annotation');
}

export function useCreateAnnotation(videoId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (note: NewAnnotation) => createAnnotation(videoId, note),
    onSuccess: () => {
      toastSuccess('Annotation created successfully');
      void queryClient.invalidateQueries({ queryKey: annotationsQueryKey(videoId) });
    },
  });
}
