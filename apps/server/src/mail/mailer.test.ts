import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpPeer, type SmtpPeer } from '../../test/smtp-peer';
import { createTestDatabase, type TestDatabase } from '../../test/test-database';
import { mailOutbox, users } from '../db/schema';
import type { Log } from '../lib/logger';
import { createMailer } from './create-mailer';
import { invitationMail, passwordResetMail, shareMail } from './messages';
import { listOutboxOf } from './outbox-mailer';
import { RECIPIENT_MAILS_PER_HOUR } from './recipient-limits';
import { SmtpMailer } from './smtp-mailer';

function recordingLog() {
  const lines: { level: string; fields: unknown; message: string }[] = [];
  const at =
    (level: string) =>
    (fields: unknown, message = '') =>
      lines.push({ level, fields, message });
  const log = { debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') };
  return { log: log as unknown as Log, lines };
}

const reset = (to: string) =>
  passwordResetMail({ to, link: 'https://film.example.org/reset-password?token=abc' });

describe('SmtpMailer', () => {
  let peer: SmtpPeer;
  beforeAll(async () => {
    peer = await startSmtpPeer();
  });
  afterAll(() => peer.close());

  it('sends plain-text mail through a real SMTP peer, from MAIL_FROM, without waiting for it', async () => {
    const { log, lines } = recordingLog();
    const mailer = new SmtpMailer(
      { smtpUrl: peer.url, from: 'FilmRoom <no-reply@film.example.org>' },
      log,
    );
    await mailer.send(
      shareMail({
        to: 'jo@example.com',
        sharer: { id: 'x', name: 'Coach\r\nBcc: victim@example.com Kay' },
        videoTitle: 'Game 3',
        accessLevel: 'edit',
        link: 'https://film.example.org/videos/1',
        recipientConfirmed: false,
      }),
    );
    const mail = await peer.mailTo('jo@example.com');
    expect(mail.from?.value).toEqual([{ name: 'FilmRoom', address: 'no-reply@film.example.org' }]);
    // A line break in a name cannot add a header.
    expect(mail.subject).toBe(
      'Coach Bcc: victim@example.com Kay shared "Game 3" with you on FilmRoom',
    );
    expect(mail.bcc).toBeUndefined();
    expect(mail.text).toContain('https://film.example.org/videos/1');
    expect(mail.text).toContain('watch, edit and share it');
    expect(mail.text).toContain('This link confirms that this email address is yours');
    await mailer.close();
    expect(lines.find((line) => line.message === 'mail sent')?.fields).toEqual({
      mail: { kind: 'share', to: 'jo@example.com', subject: mail.subject },
    });
    // Links open accounts: the body never reaches the log.
    expect(JSON.stringify(lines)).not.toContain('videos/1');
  });

  it('tries again when the relay refuses for a while, and gives up without failing the caller', async () => {
    const { log, lines } = recordingLog();
    const mailer = new SmtpMailer({ smtpUrl: peer.url, from: 'f@example.org' }, log, [10, 10]);
    peer.refuseNext(2);
    await mailer.send(reset('again@example.com'));
    await mailer.idle();
    expect((await peer.mailTo('again@example.com')).subject).toBe('Set a new FilmRoom password');
    expect(lines.filter((line) => line.level === 'warn')).toHaveLength(2);

    peer.refuseNext(3);
    await mailer.send(reset('never@example.com'));
    await mailer.close();
    expect(JSON.stringify(peer.received.map((mail) => mail.to))).not.toContain('never@');
    expect(lines.at(-1)).toMatchObject({ level: 'error', message: 'mail could not be sent' });
  });
});

describe('OutboxMailer (no SMTP_URL)', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.drop());

  it("keeps mail for its confirmed recipient's outbox (never the sender's) and logs it; password resets to the log and the Admin area only", async () => {
    const [coach, jo, squatter] = await database.db
      .insert(users)
      .values([
        { username: 'coach@example.com', passwordHash: 'x', name: 'Coach Kay' },
        { username: 'jo@example.com', passwordHash: 'x', name: 'Jo', emailConfirmedAt: new Date() },
        { username: 'jo2@example.com', passwordHash: 'x', name: 'Not Jo' },
      ])
      .returning();
    const { log, lines } = recordingLog();
    const mailer = createMailer({ smtpUrl: undefined, from: 'f@example.org' }, database, log);
    expect(mailer.delivery).toBe('outbox');

    await mailer.send(
      invitationMail({
        to: 'jo@example.com',
        studentName: 'Jo',
        coach: { id: coach!.id, name: 'Coach Kay' },
        link: 'http://localhost:3000/reset-password?token=invite',
      }),
    );
    await mailer.send(
      invitationMail({
        to: 'jo2@example.com',
        studentName: 'Jo',
        coach: { id: coach!.id, name: 'Coach Kay' },
        link: 'http://localhost:3000/reset-password?token=unproven',
      }),
    );
    await mailer.send(reset('coach@example.com'));

    const outbox = await listOutboxOf(database.db, jo!, 'http://localhost:3000');
    expect(outbox).toEqual([
      {
        id: expect.any(String),
        kind: 'invitation',
        to: 'jo@example.com',
        subject: 'Coach Kay invited you to FilmRoom',
        text: expect.stringContaining('http://localhost:3000/reset-password?token=invite'),
        createdAt: expect.any(String),
      },
    ]);
    // The sender never reads it back; an account that never proved its address reads nothing.
    expect(await listOutboxOf(database.db, coach!, 'http://localhost:3000')).toEqual([]);
    expect(await listOutboxOf(database.db, squatter!, 'http://localhost:3000')).toEqual([]);
    const rows = await database.db.select().from(mailOutbox);
    // The reset is kept for the Admin area's mail page (no sender: nobody's outbox shows it).
    expect(rows.map((row) => row.kind).sort()).toEqual([
      'invitation',
      'invitation',
      'password-reset',
    ]);
    expect(rows.find((row) => row.kind === 'password-reset')!.senderId).toBeNull();
    // The operator of a relay-less install also finds the reset link in the log.
    expect(JSON.stringify(lines)).toContain('reset-password?token=abc');
  });
});

describe('mail to one address, whoever sends it', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.drop());

  it('sends an address at most its hourly share of each kind, and says in the log what it held back', async () => {
    const senders = await database.db
      .insert(users)
      .values(
        Array.from({ length: 12 }, (_, index) => ({
          username: `sender${index}@example.com`,
          passwordHash: 'x',
          name: `Sender ${index}`,
        })),
      )
      .returning();
    const { log, lines } = recordingLog();
    const mailer = createMailer({ smtpUrl: undefined, from: 'f@example.org' }, database, log);
    const shareTo = (to: string, sender: (typeof senders)[number]) =>
      mailer.send(
        shareMail({
          to,
          sharer: { id: sender.id, name: sender.name },
          videoTitle: 'Game 3',
          accessLevel: 'view',
          link: 'http://localhost:3000/videos/x',
          recipientConfirmed: true,
        }),
      );
    // Twelve accounts share with one address; the letter case of the address is no way around.
    for (const [index, sender] of senders.entries()) {
      await shareTo(index % 2 ? 'Target@Example.com' : 'target@example.com', sender);
    }
    await shareTo('someone-else@example.com', senders[0]!);
    await mailer.send(reset('target@example.com'));

    const kept = await database.db.select().from(mailOutbox);
    const toTarget = kept.filter((mail) => mail.recipient.toLowerCase() === 'target@example.com');
    expect(toTarget.filter((mail) => mail.kind === 'share')).toHaveLength(
      RECIPIENT_MAILS_PER_HOUR.share!,
    );
    // Other addresses and other kinds of mail are not held back.
    expect(kept.filter((mail) => mail.recipient === 'someone-else@example.com')).toHaveLength(1);
    expect(toTarget.filter((mail) => mail.kind === 'password-reset')).toHaveLength(1);
    const heldBack = lines.filter((line) => line.level === 'warn');
    expect(heldBack).toHaveLength(12 - RECIPIENT_MAILS_PER_HOUR.share!);
    expect(heldBack[0]!.message).toMatch(/hourly share of this kind/);
  });
});
