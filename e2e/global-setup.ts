import { readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { startMailPeer } from './mail-peer';

/**
 * Removes the databases of earlier runs (their servers have stopped), keeping this run's
 * (`data-<time>`, the measuring server's `data-<time>-measured` and the mail of
 * `data-<time>-mail`), so e2e/.artifacts does not grow with every run. Then starts the SMTP
 * peer the first server sends its mail to, for the run's length.
 */
export default async function globalSetup() {
  await removeEarlierRuns();
  const port = Number(process.env.FILMROOM_E2E_SMTP_PORT);
  const dir = process.env.FILMROOM_E2E_MAIL_DIR;
  if (!port || !dir) throw new Error('playwright.config.ts sets the SMTP port and mail folder');
  // The servers are already up (Playwright starts them first), but send only when a test acts.
  // The function returned stops the peer at the end of the run.
  return startMailPeer(port, dir);
}

async function removeEarlierRuns() {
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
