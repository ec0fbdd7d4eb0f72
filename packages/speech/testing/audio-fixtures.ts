import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root (packages/speech/testing → ../../..). */
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** Shared real recordings, read in place and never copied into the repository. */
export function audioFixture(name: string): string {
  const file = path.resolve(repoRoot, '../shared/fixtures/audio', name);
  if (!existsSync(file)) throw new Error(`missing fixture ${file}`);
  return file;
}

/** The words of a recording's transcript (the .txt beside it), lower case, no punctuation. */
export async function transcriptWords(name: string): Promise<string[]> {
  return words(await readFile(audioFixture(name.replace(/\.\w+$/, '.txt')), 'utf8'));
}

export const words = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}'\s]/gu, ' ')
    .split(/\s+/)
    .filter(Boolean);
