import { readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { startMailPeer } from './mail-peer';
import { ADMIN_EMAIL, PASSWORD } from './support';

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
  const stopPeer = await startMailPeer(port, dir);
  await makeAdministrators();
  return stopPeer;
}

/**
 * The first account made on a server administers it: made here, before any spec signs up, it
 * is the one ADMIN_EMAILS names (signInAsAdmin), so no spec's own account gets the Admin area.
 */
async function makeAdministrators() {
  const servers = [process.env.FILMROOM_E2E_BASE_URL, process.env.FILMROOM_E2E_MEASURED_URL];
  for (const origin of servers) {
    if (!origin) throw new Error("playwright.config.ts sets both servers' addresses");
    const response = await fetch(`${origin}/api/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin },
      body: JSON.stringify({
        username: ADMIN_EMAIL,
        password: PASSWORD,
        name: 'Robin Admin',
        isCoach: true,
      }),
    });
    if (response.status !== 201) throw new Error(`the administrator's sign-up: ${response.status}`);
  }
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
