import { readdir, rm } from 'node:fs/promises';
import path from 'node:path';

/**
 * Removes the databases of earlier runs (their servers have stopped), keeping this run's
 * (`data-<time>` and the measuring server's `data-<time>-measured`), so e2e/.artifacts does
 * not grow with every run.
 */
export default async function globalSetup() {
  const current = process.env.FILMROOM_E2E_DATA_DIR;
  if (!current) return;
  const artifacts = path.dirname(current);
  const ours = path.basename(current);
  const entries = await readdir(artifacts).catch(() => [] as string[]);
  await Promise.all(
    entries
      .filter((name) => name.startsWith('data-') && name !== ours && !name.startsWith(`${ours}-`))
      .map((name) => rm(path.join(artifacts, name), { recursive: true, force: true })),
  );
}
