import { readdir, rm } from 'node:fs/promises';
import path from 'node:path';

/**
 * Removes the databases of earlier runs (their servers have stopped), keeping this run's,
 * so e2e/.artifacts does not grow with every run.
 */
export default async function globalSetup() {
  const current = process.env.FILMROOM_E2E_DATA_DIR;
  if (!current) return;
  const artifacts = path.dirname(current);
  const entries = await readdir(artifacts).catch(() => [] as string[]);
  await Promise.all(
    entries
      .filter((name) => name.startsWith('data-') && path.join(artifacts, name) !== current)
      .map((name) => rm(path.join(artifacts, name), { recursive: true, force: true })),
  );
}
