import { describe, expect, it } from 'vitest';
import { recordingMimeType, voiceNoteFileName } from './voice-recording';

describe('recordingMimeType', () => {
  it('prefers WebM with Opus, then any WebM, then Ogg', () => {
    expect(recordingMimeType(() => true)).toBe('audio/webm;codecs=opus');
    expect(recordingMimeType((type) => type === 'audio/webm')).toBe('audio/webm');
    expect(recordingMimeType((type) => type.startsWith('audio/ogg'))).toBe('audio/ogg;codecs=opus');
    expect(recordingMimeType(() => false)).toBeNull();
  });
});

describe('voiceNoteFileName', () => {
  it('names the file after its container', () => {
    expect(voiceNoteFileName('audio/webm;codecs=opus')).toBe('voice-note.webm');
    expect(voiceNoteFileName('audio/ogg;codecs=opus')).toBe('voice-note.ogg');
  });
});
