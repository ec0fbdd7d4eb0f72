import type { Transcription, TranscriptionStatus } from '@filmroom/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { messageFromBody } from '@/lib/query-client';

/** Spec §8: the fixed message for any failed transcription. */
const TRANSCRIPTION_FAILED_MESSAGE = 'Failed to transcribe audio';

/**
 * A transcription that did not work. The toast says the spec's fixed message; `reason` is the
 * server's own account (no engine set up and how to set one up, busy, could not read the
 * audio), shown beside the recording.
 */
export class TranscriptionFailed extends Error {
  override readonly name = 'TranscriptionFailed';

  constructor(
    readonly reason: string,
    options?: ErrorOptions,
  ) {
    super(TRANSCRIPTION_FAILED_MESSAGE, options);
  }
}

function reasonFrom(body: string, status: number, statusText: string): string {
  // Not the server's JSON (a proxy's page, say): name the status instead.
  return (
    messageFromBody(body) ?? `The server answered ${status}${statusText ? ` ${statusText}` : ''}.`
  );
}

/**
 * POST /api/test/transcribe (spec §7): called first for a voice note, its words fill the note's
 * text and its sentiment goes with the note.
 */
async function transcribeAudio(audio: Blob, fileName: string): Promise<Transcription> {
  let res: Response;
  try {
    const form = new FormData();
    form.append('audio', audio, fileName);
    res = await fetch('/api/test/transcribe', {
      method: 'POST',
      body: form,
      credentials: 'include',
    });
  } catch (error) {
    throw new TranscriptionFailed('The server could not be reached.', { cause: error });
  }
  if (!res.ok) {
    const body = await res.text().catch(() => '');
    throw new TranscriptionFailed(reasonFrom(body, res.status, res.statusText));
  }
  return (await res.json()) as Transcription;
}

/** Failures get the shared Error toast, whose message is always 'Failed to transcribe audio'. */
export function useTranscribeAudio() {
  return useMutation({
    mutationFn: ({ audio, fileName }: { audio: Blob; fileName: string }) =>
      transcribeAudio(audio, fileName),
  });
}

/**
 * GET /api/test/transcribe: whether this server turns voice notes into words. Asked once (the
 * server's set-up does not change while the page is open); a failure reads as "it does", so
 * a recording is still sent and any real problem is told then.
 */
export function useTranscriptionStatus() {
  return useQuery<TranscriptionStatus>({
    queryKey: ['/api/test/transcribe'],
    staleTime: Infinity,
    meta: { showErrorToast: false },
  });
}
