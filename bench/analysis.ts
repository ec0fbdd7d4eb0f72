// The analysis pipeline's speed: the vision scan's real-time factor (processing time / clip
// duration) per clip, its stages, and the coach step that Regenerate re-runs.
// Goal: real-time factor at most 1.0 on 2 cores, 0.5 to aim for.
import { analysePoses } from '@filmroom/coach';
import { scanVideo } from '@filmroom/vision';
import { mkdtemp, rm } from 'node:fs/promises';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { FFMPEG_PATH, runMediaTool } from '../apps/server/src/modules/media/ffmpeg';
import type { Row } from './table';

const fixtures = path.resolve(import.meta.dirname, '../../shared/fixtures/video');

/** A 60 s 720p clip: the fixture clips one after another, looped, as one longer session. */
async function makeMinuteClip(folder: string): Promise<string> {
  const output = path.join(folder, 'minute-720p.mp4');
  const scale =
    'scale=1280:720:force_original_aspect_ratio=decrease,pad=1280:720:(ow-iw)/2:(oh-ih)/2,setsar=1,fps=30';
  // prettier-ignore
  await runMediaTool(FFMPEG_PATH, [
    '-hide_banner', '-y',
    '-stream_loop', '-1', '-i', path.join(fixtures, 'basketball_practice.mp4'),
    '-stream_loop', '-1', '-i', path.join(fixtures, 'squats_single_person.mp4'),
    '-filter_complex', `[0:v]${scale},trim=0:30,setpts=PTS-STARTPTS[a];[1:v]${scale},trim=0:30,setpts=PTS-STARTPTS[b];[a][b]concat=n=2:v=1[v]`,
    '-map', '[v]', '-c:v', 'libx264', '-preset', 'veryfast', '-crf', '23', '-t', '60',
    output,
  ]);
  return output;
}

export async function benchAnalysis(): Promise<Row[]> {
  const folder = await mkdtemp(path.join(tmpdir(), 'filmroom-bench-analysis-'));
  const rows: Row[] = [];
  try {
    const clips = [
      path.join(fixtures, 'squats_single_person.mp4'),
      path.join(fixtures, 'basketball_practice.mp4'),
      await makeMinuteClip(folder),
    ];
    for (const clip of clips) {
      const name = path.basename(clip);
      const started = performance.now();
      const scan = await scanVideo(clip, { fps: 5, width: 640, workers: availableParallelism() });
      const seconds = (performance.now() - started) / 1000;
      const t = scan.timings!;
      rows.push({
        measure: `analysis real-time factor, ${name} (${scan.duration.toFixed(0)} s)`,
        value: (seconds / scan.duration).toFixed(2),
        note: `${(scan.frames / seconds).toFixed(1)} frames/s; detect ${t.detectMsPerRun.toFixed(0)} ms/run, pose ${t.poseMsPerPerson.toFixed(0)} ms/person, face ${t.faceMsPerPerson.toFixed(0)} ms/person; goal <= 1.0`,
      });
      const coachStarted = performance.now();
      const analysis = analysePoses(scan);
      rows.push({
        measure: `regenerate (coach step), ${name}`,
        value: `${(performance.now() - coachStarted).toFixed(0)} ms`,
        note: `${analysis.coachingPoints.length} coaching points; without a language model; goal < 2 s`,
      });
    }
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
  return rows;
}
