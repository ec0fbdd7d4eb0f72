import { gzipSync } from 'node:zlib';

/** A list as sent: JSON bytes, and the same gzipped for browsers that accept it. */
export type SerializedList = { json: Buffer; gzip: Buffer };

/**
 * Video lists already turned into JSON (and gzipped), one per user, each under the fingerprint
 * of the rows it was made from. Sending an unchanged list again then costs one small query
 * instead of reading, checking and serialising every row (a big library is half a megabyte,
 * about 40 KB gzipped). Each process keeps its own; the fingerprint comes from the database,
 * so a change made through any process is seen at once.
 */
export class VideoListCache {
  private readonly entries = new Map<string, { fingerprint: string; list: SerializedList }>();
  private bytes = 0;

  constructor(private readonly maxBytes = 64 * 1024 * 1024) {}

  get(userId: string, fingerprint: string): SerializedList | undefined {
    const entry = this.entries.get(userId);
    if (!entry || entry.fingerprint !== fingerprint) return undefined;
    // Most recently used last: the first entry is the one to drop when space runs out.
    this.entries.delete(userId);
    this.entries.set(userId, entry);
    return entry.list;
  }

  /** Serialises and keeps the list; returns what to send. */
  set(userId: string, fingerprint: string, json: string): SerializedList {
    const bytes = Buffer.from(json);
    const list = { json: bytes, gzip: gzipSync(bytes) };
    this.remove(userId);
    const size = sizeOf(list);
    if (size > this.maxBytes) return list;
    this.entries.set(userId, { fingerprint, list });
    this.bytes += size;
    for (const oldest of this.entries.keys()) {
      if (this.bytes <= this.maxBytes) break;
      this.remove(oldest);
    }
    return list;
  }

  private remove(userId: string) {
    const entry = this.entries.get(userId);
    if (!entry) return;
    this.bytes -= sizeOf(entry.list);
    this.entries.delete(userId);
  }
}

const sizeOf = (list: SerializedList) => list.json.length + list.gzip.length;
