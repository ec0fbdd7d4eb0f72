import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ClipLabel } from './evaluate';

/** The shared fixtures beside the repository (never copied into it). */
const FIXTURES = fileURLToPath(new URL('../../shared/fixtures/', import.meta.url));

/** Every labelled clip: its file and its ground truth. */
export async function labelledClips(): Promise<{ clip: string; file: string; label: ClipLabel }[]> {
  const labels = JSON.parse(await readFile(path.join(FIXTURES, 'labels.json'), 'utf8')) as Record<
    string,
    ClipLabel | string
  >;
  return Object.entries(labels)
    .filter(
      (entry): entry is [string, ClipLabel] =>
        !entry[0].startsWith('_') && typeof entry[1] === 'object',
    )
    .map(([clip, label]) => ({ clip, file: path.join(FIXTURES, 'video', clip), label }))
    .sort((a, b) => a.clip.localeCompare(b.clip));
}
