import { simpleParser } from 'mailparser';
import type { AddressObject } from 'mailparser';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';

/** One message as the peer received it, kept as JSON for the test workers to read. */
export type ReceivedMail = { to: string[]; subject: string; text: string; receivedAt: string };

const addresses = (to: AddressObject | AddressObject[] | undefined) =>
  [to ?? []]
    .flat()
    .flatMap((entry) => entry.value.map((mailbox) => mailbox.address?.toLowerCase() ?? ''));

/**
 * A real SMTP server on loopback standing in for a mail relay, as apps/server/test/smtp-peer.ts
 * does for the server's own tests: no TLS (the server's nodemailer then sends in the clear),
 * no login. Each message is parsed and written to `dir` as its own JSON file, so the test
 * workers (other processes) can wait for it there.
 */
export async function startMailPeer(port: number, dir: string): Promise<() => Promise<void>> {
  await mkdir(dir, { recursive: true });
  let count = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then(async (mail) => {
          const received: ReceivedMail = {
            to: addresses(mail.to),
            subject: mail.subject ?? '',
            text: mail.text ?? '',
            receivedAt: new Date().toISOString(),
          };
          count += 1;
          const name = `${Date.now()}-${count}.json`;
          // Written aside and renamed, so a reader never sees half a file.
          await writeFile(path.join(dir, `.${name}`), JSON.stringify(received, null, 2));
          await rename(path.join(dir, `.${name}`), path.join(dir, name));
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  return () => new Promise<void>((resolve) => server.close(() => resolve()));
}
