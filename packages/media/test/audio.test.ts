import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { remuxAudio, SPEECH_WAV_HEADER_BYTES, writeSpeechWav } from '../src/audio';
import { probeMedia } from '../src/probe';
import { MediaToolError, runMediaTool } from '../src/run';
import { ffmpegPath } from '../src/tools';
import { fixture } from './fixtures';

const SPOKEN = fixture('audio/go_forward_ten_meters.wav');

let folder: string;
beforeAll(async () => {
  folder = await mkdtemp(path.join(tmpdir(), 'media-audio-'));
});
afterAll(() => rm(folder, { recursive: true, force: true }));

/** The spoken fixture as a browser's MediaRecorder uploads it: Opus in live WebM, no length. */
async function browserRecording(): Promise<string> {
  const output = path.join(folder, 'recording.webm');
  // prettier-ignore
  await runMediaTool(await ffmpegPath(), [
    '-hide_banner', '-loglevel', 'error', '-y', '-i', SPOKEN, '-c:a', 'libopus', '-live', '1', output,
  ]);
  return output;
}

/** The fields of a plain 44-byte WAV header. */
function wavHeader(bytes: Buffer) {
  return {
    riff: bytes.toString('latin1', 0, 4),
    wave: bytes.toString('latin1', 8, 12),
    format: bytes.readUInt16LE(20),
    channels: bytes.readUInt16LE(22),
    sampleRate: bytes.readUInt32LE(24),
    bitsPerSample: bytes.readUInt16LE(34),
    data: bytes.toString('latin1', 36, 40),
    dataBytes: bytes.readUInt32LE(40),
  };
}

describe('writeSpeechWav', () => {
  it('writes 16 kHz mono 16-bit PCM behind a plain 44-byte header', async () => {
    const output = path.join(folder, 'speech.wav');
    const size = await writeSpeechWav(SPOKEN, output);
    const bytes = await readFile(output);
    expect(size).toBe(bytes.length);
    const header = wavHeader(bytes);
    expect(header).toMatchObject({
      riff: 'RIFF',
      wave: 'WAVE',
      format: 1,
      channels: 1,
      sampleRate: 16_000,
      bitsPerSample: 16,
      data: 'data',
    });
    expect(header.dataBytes).toBe(size - SPEECH_WAV_HEADER_BYTES);
    // The fixture's 2.79 s, two bytes a sample.
    expect(header.dataBytes / 2 / 16_000).toBeCloseTo(2.79, 1);
  });

  it('reads what a browser records', async () => {
    const output = path.join(folder, 'from-webm.wav');
    const size = await writeSpeechWav(await browserRecording(), output);
    expect(wavHeader(await readFile(output))).toMatchObject({ channels: 1, sampleRate: 16_000 });
    expect((size - SPEECH_WAV_HEADER_BYTES) / 2 / 16_000).toBeCloseTo(2.79, 1);
  });

  it('rejects bytes that are not audio with what ffmpeg said', async () => {
    const noise = path.join(folder, 'noise.webm');
    await writeFile(noise, Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919) % 251)));
    const error = await writeSpeechWav(noise, path.join(folder, 'never.wav')).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(MediaToolError);
    expect((error as MediaToolError).stderr).toMatch(/Invalid data/);
  });

  it('does not start when already stopped', async () => {
    await expect(
      writeSpeechWav(SPOKEN, path.join(folder, 'stopped.wav'), { signal: AbortSignal.abort() }),
    ).rejects.toMatchObject({ name: 'AbortError' });
  });
});

describe('remuxAudio', () => {
  it('gives a browser recording its length, without re-encoding', async () => {
    const recording = await browserRecording();
    expect((await probeMedia(recording)).duration).toBeNull();
    const finished = path.join(folder, 'finished.webm');
    await remuxAudio(recording, finished);
    const probe = await probeMedia(finished);
    expect(probe.audio).toEqual({ codec: 'opus' });
    expect(probe.duration).toBeCloseTo(2.8, 1);
  });

  it('fails on a file with no sound', async () => {
    await expect(
      remuxAudio(fixture('video/basketball_practice.mp4'), path.join(folder, 'silent.webm')),
    ).rejects.toBeInstanceOf(MediaToolError);
  });
});
