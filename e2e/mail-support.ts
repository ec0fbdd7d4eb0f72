import { expect } from '@playwright/test';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { ReceivedMail } from './mail-peer';

/** Where the SMTP peer of this run keeps what it receives (see playwright.config.ts). */
function mailDir(): string {
  const dir = process.env.FILMROOM_E2E_MAIL_DIR;
  if (!dir) throw new Error('FILMROOM_E2E_MAIL_DIR is not set: run through playwright.config.ts');
  return dir;
}

/** Every message the peer has received so far for `address`, oldest first. */
export async function mailFor(address: string): Promise<ReceivedMail[]> {
  const names = (await readdir(mailDir()).catch(() => [] as string[]))
    .filter((name) => name.endsWith('.json') && !name.startsWith('.'))
    .sort((a, b) => Number.parseInt(a, 10) - Number.parseInt(b, 10) || a.localeCompare(b));
  const mails = await Promise.all(
    names.map(
      async (name) =>
        JSON.parse(await readFile(path.join(mailDir(), name), 'utf8')) as ReceivedMail,
    ),
  );
  // Compared on letters and digits alone: a relay quotes an address full of markup (xss.spec.ts).
  const plain = (text: string) => text.toLowerCase().replace(/[^a-z0-9@.]/g, '');
  return mails.filter((mail) => mail.to.some((to) => plain(to) === plain(address)));
}

/**
 * Waits until the peer has received the `count`th message to `address` whose subject matches,
 * and returns it. Mail leaves the server after its answer, so it is waited for, not expected.
 */
export async function waitForMail(address: string, subject: RegExp, count = 1) {
  let found: ReceivedMail[] = [];
  await expect
    .poll(
      async () => {
        found = (await mailFor(address)).filter((mail) => subject.test(mail.subject));
        return found.length;
      },
      { message: `mail to ${address} with subject ${subject}`, timeout: 15_000 },
    )
    .toBeGreaterThanOrEqual(count);
  return found[count - 1]!;
}

/** The first link in a message's text that starts with `prefix`. */
export function linkIn(mail: ReceivedMail, prefix: string): string {
  const link = mail.text.split(/\s+/).find((word) => word.startsWith(prefix));
  if (!link) throw new Error(`no link starting ${prefix} in:\n${mail.text}`);
  return link;
}

/**
 * The first link starting with `prefix` in the newest mail to `address` that a server without
 * a relay wrote to its log (the measuring server: see playwright.config.ts), waited for.
 */
export async function loggedMailLink(address: string, prefix: string): Promise<string> {
  const file = process.env.FILMROOM_E2E_OUTBOX_LOG;
  if (!file)
    throw new Error('FILMROOM_E2E_OUTBOX_LOG is not set: run through playwright.config.ts');
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        const lines = (await readFile(file, 'utf8').catch(() => '')).split('\n');
        const mails = lines
          .filter((line) => line.includes('"mail"') && line.includes(address.toLowerCase()))
          .map((line) => (JSON.parse(line) as { mail?: { to: string; text: string } }).mail)
          .filter((mail) => mail?.to === address.toLowerCase());
        const text = mails.at(-1)?.text ?? '';
        link = text.split(/\s+/).find((word) => word.startsWith(prefix));
        return link !== undefined;
      },
      { message: `a logged mail to ${address} with a link ${prefix}…`, timeout: 15_000 },
    )
    .toBe(true);
  return link!;
}
