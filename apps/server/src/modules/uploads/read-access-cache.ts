import { isAmong, type AccessEnded } from '../events';

/** Who a remembered session belongs to: enough to tell whether an ended access was theirs. */
export type Reader = { id: string; username: string };

/** What a file is about, for access: a video (its media, stills, voice notes) or a person. */
export type ReadSubject = { kind: 'video' | 'person'; id: string };

type Entry = { reader: Reader; subject: ReadSubject; until: number };

/** Taken before access is checked; an answer is kept only if nothing ended since. */
export type CacheTicket = { readonly generation: number };

const DEFAULT_LIFETIME_MS = 60_000;
const DEFAULT_MAX_ENTRIES = 10_000;

/**
 * Which sessions may read which video's or person's files, as checked a moment ago. A player
 * seeking through a video asks for a slice dozens of times a minute; without this every slice
 * costs a session query and an access query.
 * Only "allowed" is remembered (access that appears is seen at the next miss). Whatever ends an
 * access ends its entries at once: `forget` is fed every ended access this process hears of
 * (its own at once, the other processes' through NOTIFY). Entries also lapse after `lifetimeMs`
 * and with their session, and answers checked while an access was ending are never kept.
 */
export class ReadAccessCache {
  private readonly entries = new Map<string, Entry>();
  private generation = 0;
  private readonly lifetimeMs: number;
  private readonly maxEntries: number;

  constructor(options: { lifetimeMs?: number; maxEntries?: number } = {}) {
    this.lifetimeMs = options.lifetimeMs ?? DEFAULT_LIFETIME_MS;
    this.maxEntries = options.maxEntries ?? DEFAULT_MAX_ENTRIES;
  }

  /** The reader of this session, if it was allowed to read the subject's files. */
  find(sessionId: string, subject: ReadSubject): Reader | undefined {
    const key = keyOf(sessionId, subject);
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.until <= Date.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.reader;
  }

  /** Call before checking access; pass to `remember`. */
  ticket(): CacheTicket {
    return { generation: this.generation };
  }

  /** Keeps an allowed read, unless an access ended after `ticket` was taken. */
  remember(
    ticket: CacheTicket,
    sessionId: string,
    subject: ReadSubject,
    reader: Reader,
    sessionExpiresAt: Date,
  ): void {
    if (ticket.generation !== this.generation) return;
    const until = Math.min(Date.now() + this.lifetimeMs, sessionExpiresAt.getTime());
    const key = keyOf(sessionId, subject);
    this.entries.delete(key); // re-inserted last: the oldest entries go first when full
    this.entries.set(key, { reader, subject, until });
    if (this.entries.size > this.maxEntries) {
      this.entries.delete(this.entries.keys().next().value!);
    }
  }

  /** Drops every entry of the people, and of the videos, whose access ended. */
  forget(ended: AccessEnded): void {
    this.generation += 1;
    const videos = new Set(ended.videoIds);
    for (const [key, entry] of this.entries) {
      const videoGone = entry.subject.kind === 'video' && videos.has(entry.subject.id);
      if (videoGone || isAmong(entry.reader, ended)) this.entries.delete(key);
    }
  }

  /** Drops everything: when ended accesses may have gone unheard. */
  clear(): void {
    this.generation += 1;
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}

const keyOf = (sessionId: string, subject: ReadSubject) =>
  `${sessionId} ${subject.kind} ${subject.id}`;
