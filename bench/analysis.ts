// The analysis pipeline's speed: the vision scan's real-time factor (processing time / clip
// duration) per clip, its stages, and the coach step that Regenerate re-runs.
// Goal: real-time factor at most 1.0 on 2 cores, 0.5 to aim for.
import { analysePoses } from '@filmroom/coach';
import { scanVideo } from '@filmroom/vision';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { ffmpegPath, runMediaTool } from '@filmroom/media';
import type { Row } from './table';

const fixtures = path.resolve(import.meta.dirname, '../../shared/fixtures/video');

const TO_720P =
  'scale=1280:720:force_original_aspect_ratio=decrease,pad=1280:720:(ow-iw)/2:(oh-ih)/2,setsar=1,fps=30,format=yuv420p';

/**
 * A 60 s 720p 30 fps clip made of fixture clips one after another (the list repeated until the
 * minute is full), as one longer session. Made at run time, never committed.
 */
async function makeMinuteClip(folder: string, name: string, clips: string[]): Promise<string> {
  const output = path.join(folder, name);
  const inputs = [...clips, ...clips, ...clips].flatMap((clip) => [
    '-i',
    path.join(fixtures, clip),
  ]);
  const count = inputs.length / 2;
  const chains = Array.from(
    { length: count },
    (_, i) => `[${i}:v]${TO_720P},setpts=PTS-STARTPTS[v${i}]`,
  );
  const joined = `${Array.from({ length: count }, (_, i) => `[v${i}]`).join('')}concat=n=${count}:v=1[v]`;
  // prettier-ignore
  await runMediaTool(await ffmpegPath(), [
    '-hide_banner', '-y', ...inputs,
    '-filter_complex', [...chains, joined].join(';'),
    '-map', '[v]', '-c:v', 'libx264', '-preset', 'veryfast', '-crf', '23', '-t', '60',
    output,
  ]);
  return output;
}

const clockTicks = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' })) || 100;
  } catch {
    return 100;
  }
})();

/**
 * CPU seconds used so far by this process (every thread: the inference workers too) and by its
 * finished children (ffmpeg), from /proc on Linux; elsewhere this process only. Unlike the wall
 * clock it does not grow when other work shares the machine.
 */
export function cpuSeconds(): number {
  try {
    const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1]!.split(' ');
    // Counting from the state (field 3): utime, stime, cutime and cstime are fields 14 to 17.
    return [11, 12, 13, 14].reduce((sum, i) => sum + Number(fields[i]), 0) / clockTicks;
  } catch {
    const usage = process.cpuUsage();
    return (usage.user + usage.system) / 1e6;
  }
}

export async function benchAnalysis(): Promise<Row[]> {
  const folder = await mkdtemp(path.join(tmpdir(), 'filmroom-bench-analysis-'));
  const rows: Row[] = [];
  try {
    const clips = [
      path.join(fixtures, 'squats_single_person.mp4'),
      path.join(fixtures, 'basketball_practice.mp4'),
      await makeMinuteClip(folder, 'minute-720p.mp4', [
        'basketball_practice.mp4',
        'squats_single_person.mp4',
      ]),
      // Fast movements (a golf swing, a serve, a free throw, groundstrokes, running): the scan
      // samples them again at the source rate, which is what this clip measures.
      await makeMinuteClip(folder, 'minute-720p-fast.mp4', [
        'golf_down-the-line-simulator-indoor.mp4',
        'tennis_serve-practice-side.mp4',
        'basketball_freethrow-side-gym.mp4',
        'tennis_groundstrokes-behind-baseline.mp4',
        'running_treadmill-side-gym-phone.mp4',
      ]),
    ];
    for (const clip of clips) {
      const name = path.basename(clip);
      const cores = availableParallelism();
      const started = performance.now();
      const cpuStarted = cpuSeconds();
      const scan = await scanVideo(clip, { fps: 5, width: 640, workers: cores });
      const seconds = (performance.now() - started) / 1000;
      const cpu = cpuSeconds() - cpuStarted;
      const t = scan.timings!;
      const windows = scan.denseWindows ?? [];
      const denseSeconds = windows.reduce((sum, w) => sum + (w.end - w.start), 0);
      rows.push({
        measure: `analysis real-time factor, ${name} (${scan.duration.toFixed(0)} s)`,
        value: (seconds / scan.duration).toFixed(2),
        note: `${(scan.frames / seconds).toFixed(1)} frames/s; detect ${t.detectMsPerRun.toFixed(0)} ms/run, pose ${t.poseMsPerPerson.toFixed(0)} ms/person, face ${t.faceMsPerPerson.toFixed(0)} ms/person; CPU ${cpu.toFixed(0)} s, so ${(cpu / cores / scan.duration).toFixed(2)} on ${cores} idle cores; goal <= 1.0`,
      });
      rows.push({
        measure: `fast movements at ${scan.sourceFps} fps, ${name}`,
        value: `${(t.denseMsTotal / 1000).toFixed(1)} s`,
        note: `${windows.length} windows, ${denseSeconds.toFixed(1)} s of the clip, ${t.denseFrames} extra frames; ${((100 * t.denseMsTotal) / t.totalMs).toFixed(0)} % of the scan; without them the factor is ${((t.totalMs - t.denseMsTotal) / 1000 / scan.duration).toFixed(2)}`,
      });
      const coachStarted = performance.now();
      const analysis = analysePoses(scan);
      rows.push({
        measure: `regenerate (coach step), ${name}`,
        value: `${(performance.now() - coachStarted).toFixed(0)} ms`,
        note: `${analysis.coachingPoints.length} coaching points; without a language model; goal < 2 s`,
      });
    }
    rows.push(await benchStillFilm(folder));
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
  return rows;
}

/**
 * A long film in which nothing changes (a camera left running with the lens cap on): the scan
 * should cost its decoding, not a detector run every few frames (issue 14). Twenty minutes of
 * black at 30 fps; before the change such a film took about a detector run (0.17 s of a core)
 * per 0.6 s of film.
 */
async function benchStillFilm(folder: string): Promise<Row> {
  const minutes = 20;
  const film = path.join(folder, 'black.mp4');
  // prettier-ignore
  await runMediaTool(await ffmpegPath(), [
    '-hide_banner', '-y', '-f', 'lavfi', '-i', `color=black:s=640x360:r=30:d=${minutes * 60}`,
    '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', film,
  ]);
  const started = performance.now();
  const cpuStarted = cpuSeconds();
  const scan = await scanVideo(film, { fps: 5, width: 640, workers: availableParallelism() });
  const seconds = (performance.now() - started) / 1000;
  const t = scan.timings!;
  return {
    measure: `scan of ${minutes} min of black film (30 fps)`,
    value: `${seconds.toFixed(1)} s`,
    note: `${t.detectorRuns} detector runs, ${t.unchangedFrames} of ${scan.frames} frames unchanged; CPU ${(cpuSeconds() - cpuStarted).toFixed(0)} s; goal: decoding only, not the ${((minutes * 60 * 5 * 0.17) / 3 / 60).toFixed(0)} min of a core that a detector run every 3 frames costs`,
  };
}
