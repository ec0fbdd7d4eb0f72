// Export video's speed (issue 17): a 60 s 720p clip rendered with every overlay (drawings,
// pose skeleton, coaching guides, captions, the name, voice notes mixed in).
// Goal: at most 60 s on 2 cores.
import type { Drawing, Poses } from '@filmroom/contract';
import {
  captionSvg,
  drawingSvg,
  ffmpegPath,
  guidesSvg,
  nameLabelSvg,
  renderExport,
  runMediaTool,
  type ExportRender,
  type ExportStill,
} from '@filmroom/media';
import { mkdtemp, rm } from 'node:fs/promises';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { cpuSeconds } from './analysis';
import type { Row } from './table';

const fixtures = path.resolve(import.meta.dirname, '../../shared/fixtures');
const SIZE = { width: 1280, height: 720 };

/** A minute of 720p 30 fps film with sound, looped from a fixture clip. Made at run time. */
async function makeMinuteWithSound(folder: string): Promise<string> {
  const output = path.join(folder, 'minute-720p-sound.mp4');
  // prettier-ignore
  await runMediaTool(await ffmpegPath(), [
    '-hide_banner', '-y',
    '-stream_loop', '-1', '-i', path.join(fixtures, 'video/basketball_practice.mp4'),
    '-f', 'lavfi', '-i', 'sine=frequency=220:sample_rate=48000',
    '-vf', 'scale=1280:720:force_original_aspect_ratio=decrease,pad=1280:720:(ow-iw)/2:(oh-ih)/2,setsar=1,fps=30,format=yuv420p',
    '-map', '0:v', '-map', '1:a', '-c:v', 'libx264', '-preset', 'veryfast', '-crf', '23',
    '-c:a', 'aac', '-t', '60', output,
  ]);
  return output;
}

/** A note every 6 s: an arrow, an angle and a spotlight, shown for 3 s, with its caption. */
function notesEverySixSeconds(): ExportStill[] {
  const stills: ExportStill[] = [];
  for (let at = 1; at < 60; at += 6) {
    const drawing: Drawing = {
      shapes: [
        {
          kind: 'arrow',
          colour: '#ffd60a',
          width: 'thick',
          from: { x: 20, y: 20 },
          to: { x: 45, y: 55 },
        },
        {
          kind: 'angle',
          colour: '#00e5ff',
          width: 'thin',
          points: [
            { x: 40, y: 30 },
            { x: 50, y: 60 },
            { x: 65, y: 40 },
          ],
        },
        {
          kind: 'spotlight',
          colour: '#ffffff',
          width: 'thin',
          from: { x: 35, y: 20 },
          to: { x: 70, y: 90 },
        },
      ],
    };
    stills.push({ from: at, to: at + 3, svg: drawingSvg(drawing, SIZE, `n${at}`) });
    stills.push({
      from: at,
      to: at + 3,
      svg: captionSvg('Drive the knees out and keep the chest up through the bottom', SIZE),
    });
    stills.push({
      from: at + 2,
      to: at + 4.5,
      svg: guidesSvg(
        [
          { type: 'arrow', x: 0.3, y: 0.3, endX: 0.5, endY: 0.6 },
          { type: 'highlight', x: 0.5, y: 0.6 },
        ],
        SIZE,
      ),
    });
  }
  stills.push({ from: 0, to: 61, svg: nameLabelSvg('Squat session · Alex Morgan', SIZE) });
  return stills;
}

/** Two athletes measured 10 times a second for the minute, moving a little every sample. */
function twoAthletes(): Poses {
  const track = (id: number, offset: number) => ({
    id,
    samples: Array.from({ length: 600 }, (_, index) => {
      const t = index / 10;
      const sway = Math.sin(t * 2) * 0.03;
      return {
        t,
        keypoints: Array.from(
          { length: 17 },
          (_, k) =>
            [offset + sway + (k % 2 === 0 ? -0.04 : 0.04), 0.15 + k * 0.045, 0.9] as [
              number,
              number,
              number,
            ],
        ),
      };
    }),
  });
  return { fps: 10, tracks: [track(1, 0.35), track(2, 0.65)] };
}

export async function benchExport(): Promise<Row[]> {
  const folder = await mkdtemp(path.join(tmpdir(), 'filmroom-bench-export-'));
  try {
    const input = await makeMinuteWithSound(folder);
    const voice = path.join(fixtures, 'audio/go_forward_ten_meters.wav');
    const timed = async (overlays: Pick<ExportRender, 'stills' | 'poses' | 'voiceNotes'>) => {
      const started = performance.now();
      const cpuStarted = cpuSeconds();
      await renderExport({
        input,
        output: path.join(folder, 'export.mp4'),
        start: 0,
        end: 60,
        size: SIZE,
        sourceHasAudio: true,
        ...overlays,
      });
      return { seconds: (performance.now() - started) / 1000, cpu: cpuSeconds() - cpuStarted };
    };
    // The same render with nothing drawn: what the encode itself costs, to read the rest against.
    const bare = await timed({ stills: [], poses: null, voiceNotes: [] });
    const full = await timed({
      stills: notesEverySixSeconds(),
      poses: twoAthletes(),
      voiceNotes: [5, 17, 29, 41, 53].map((at) => ({ path: voice, at })),
    });
    const cores = availableParallelism();
    return [
      {
        measure: 'export 60 s 720p, no overlays',
        value: `${bare.seconds.toFixed(1)} s`,
        note: `CPU ${bare.cpu.toFixed(0)} s on ${cores} cores: the decode, the empty overlay and the x264 superfast encode`,
      },
      {
        measure: 'export 60 s 720p, all overlays',
        value: `${full.seconds.toFixed(1)} s`,
        note: `CPU ${full.cpu.toFixed(0)} s on ${cores} cores (overlay drawn at 15 fps); 10 drawn notes with captions, guides, name, 2 skeletons, 5 voice notes; goal <= 60 s on 2 cores`,
      },
    ];
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}
