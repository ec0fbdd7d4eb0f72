import { useEffect, useRef, useState } from 'react';
import { toastError } from '@/components/ui/use-toast';
import type { VoiceNote } from '../api/create-annotation';
import {
  MICROPHONE_CONSTRAINTS,
  MICROPHONE_ERROR_MESSAGE,
  RECORDING_TIMESLICE_MS,
  recordingMimeType,
} from '../lib/voice-recording';

export type RecorderState =
  | { status: 'idle' }
  | { status: 'starting' }
  | { status: 'recording'; startedAt: number }
  | { status: 'recorded'; note: VoiceNote; url: string };

type Session = { recorder: MediaRecorder; stream: MediaStream };

function supportedMimeType(): string | null {
  if (typeof MediaRecorder === 'undefined' || !navigator.mediaDevices?.getUserMedia) return null;
  return recordingMimeType((type) => MediaRecorder.isTypeSupported(type));
}

/**
 * Spec §4 Voice recording: starts once the microphone is allowed, records audio/webm in 100 ms
 * chunks until Stop, then offers the recording for preview. `onRecorded` hears each finished
 * recording. Leaving (Cancel, the form closing) stops the microphone and drops the recording.
 */
export function useVoiceRecorder(onRecorded: (note: VoiceNote) => void) {
  const [state, setState] = useState<RecorderState>({ status: 'idle' });
  const session = useRef<Session | null>(null);
  const previewUrl = useRef<string | null>(null);
  const mounted = useRef(true);
  const onRecordedRef = useRef(onRecorded);
  useEffect(() => {
    onRecordedRef.current = onRecorded;
  });

  const release = () => {
    const current = session.current;
    session.current = null;
    if (!current) return;
    current.recorder.ondataavailable = null;
    current.recorder.onstop = null;
    if (current.recorder.state !== 'inactive') current.recorder.stop();
    for (const track of current.stream.getTracks()) track.stop();
  };
  const dropPreview = () => {
    if (previewUrl.current) URL.revokeObjectURL(previewUrl.current);
    previewUrl.current = null;
  };

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      release();
      dropPreview();
    };
  }, []);

  const start = async () => {
    if (state.status === 'starting' || state.status === 'recording') return;
    const mimeType = supportedMimeType();
    if (!mimeType) {
      toastError(new Error('This browser cannot record voice notes. Type the note instead.'));
      return;
    }
    dropPreview();
    setState({ status: 'starting' });
    let stream: MediaStream;
    try {
      stream = await navigator.mediaDevices.getUserMedia(MICROPHONE_CONSTRAINTS);
    } catch {
      if (mounted.current) setState({ status: 'idle' });
      toastError(new Error(MICROPHONE_ERROR_MESSAGE));
      return;
    }
    if (!mounted.current) {
      for (const track of stream.getTracks()) track.stop();
      return;
    }

    const recorder = new MediaRecorder(stream, { mimeType });
    const chunks: Blob[] = [];
    const startedAt = Date.now();
    recorder.ondataavailable = (event) => {
      if (event.data.size > 0) chunks.push(event.data);
    };
    recorder.onstop = () => {
      const durationSeconds = Math.round((Date.now() - startedAt) / 100) / 10;
      for (const track of stream.getTracks()) track.stop();
      session.current = null;
      const blob = new Blob(chunks, { type: recorder.mimeType || mimeType });
      const url = URL.createObjectURL(blob);
      previewUrl.current = url;
      const note: VoiceNote = { blob, mimeType: blob.type, durationSeconds };
      setState({ status: 'recorded', note, url });
      onRecordedRef.current(note);
    };
    session.current = { recorder, stream };
    recorder.start(RECORDING_TIMESLICE_MS);
    setState({ status: 'recording', startedAt });
  };

  return {
    state,
    start: () => void start(),
    /** Ends the recording; the recorder hands over its last chunk, then onRecorded hears it. */
    stop: () => session.current?.recorder.stop(),
    /** Drops the recording (or one in progress) without keeping anything. */
    discard: () => {
      release();
      dropPreview();
      setState({ status: 'idle' });
    },
  };
}
