import { simpleParser, type ParsedMail } from 'mailparser';
import type { AddressInfo } from 'node:net';
import { SMTPServer, type SMTPServerDataStream } from 'smtp-server';

export type SmtpPeer = {
  /** An SMTP_URL that reaches this peer. */
  url: string;
  /** Every message received so far, parsed, in order of arrival. */
  received: ParsedMail[];
  /** The first message (already here or still to come) whose To holds `address`. */
  /** The first mail to `address` (whose subject matches, if given), waited for. */
  mailTo: (address: string, subject?: RegExp, timeoutMs?: number) => Promise<ParsedMail>;
  /** Refuses the next `count` messages with a temporary error, as a relay that is away would. */
  refuseNext: (count: number) => void;
  close: () => Promise<void>;
};

const recipients = (mail: ParsedMail) =>
  [mail.to ?? []].flat().flatMap((to) => to.value.map((entry) => entry.address?.toLowerCase()));

/** A real SMTP server on loopback that keeps what it is sent, for tests of the mail path. */
export async function startSmtpPeer(): Promise<SmtpPeer> {
  const received: ParsedMail[] = [];
  const waiting = new Set<() => void>();
  let refusals = 0;

  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream: SMTPServerDataStream, _session, callback) {
      if (refusals > 0) {
        refusals -= 1;
        stream.resume();
        stream.on('end', () => {
          const error = Object.assign(new Error('Try again later'), { responseCode: 451 });
          callback(error);
        });
        return;
      }
      simpleParser(stream)
        .then((mail) => {
          received.push(mail);
          for (const wake of waiting) wake();
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;

  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    refuseNext: (count) => {
      refusals = count;
    },
    mailTo: (address, subject, timeoutMs = 10_000) =>
      new Promise<ParsedMail>((resolve, reject) => {
        const check = () => {
          const mail = received.find(
            (m) =>
              recipients(m).includes(address.toLowerCase()) &&
              (!subject || subject.test(m.subject ?? '')),
          );
          if (!mail) return;
          waiting.delete(check);
          clearTimeout(timer);
          resolve(mail);
        };
        const timer = setTimeout(() => {
          waiting.delete(check);
          reject(new Error(`no mail to ${address} within ${timeoutMs} ms`));
        }, timeoutMs);
        waiting.add(check);
        check();
      }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The first link in a mail's text that starts with `prefix`. */
export function linkIn(mail: ParsedMail, prefix: string): string {
  const link = (mail.text ?? '').split(/\s+/).find((word) => word.startsWith(prefix));
  if (!link) throw new Error(`no link starting ${prefix} in:\n${mail.text}`);
  return link;
}
