import { describe, expect, it } from 'vitest';
import { createTranscriber } from './create-transcriber';
import { audioFixture } from '../testing/audio-fixtures';
import { TranscriptionUnavailable } from './transcription-errors';

const speech = { path: audioFixture('go_forward_ten_meters.wav') };

describe('createTranscriber without an engine', () => {
  it('explains how to enable transcription when pocketsphinx is not installed', async () => {
    const transcriber = await createTranscriber({
      pocketsphinx: { command: 'pocketsphinx_continuous_not_installed' },
    });
    expect(transcriber.name).toBe('unavailable');
    const error = await transcriber.transcribe(speech).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(TranscriptionUnavailable);
    expect((error as TranscriptionUnavailable).code).toBe('unavailable');
    const message = (error as Error).message;
    expect(message).toContain('pocketsphinx_continuous_not_installed was not found on PATH');
    expect(message).toContain('apt-get install pocketsphinx pocketsphinx-en-us');
    expect(message).toContain('STT_BASE_URL');
  });

  it('explains how to enable transcription when the speech model is missing', async () => {
    const transcriber = await createTranscriber({
      pocketsphinx: { modelDir: '/usr/share/pocketsphinx/model/xx-none' },
    });
    expect(transcriber.name).toBe('unavailable');
    await expect(transcriber.transcribe(speech)).rejects.toThrow(
      /speech model was not found in \/usr\/share\/pocketsphinx\/model\/xx-none.*pocketsphinx-en-us/,
    );
  });

  it('accepts pocketsphinx given by its full path', async () => {
    const transcriber = await createTranscriber({
      pocketsphinx: { command: '/usr/bin/pocketsphinx_continuous' },
    });
    expect(transcriber.name).toBe('pocketsphinx');
  });
});
