import type { AudioInput, Transcriber, Transcript } from '@filmroom/speech';
import { describe, expect, it } from 'vitest';
import { LimitedTranscriber, TranscriberBusy } from './transcription-limit';

/** An engine whose transcriptions finish when the test says so (the limit is what is tested). */
function heldEngine() {
  const started: { label: string; finish: () => void }[] = [];
  const engine: Transcriber = {
    name: 'pocketsphinx',
    transcribe: (audio: AudioInput) =>
      new Promise<Transcript>((resolve) => {
        const label = 'data' in audio ? Buffer.from(audio.data).toString() : audio.path;
        started.push({ label, finish: () => resolve({ text: label }) });
      }),
  };
  return { engine, started };
}

const note = (label: string) => ({ data: Buffer.from(label), mimeType: 'audio/webm' });
const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('LimitedTranscriber', () => {
  it('runs two at a time, lets the next ones wait in order, and turns away the rest', async () => {
    const { engine, started } = heldEngine();
    const limited = new LimitedTranscriber(engine, { concurrent: 2, waiting: 2 });
    const results = ['a', 'b', 'c', 'd'].map((label) => limited.transcribe(note(label)));
    await tick();
    expect(started.map((run) => run.label)).toEqual(['a', 'b']);
    expect(limited.isFull).toBe(true);
    await expect(limited.transcribe(note('e'))).rejects.toBeInstanceOf(TranscriberBusy);

    started[1]!.finish();
    await tick();
    expect(started.map((run) => run.label)).toEqual(['a', 'b', 'c']);
    expect(limited.isFull).toBe(false);
    started[0]!.finish();
    await tick();
    started[2]!.finish();
    await tick();
    started[3]!.finish();
    expect((await Promise.all(results)).map((result) => result.text)).toEqual(['a', 'b', 'c', 'd']);
  });

  it('frees the slot when a transcription fails', async () => {
    let calls = 0;
    const limited = new LimitedTranscriber(
      {
        name: 'pocketsphinx',
        transcribe: async () => {
          calls += 1;
          if (calls === 1) throw new Error('broken recording');
          return { text: 'fine' };
        },
      },
      { concurrent: 1, waiting: 0 },
    );
    await expect(limited.transcribe(note('x'))).rejects.toThrow('broken recording');
    await expect(limited.transcribe(note('y'))).resolves.toEqual({ text: 'fine' });
  });
});
