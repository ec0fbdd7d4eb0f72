import { mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ffmpegPath, runMediaTool } from '@filmroom/media';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const clipsDir = path.join(repoRoot, 'e2e/.artifacts/clips');

/** The shared fixture clips live beside the repository and are never copied into it. */
export function fixtureVideo(
  name:
    | 'squats_single_person.mp4'
    | 'basketball_practice.mp4'
    | 'golf_down-the-line-simulator-indoor.mp4'
    | 'deadlift_front-barbell-garage.mp4'
    | 'squat_side-barbell-studio.mp4',
) {
  return path.resolve(repoRoot, '../shared/fixtures/video', name);
}

export function fixturePhoto(name: 'face_obama_1.jpg') {
  return path.resolve(repoRoot, '../shared/fixtures/images', name);
}

type ClipRecipe = { name: string; steps: string[][] };

const RECIPES = {
  /**
   * About 45 MB of H.264 in MP4, big enough that the browser reports upload progress several
   * times on loopback. One second of noisy picture (which compresses badly, hence the size) is
   * encoded once and then repeated without re-encoding, which takes a second or two.
   */
  bigMp4: {
    name: 'big-h264.mp4',
    steps: [
      ['-f', 'lavfi', '-i', 'testsrc=size=640x360:rate=30', '-vf', 'noise=alls=60:allf=t'],
      ['-t', '1', '-c:v', 'libx264', '-preset', 'ultrafast', '-crf', '8', '-g', '30'],
      ['-pix_fmt', 'yuv420p', '{part}'],
      ['--then'],
      ['-stream_loop', '5', '-i', '{part}', '-c', 'copy', '-movflags', '+faststart', '{out}'],
    ],
  },
  /** VP9 video with Opus audio in WebM: needs a full transcode to play everywhere. */
  vp9Webm: {
    name: 'vp9-opus.webm',
    steps: [
      ['-f', 'lavfi', '-i', 'testsrc=size=320x240:rate=25', '-f', 'lavfi', '-i', 'sine=f=440'],
      ['-t', '3', '-c:v', 'libvpx-vp9', '-deadline', 'realtime', '-cpu-used', '8'],
      ['-b:v', '300k', '-c:a', 'libopus', '-shortest', '{out}'],
    ],
  },
  /** MPEG-4 Part 2 in a QuickTime .mov, as older cameras write. */
  mpeg4Mov: {
    name: 'mpeg4.mov',
    steps: [
      ['-f', 'lavfi', '-i', 'testsrc=size=320x240:rate=25', '-t', '3'],
      ['-c:v', 'mpeg4', '-q:v', '5', '-f', 'mov', '{out}'],
    ],
  },
  /**
   * The squats clip, stream-copied with a note in its metadata: the same pictures in other
   * bytes. The server gives an upload of a file it has scanned before that scan at once (the
   * other specs share one scan of the fixture); the spec that watches a scan run needs its own.
   */
  squatsNotScannedYet: {
    name: 'squats-not-scanned-yet.mp4',
    steps: [
      ['-i', fixtureVideo('squats_single_person.mp4'), '-c', 'copy'],
      ['-metadata', 'comment=FilmRoom browser tests: a file of its own', '{out}'],
    ],
  },
} satisfies Record<string, ClipRecipe>;

export type ClipKind = keyof typeof RECIPES;

async function exists(file: string) {
  return stat(file).then(
    () => true,
    () => false,
  );
}

/**
 * Makes a test clip with ffmpeg into e2e/.artifacts/clips, once per run of the suite: both
 * workers may ask at the same time, so each writes to its own temporary name and renames.
 */
export async function makeClip(kind: ClipKind): Promise<string> {
  const recipe: ClipRecipe = RECIPES[kind];
  const out = path.join(clipsDir, recipe.name);
  if (await exists(out)) return out;
  await mkdir(clipsDir, { recursive: true });
  const unique = `${process.pid}-${Date.now()}`;
  const temporary = path.join(clipsDir, `${unique}-${recipe.name}`);
  const part = path.join(clipsDir, `${unique}-part.mp4`);
  const commands: string[][] = [[]];
  for (const step of recipe.steps) {
    if (step[0] === '--then') commands.push([]);
    else commands.at(-1)!.push(...step);
  }
  for (const command of commands) {
    const args = command.map((arg) =>
      arg === '{out}' ? temporary : arg === '{part}' ? part : arg,
    );
    // The ffmpeg the server uses.
    await runMediaTool(await ffmpegPath(), ['-y', '-hide_banner', '-loglevel', 'error', ...args]);
  }
  await rename(temporary, out);
  await rm(part, { force: true });
  return out;
}
