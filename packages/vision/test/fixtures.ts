import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root (packages/vision/test → ../../..). */
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** Shared real media, read in place and never copied into the repository. */
const fixturesFolder = path.resolve(repoRoot, '../shared/fixtures');

export function fixture(relative: string): string {
  const file = path.join(fixturesFolder, relative);
  if (!existsSync(file)) throw new Error(`missing fixture ${file}`);
  return file;
}
