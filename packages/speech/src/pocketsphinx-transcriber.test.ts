import { ffmpegPath, runMediaTool } from '@filmroom/media';
import { chmod, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTranscriber } from './create-transcriber';
import { audioFixture, transcriptWords, words } from '../testing/audio-fixtures';
import type { Transcriber } from './transcriber';
import { TranscriptionFailed, UnreadableAudio } from './transcription-errors';

const speech = audioFixture('go_forward_ten_meters.wav');

/** Writes an audio file with the project's ffmpeg: `args` sit between the input and the output. */
async function encode(output: string, input: string[], args: string[]): Promise<string> {
  await runMediaTool(await ffmpegPath(), [
    '-hide_banner',
    '-loglevel',
    'error',
    ...input,
    ...args,
    '-y',
    output,
  ]);
  return output;
}

let media: string; // audio made for the tests
let scratch: string; // the transcriber's temporary files, checked to be cleaned up
let transcriber: Transcriber;
let expected: string[];

beforeAll(async () => {
  media = await mkdtemp(path.join(tmpdir(), 'speech-test-media-'));
  scratch = await mkdtemp(path.join(tmpdir(), 'speech-test-scratch-'));
  transcriber = await createTranscriber({ temporaryDirectory: scratch });
  expected = await transcriptWords('go_forward_ten_meters.wav');
});
afterAll(async () => {
  await rm(media, { recursive: true, force: true });
  await rm(scratch, { recursive: true, force: true });
});

describe('pocketsphinx transcriber', () => {
  it('is the default engine on a machine with Debian’s pocketsphinx', () => {
    expect(transcriber.name).toBe('pocketsphinx');
  });

  it('transcribes the spoken fixture to its transcript', async () => {
    expect(expected).toEqual(['go', 'forward', 'ten', 'meters']);
    const { text } = await transcriber.transcribe({ path: speech });
    expect(words(text)).toEqual(expected);
    expect(await readdir(scratch)).toEqual([]);
  });

  it('transcribes what a browser records: webm and ogg with opus, uploaded as bytes', async () => {
    const webm = await encode(path.join(media, 'note.webm'), ['-i', speech], ['-c:a', 'libopus']);
    const ogg = await encode(path.join(media, 'note.ogg'), ['-i', speech], ['-c:a', 'libopus']);
    const fromWebm = await transcriber.transcribe({
      data: await readFile(webm),
      mimeType: 'audio/webm;codecs=opus',
    });
    const fromOgg = await transcriber.transcribe({
      data: await readFile(ogg),
      mimeType: 'audio/ogg',
    });
    expect(words(fromWebm.text)).toEqual(expected);
    expect(words(fromOgg.text)).toEqual(expected);
    expect(await readdir(scratch)).toEqual([]);
  });

  it('transcribes 44.1 kHz stereo audio after converting it', async () => {
    const stereo = await encode(
      path.join(media, 'stereo.wav'),
      ['-i', speech],
      ['-ar', '44100', '-ac', '2'],
    );
    expect(words((await transcriber.transcribe({ path: stereo })).text)).toEqual(expected);
  });

  it('joins the utterances of a longer note into one line', async () => {
    // The phrase twice, with the pause after it: pocketsphinx reports two utterances.
    const twice = await encode(
      path.join(media, 'twice.wav'),
      ['-stream_loop', '1', '-i', speech],
      ['-c:a', 'pcm_s16le'],
    );
    const { text } = await transcriber.transcribe({ path: twice });
    expect(text).toBe([...expected, ...expected].join(' '));
  });

  it('hears nothing in two seconds of silence', async () => {
    const silence = await encode(
      path.join(media, 'silence.webm'),
      ['-f', 'lavfi', '-i', 'anullsrc=r=48000:cl=mono'],
      ['-t', '2', '-c:a', 'libopus'],
    );
    expect(await transcriber.transcribe({ path: silence })).toEqual({ text: '' });
  });

  it('gives an empty transcription for empty audio', async () => {
    // A MediaRecorder stopped before its first chunk uploads 0 bytes.
    expect(await transcriber.transcribe({ data: Buffer.alloc(0), mimeType: 'audio/webm' })).toEqual(
      {
        text: '',
      },
    );
    const emptyFile = path.join(media, 'empty.webm');
    await writeFile(emptyFile, '');
    expect(await transcriber.transcribe({ path: emptyFile })).toEqual({ text: '' });
    // A well-formed WAV holding no samples.
    const noSamples = await encode(
      path.join(media, 'no-samples.wav'),
      ['-f', 'lavfi', '-i', 'anullsrc=r=16000:cl=mono'],
      ['-t', '0', '-c:a', 'pcm_s16le'],
    );
    expect(await transcriber.transcribe({ path: noSamples })).toEqual({ text: '' });
  });

  it('rejects a corrupt file as unreadable audio and leaves no temporary files', async () => {
    // Bytes that are not audio, with the name and type of a recording.
    const noise = Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919) % 251));
    const corrupt = path.join(media, 'corrupt.webm');
    await writeFile(corrupt, noise);
    await expect(transcriber.transcribe({ path: corrupt })).rejects.toThrow(UnreadableAudio);
    const error = await transcriber
      .transcribe({ data: noise, mimeType: 'audio/webm' })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(UnreadableAudio);
    expect((error as UnreadableAudio).code).toBe('unreadable-audio');
    expect((error as Error).message).toMatch(/could not be decoded: .*Invalid data/);
    expect(await readdir(scratch)).toEqual([]);
  });

  it('kills a recogniser that runs past the time limit and cleans up', async () => {
    // A stand-in recogniser that records its process id and never finishes.
    const pidFile = path.join(media, 'recogniser.pid');
    const stuck = path.join(media, 'stuck-recogniser');
    await writeFile(stuck, `#!/bin/sh\necho $$ > '${pidFile}'\nexec sleep 60\n`);
    await chmod(stuck, 0o755);
    const impatient = await createTranscriber({
      pocketsphinx: { command: stuck },
      timeoutMs: 1500,
      temporaryDirectory: scratch,
    });
    expect(impatient.name).toBe('pocketsphinx');
    const error = await impatient.transcribe({ path: speech }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(TranscriptionFailed);
    expect((error as TranscriptionFailed).timedOut).toBe(true);
    const pid = Number(await readFile(pidFile, 'utf8'));
    expect(() => process.kill(pid, 0)).toThrow(/ESRCH/);
    expect(await readdir(scratch)).toEqual([]);
  });
});
