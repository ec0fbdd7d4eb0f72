// What a coach waits for, through the real server: from the end of an upload to the analysis on
// screen (preparation, vision scan, coach step), and Regenerate's round trip. Goals: the wait
// under the clip's own length (real-time factor <= 1.0); Regenerate under 2 s without a model.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { startServerProcess } from '../apps/server/test/server-process';
import type { Row } from './table';

const clip = path.resolve(
  import.meta.dirname,
  '../../shared/fixtures/video/squats_single_person.mp4',
);

function median(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

export async function benchAnalysisOverHttp(): Promise<Row[]> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'filmroom-bench-http-'));
  const server = await startServerProcess({ DATA_DIR: dataDir });
  try {
    const { origin } = server;
    const registered = await fetch(`${origin}/api/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin },
      body: JSON.stringify({
        username: 'bench-analysis@example.com',
        password: 'bench password',
        name: 'Bench',
        isCoach: true,
      }),
    });
    const cookie = registered.headers.getSetCookie()[0]!.split(';')[0]!;
    const headers = { cookie, origin };

    const form = new FormData();
    form.set('title', 'Squats');
    form.set('video', new Blob([await readFile(clip)], { type: 'video/mp4' }), 'squats.mp4');
    const uploaded = await fetch(`${origin}/api/videos`, { method: 'POST', headers, body: form });
    const { id } = (await uploaded.json()) as { id: string };
    const uploadedAt = performance.now();

    type Detail = {
      duration: number | null;
      analysis: { coachingPoints?: unknown[] } | null;
      analysisState: { status: string } | null;
    };
    let detail: Detail;
    do {
      await sleep(100);
      detail = (await (await fetch(`${origin}/api/videos/${id}`, { headers })).json()) as Detail;
      if (detail.analysisState?.status === 'failed') throw new Error('the analysis failed');
    } while (!detail.analysis);
    const waited = (performance.now() - uploadedAt) / 1000;

    const regenerate: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      const started = performance.now();
      const response = await fetch(`${origin}/api/videos/${id}/regenerate`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({ instructions: i % 2 ? 'Focus on depth, encouraging tone' : '' }),
      });
      if (response.status !== 200) throw new Error(`regenerate answered ${response.status}`);
      regenerate.push(performance.now() - started);
    }

    return [
      {
        measure: 'upload done to analysis shown, squats clip over HTTP',
        value: `${waited.toFixed(1)} s`,
        note: `clip ${detail.duration?.toFixed(1)} s: real-time factor ${(waited / (detail.duration ?? 1)).toFixed(2)} incl. preparation and jobs; ${detail.analysis.coachingPoints?.length ?? 0} coaching points`,
      },
      {
        measure: 'POST /regenerate round trip (median of 5)',
        value: `${median(regenerate).toFixed(0)} ms`,
        note: 'reads the stored scan, coach step, player matching, save; no language model; goal < 2 s',
      },
    ];
  } finally {
    await server.stop('SIGTERM');
    await rm(dataDir, { recursive: true, force: true });
  }
}
