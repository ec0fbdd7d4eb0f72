import { MediaToolError, SPEECH_WAV_HEADER_BYTES, writeSpeechWav } from '@filmroom/media';
import { access, constants, stat } from 'node:fs/promises';
import path from 'node:path';
import { audioFile, withWorkDirectory, type AudioInput } from './audio';
import { runProcess } from './run-process';
import { tidyTranscript, type Transcriber, type Transcript } from './transcriber';
import { TranscriptionFailed, UnreadableAudio } from './transcription-errors';

export type PocketsphinxSettings = {
  /** The recogniser: a program name looked up on PATH, or a path to it. */
  command: string;
  /** The folder holding `en-us/`, `en-us.lm.bin` and `cmudict-en-us.dict`. */
  modelDir: string;
};

/** What Debian's `pocketsphinx` and `pocketsphinx-en-us` packages install. */
export const DEBIAN_POCKETSPHINX: PocketsphinxSettings = {
  command: 'pocketsphinx_continuous',
  modelDir: '/usr/share/pocketsphinx/model/en-us',
};

const modelFiles = (modelDir: string) => ({
  acousticModel: path.join(modelDir, 'en-us'),
  languageModel: path.join(modelDir, 'en-us.lm.bin'),
  dictionary: path.join(modelDir, 'cmudict-en-us.dict'),
});

/**
 * The recogniser's full path, or why it cannot run here (not on PATH, model files missing).
 */
export async function locatePocketsphinx(
  settings: PocketsphinxSettings,
  searchPath = process.env.PATH ?? '',
): Promise<{ command: string } | { missing: string }> {
  const candidates = settings.command.includes(path.sep)
    ? [settings.command]
    : searchPath
        .split(path.delimiter)
        .filter(Boolean)
        .map((directory) => path.join(directory, settings.command));
  let command: string | undefined;
  for (const candidate of candidates) {
    if (await isExecutableFile(candidate)) {
      command = candidate;
      break;
    }
  }
  if (!command) return { missing: `${settings.command} was not found on PATH` };
  const { acousticModel, languageModel, dictionary } = modelFiles(settings.modelDir);
  const found = await Promise.all([
    isFile(path.join(acousticModel, 'mdef')),
    isFile(languageModel),
    isFile(dictionary),
  ]);
  if (found.includes(false)) {
    return { missing: `the en-us speech model was not found in ${settings.modelDir}` };
  }
  return { command };
}

/**
 * The offline engine: ffmpeg turns the audio into 16 kHz mono WAV, pocketsphinx_continuous
 * decodes it with the general US-English model. Good on short clear commands; for dictation
 * quality use an OpenAI-compatible service instead.
 */
export class PocketsphinxTranscriber implements Transcriber {
  readonly name = 'pocketsphinx';

  constructor(
    private readonly options: {
      /** Full path of pocketsphinx_continuous (see `locatePocketsphinx`). */
      command: string;
      modelDir: string;
      timeoutMs: number;
      temporaryDirectory: string;
    },
  ) {}

  async transcribe(audio: AudioInput): Promise<Transcript> {
    // A recorder stopped before its first chunk uploads nothing at all (Chromium's MediaRecorder
    // gives a 0-byte blob): that is an empty voice note, not a broken one.
    const size = 'path' in audio ? (await stat(audio.path)).size : audio.data.byteLength;
    if (size === 0) return { text: '' };

    const deadline = Date.now() + this.options.timeoutMs;
    return withWorkDirectory(this.options.temporaryDirectory, async (directory) => {
      const input = await audioFile(audio, directory);
      const wav = path.join(directory, 'speech.wav');
      const remaining = () => Math.max(1, deadline - Date.now());
      const wavBytes = await speechWav(input, wav, remaining());
      if (wavBytes <= SPEECH_WAV_HEADER_BYTES) return { text: '' };
      return { text: await this.recognise(wav, remaining()) };
    });
  }

  private async recognise(wav: string, timeoutMs: number): Promise<string> {
    const { acousticModel, languageModel, dictionary } = modelFiles(this.options.modelDir);
    // Hypotheses go to stdout, one line per utterance; the log goes to stderr.
    const result = await runProcess(
      this.options.command,
      ['-hmm', acousticModel, '-lm', languageModel, '-dict', dictionary, '-infile', wav],
      timeoutMs,
    );
    if (result.timedOut) {
      throw new TranscriptionFailed(`pocketsphinx took longer than ${this.options.timeoutMs} ms`, {
        timedOut: true,
      });
    }
    if (result.exitCode !== 0) {
      const reason = result.stderrTail.split('\n').at(-1) ?? '';
      throw new TranscriptionFailed(
        `pocketsphinx failed (exit ${result.exitCode ?? 'by signal'}): ${reason}`,
      );
    }
    return tidyTranscript(result.stdout);
  }
}

/** The audio as the recogniser reads it (see writeSpeechWav), its failures said as transcription's. */
async function speechWav(input: string, output: string, timeoutMs: number): Promise<number> {
  const signal = AbortSignal.timeout(timeoutMs);
  try {
    return await writeSpeechWav(input, output, { signal });
  } catch (error) {
    if (signal.aborted) {
      throw new TranscriptionFailed(`Converting the audio took longer than ${timeoutMs} ms`, {
        timedOut: true,
      });
    }
    if (error instanceof MediaToolError) {
      const reason = error.stderr.trim().split('\n').at(-1) ?? '';
      throw new UnreadableAudio(`The audio could not be decoded${reason ? `: ${reason}` : ''}`);
    }
    throw error;
  }
}

async function isExecutableFile(file: string): Promise<boolean> {
  try {
    await access(file, constants.X_OK);
    return (await stat(file)).isFile();
  } catch {
    return false;
  }
}

async function isFile(file: string): Promise<boolean> {
  try {
    return (await stat(file)).isFile();
  } catch {
    return false;
  }
}
