// The AI Coach as a person meets it, through the real server: how long until the first words of
// an answer appear, and how fast the answer then grows. Built-in coach (no language model) on
// the squats clip. Goal: the first streamed piece under 300 ms.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { askOverHttp } from '../apps/server/test/chat-stream';
import { startServerProcess } from '../apps/server/test/server-process';
import type { Row } from './table';

const clip = path.resolve(
  import.meta.dirname,
  '../../shared/fixtures/video/squats_single_person.mp4',
);

// What athletes ask first: the suggested kinds of question, and a moment in the clip.
const QUESTIONS = [
  'What should I work on first?',
  'How many squats did I do?',
  'What happened at 0:05?',
  'Compare my first and last rep',
  'How is my depth at the bottom?',
];

function median(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

export async function benchChatOverHttp(): Promise<Row[]> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'filmroom-bench-chat-'));
  const server = await startServerProcess({ DATA_DIR: dataDir, LLM_BASE_URL: '', LLM_MODEL: '' });
  try {
    const { origin } = server;
    const registered = await fetch(`${origin}/api/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin },
      body: JSON.stringify({
        username: 'bench-chat@example.com',
        password: 'bench password',
        name: 'Bench',
        isCoach: false,
      }),
    });
    const cookie = registered.headers.getSetCookie()[0]!.split(';')[0]!;

    const form = new FormData();
    form.set('title', 'Squats');
    form.set('video', new Blob([await readFile(clip)], { type: 'video/mp4' }), 'squats.mp4');
    const uploaded = await fetch(`${origin}/api/videos`, {
      method: 'POST',
      headers: { cookie, origin },
      body: form,
    });
    const { id } = (await uploaded.json()) as { id: string };
    type Detail = { analysis: unknown; analysisState: { status: string } | null };
    let detail: Detail;
    do {
      await sleep(200);
      detail = (await (
        await fetch(`${origin}/api/videos/${id}`, { headers: { cookie } })
      ).json()) as Detail;
      if (detail.analysisState?.status === 'failed') throw new Error('the analysis failed');
    } while (!detail.analysis);

    const firstPiece: number[] = [];
    const charactersPerSecond: number[] = [];
    let characters = 0;
    for (const question of QUESTIONS) {
      const started = performance.now();
      const answer = await askOverHttp(origin, cookie, id, question);
      const total = performance.now() - started;
      if (answer.events.at(-1)?.type !== 'complete' || answer.firstPieceMs === null) {
        throw new Error(`"${question}" was not answered: ${JSON.stringify(answer.events.at(-1))}`);
      }
      firstPiece.push(answer.firstPieceMs);
      charactersPerSecond.push(answer.answer.length / ((total - answer.firstPieceMs) / 1000));
      characters += answer.answer.length;
    }

    return [
      {
        measure: 'AI Coach chat: first streamed piece, built-in coach over HTTP (median of 5)',
        value: `${median(firstPiece).toFixed(0)} ms`,
        note: `squats clip, 5 typical questions; slowest ${Math.max(...firstPiece).toFixed(0)} ms; includes session, access check, reading the stored analysis, storing the question; goal < 300 ms`,
      },
      {
        measure: 'AI Coach chat: answer streaming rate, built-in coach (median of 5)',
        value: `${median(charactersPerSecond).toFixed(0)} chars/s`,
        note: `paced at 10 ms a word on purpose so the answer visibly grows; ${Math.round(characters / QUESTIONS.length)} characters an answer on average`,
      },
    ];
  } finally {
    await server.stop('SIGTERM');
    await rm(dataDir, { recursive: true, force: true });
  }
}
