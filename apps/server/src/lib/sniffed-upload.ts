import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { once } from 'node:events';
import { Readable } from 'node:stream';
import type { BlobStore } from '../storage';
import { badRequest, HttpError } from './http-errors';
import { problemWithInput } from './json-input';
import { malformedFormError } from './multipart-form';

export type StoredUpload = {
  /** As stored: the sniffed type, or what `storedType` made of it. */
  contentType: string;
  bytes: number;
};

export type SniffedUploadRules = {
  /** The multipart field that carries the file. */
  field: string;
  maxBytes: number;
  /** Whether a type, as judged from the file's first bytes, is one this upload takes. */
  accepts: (mime: string) => boolean;
  /** The 415 message for a file of another type (`mime` undefined: not a type we recognise). */
  refusal: (mime: string | undefined) => string;
  /** The Content-Type to store the blob with, when it should differ from the sniffed type. */
  storedType?: (mime: string) => string;
  /** The 413 message. */
  tooLarge: string;
  /** The 400 message when the request is not multipart/form-data. */
  notMultipart: string;
};

/**
 * Reads a multipart/form-data request: its text fields, and its one file streamed into the
 * BlobStore at `key` (the caller commits it elsewhere or deletes it). The file's type is judged
 * by its first bytes, never its name or the browser's claim, so a renamed document is refused
 * (415) before anything is stored. A file past `maxBytes` is 413. An empty file (0 bytes) is
 * reported as `empty` rather than judged: it has no type. A form that is not well-formed
 * (no boundary, cut short) is 400, and so is a text field holding a NUL character.
 * On any failure nothing is left at `key`.
 */
export async function receiveSniffedUpload(
  request: FastifyRequest,
  key: string,
  blobs: BlobStore,
  rules: SniffedUploadRules,
): Promise<{ fields: Record<string, string>; file: StoredUpload | 'empty' | undefined }> {
  if (!request.isMultipart()) throw badRequest(rules.notMultipart);
  const fields: Record<string, string> = {};
  let file: StoredUpload | 'empty' | undefined;
  try {
    for await (const part of request.parts({ limits: { fileSize: rules.maxBytes } })) {
      if (part.type === 'field') {
        if (typeof part.value === 'string') fields[part.fieldname] = part.value;
        continue;
      }
      if (part.fieldname !== rules.field || file) {
        part.file.resume(); // not ours: drain it so the rest of the form can be read
        continue;
      }
      file = await storeSniffedFile(part, key, blobs, rules);
      if (part.file.truncated) throw new HttpError(413, rules.tooLarge);
    }
    const problem = problemWithInput(fields);
    if (problem) throw badRequest(problem);
    return { fields, file };
  } catch (error) {
    await blobs.delete(key).catch(() => undefined);
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new HttpError(413, rules.tooLarge);
    }
    throw malformedFormError(error) ?? error;
  }
}

/** As much as file-type looks at to name a container (its own sample size for streams). */
export const SNIFF_BYTES = 4100;

async function storeSniffedFile(
  part: MultipartFile,
  key: string,
  blobs: BlobStore,
  rules: SniffedUploadRules,
): Promise<StoredUpload | 'empty'> {
  // Read, judged, and put back: the file then goes to the store as it came, with no stream
  // between (a pass-through stage costs a hop and a buffer for every chunk of a large video).
  const { head, ended } = await peekBytes(part.file, SNIFF_BYTES);
  if (head.length === 0) return 'empty'; // the form goes on: there may be fields after it
  const mime = await sniffedType(head);
  if (!mime || !rules.accepts(mime)) {
    part.file.resume();
    throw new HttpError(415, rules.refusal(mime));
  }
  const contentType = rules.storedType?.(mime) ?? mime;
  const body = ended ? Readable.from([head]) : part.file;
  const { bytes } = await blobs.write(key, body, { contentType });
  return { contentType, bytes };
}

/**
 * The type judged from the bytes, or undefined when they say nothing the sniffer knows. It
 * throws on some damaged files (EBML cut short: a WebM's first bytes and junk), and damage is
 * the person's file, not a server fault.
 */
export async function sniffedType(bytes: Uint8Array): Promise<string | undefined> {
  // Loaded at the first upload: its many container parsers are memory an idle server need not hold.
  const { fileTypeFromBuffer } = await import('file-type');
  try {
    return (await fileTypeFromBuffer(bytes))?.mime;
  } catch {
    return undefined;
  }
}

/**
 * The first `wanted` bytes of the stream (or more), left in it to be read again; or, when the
 * stream ends sooner, all of it (`ended`: an ended stream takes nothing back).
 */
export async function peekBytes(
  stream: Readable,
  wanted: number,
): Promise<{ head: Buffer; ended: boolean }> {
  const chunks: Buffer[] = [];
  let length = 0;
  while (length < wanted) {
    const chunk = await nextChunk(stream);
    if (!chunk) return { head: Buffer.concat(chunks, length), ended: true };
    chunks.push(chunk);
    length += chunk.length;
  }
  const head = Buffer.concat(chunks, length);
  // In the same turn as the last read: a stream whose last bytes were read ends at the next
  // tick, and after that it would take nothing back.
  stream.unshift(head);
  return { head, ended: false };
}

/**
 * The stream's next chunk, or null when it ends without another. A part the form cut short is
 * destroyed with its error, often with its first bytes still buffered: those are not a file,
 * and a destroyed stream would never reach the store, so the error is thrown instead.
 */
async function nextChunk(stream: Readable): Promise<Buffer | null> {
  for (;;) {
    const chunk = stream.read() as Buffer | null;
    if (stream.errored) throw stream.errored;
    if (chunk !== null) return chunk;
    if (stream.readableEnded || stream.destroyed) return null;
    const settled = new AbortController();
    try {
      // 'error' rejects either wait.
      await Promise.race([
        once(stream, 'readable', { signal: settled.signal }),
        once(stream, 'end', { signal: settled.signal }),
      ]);
    } finally {
      settled.abort();
    }
  }
}
