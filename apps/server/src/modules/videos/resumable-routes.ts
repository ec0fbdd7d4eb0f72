import { uploadFieldsSchema } from '@filmroom/contract';
import { Metadata, Server, type Upload } from '@tus/server';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { AsyncLocalStorage } from 'node:async_hooks';
import { randomBytes, randomUUID } from 'node:crypto';
import { buffer } from 'node:stream/consumers';
import { badRequest, HttpError, notFound } from '../../lib/http-errors';
import { problemWithInput } from '../../lib/json-input';
import { peekBytes, sniffedType, SNIFF_BYTES } from '../../lib/sniffed-upload';
import { requireUser } from '../access';
import { isOutOfSpace, OUT_OF_SPACE_MESSAGE, SERVER_FAULT_MESSAGE } from '../../lib/server-faults';
import type { UserRow } from '../../db/schema';
import { createResumableStore } from './resumable-store';
import { handleWithTus } from './tus-handle';
import { PostgresLocker, UploadLockTimeout } from './upload-locker';
import type { VideoService } from './video-service';
import { isVideoType, notAVideo } from './video-types';

const PATH = '/api/resumable-uploads';
// Uploads are named with 16 random bytes in hex, as the tus server would; anything else names
// no upload.
const UPLOAD_ID = /^[0-9a-f]{32}$/;
/** The header a finished upload's answer names its video in. */
const VIDEO_ID_HEADER = 'FilmRoom-Video-Id';

/**
 * Resumable video uploads (the tus protocol, https://tus.io) at /api/resumable-uploads, beside
 * the one-request multipart upload. Creating one (POST) says the size and the form's fields as
 * Upload-Metadata; PATCHes send the bytes and may pick up after a dropped connection from the
 * offset HEAD reports; DELETE cancels and removes what was stored. The same rules hold as for
 * the multipart upload: signed in, a video by its first bytes, the size limit and quota, and
 * one transaction making the video row and its preparation job once the last byte arrives.
 * An upload is its creator's: to anyone else it does not exist.
 */
export const resumableUploadRoutes: FastifyPluginAsync<{ videos: VideoService }> = async (
  app,
  { videos },
) => {
  const { config, blobs } = app;
  const { maxBytes } = config.resumableUploads;
  const store = await createResumableStore(config, blobs);
  // Several API processes may serve one upload's requests: the lock on it lives in the database.
  const locker = new PostgresLocker(app.pool.options.connectionString!, { log: app.log });
  app.addHook('onClose', () => locker.close());
  // Who is asking, the name a creation reserved room under, and the upload the route checked
  // is theirs, for the tus server's hooks (they see only a copy of the request).
  const asking = new AsyncLocalStorage<Asker>();

  /** Stores the finished upload as the video of the one who sent it. */
  const commitFinished = async (upload: Upload, owner: UserRow) => {
    // An account disabled or deleted while the bytes arrived: refused, and the bytes removed,
    // before anything moves (deleting it removes its unfinished uploads too; the commit checks
    // again in its transaction).
    await videos.requireActiveOwner(owner.id).catch(async (error: unknown) => {
      await store.datastore.remove(upload.id).catch(() => undefined);
      await videos.releaseReservation(upload.id);
      throw error;
    });
    const stagingKey = await store.stage(upload.id).catch((error: unknown) => {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      throw new HttpError(410, 'This upload was removed while it was being sent. Start it again.');
    });
    await store.forget(upload.id);
    try {
      const head = await buffer(
        await blobs.read(stagingKey, { start: 0, end: Math.min(SNIFF_BYTES, upload.size!) - 1 }),
      );
      const mime = await sniffedType(head);
      if (!mime || !isVideoType(mime)) throw new HttpError(415, notAVideo(mime));
      const fields = parseFields(upload.metadata ?? {});
      return await videos.commitUpload({
        id: randomUUID(),
        owner,
        ...fields,
        file: { stagingKey, contentType: mime, bytes: upload.size! },
        quotaBytes: config.userQuotaBytes,
        reservation: upload.id,
      });
    } catch (error) {
      await blobs.delete(stagingKey).catch(() => undefined);
      await videos.releaseReservation(upload.id);
      throw error;
    }
  };

  const tus = new Server({
    path: PATH,
    datastore: store.datastore,
    locker,
    relativeLocation: true,
    maxSize: maxBytes,
    // Behind a proxy the Location stays relative, so its headers change nothing.
    respectForwardedHeaders: false,
    // Same-origin only, like the rest of the API: no Access-Control-Allow-Origin (the library's
    // default is any origin).
    allowedOrigins: () => false,
    namingFunction: () => asking.getStore()!.newUpload!,
    // The upload is the one the route matched and checked is the asker's, never one the tus
    // server reads from the URL itself: it takes the last "/" segment of the whole address,
    // query included, so `/<mine>?x=/<theirs>` would reach someone else's.
    getFileIdFromRequest: () => asking.getStore()?.uploadId,
    onUploadCreate: async (_request, upload) => ({
      metadata: { ...upload.metadata, owner: asking.getStore()!.owner.id },
    }),
    onUploadFinish: async (_request, upload) => {
      const { video } = await commitFinished(upload, asking.getStore()!.owner);
      return { headers: { [VIDEO_ID_HEADER]: video.id } };
    },
    // Every error is answered here, so none reaches the client with its details: the tus
    // server's own default answer carries the error's message (SQL and its parameters, say).
    onResponseError: (_request, error) => {
      if (error instanceof HttpError) return { status_code: error.statusCode, body: error.message };
      // 423 Locked: tus clients try again later, as they should.
      if (error instanceof UploadLockTimeout) return { status_code: 423, body: error.message };
      if (isTusAnswer(error)) {
        if ((error as { status_code: number }).status_code >= 500) {
          app.log.error({ err: error }, 'resumable upload request failed');
        }
        return undefined;
      }
      if (isOutOfSpace(error)) {
        app.log.error({ err: error }, 'storage is full');
        return { status_code: 507, body: OUT_OF_SPACE_MESSAGE };
      }
      app.log.error({ err: error }, 'resumable upload request failed');
      return { status_code: 500, body: SERVER_FAULT_MESSAGE };
    },
  });

  // PATCHes sending bytes now, by account: each holds an upload's lock and a connection for as
  // long as its client takes, so one account may only have a few at once (in this process).
  const sending = new Map<string, number>();
  /** Counts a PATCH of `owner`'s, or refuses it (429) past the cap; returns its end. */
  const startSending = (owner: UserRow) => {
    const cap = config.resumableUploads.maxSendingPerUser;
    const now = sending.get(owner.id) ?? 0;
    if (now >= cap) {
      throw new HttpError(
        429,
        `You are already sending ${cap} uploads at once, the most at a time. ` +
          'Let one finish, then send the next.',
      );
    }
    sending.set(owner.id, now + 1);
    let ended = false;
    return () => {
      if (ended) return;
      ended = true;
      const left = (sending.get(owner.id) ?? 1) - 1;
      if (left > 0) sending.set(owner.id, left);
      else sending.delete(owner.id);
    };
  };

  /** The asker's upload named in the address; 404 for anyone else's, as for none at all. */
  const ownUpload = async (id: string, owner: UserRow) => {
    if (!UPLOAD_ID.test(id)) throw notFound('Upload not found');
    const upload = await store.datastore.getUpload(id).catch(() => null);
    if (!upload || upload.metadata?.owner !== owner.id) throw notFound('Upload not found');
    return upload;
  };

  /**
   * Refuses a creation the upload could never finish: no size, too big, no room, bad fields.
   * Otherwise reserves its room in the owner's quota; returns the name it is reserved under.
   */
  const reserveCreation = async (request: FastifyRequest, owner: UserRow) => {
    const length = request.headers['upload-length'];
    if (typeof length !== 'string' || !/^\d+$/.test(length)) {
      throw badRequest('Say the size of the upload in Upload-Length (a number of bytes)');
    }
    const bytes = Number(length);
    if (bytes === 0) {
      throw new HttpError(415, 'This file is empty. Choose a video file (MP4, MOV, WebM, ...).');
    }
    if (bytes > maxBytes) {
      throw new HttpError(413, `The video is larger than the ${formatLimit(maxBytes)} limit`);
    }
    const metadata = request.headers['upload-metadata'];
    let parsed: Record<string, string | null>;
    try {
      parsed = Metadata.parse(typeof metadata === 'string' ? metadata : undefined);
    } catch {
      throw badRequest('Upload-Metadata is not valid: key and base64 value pairs, by commas');
    }
    parseFields(parsed);
    const id = randomBytes(16).toString('hex');
    await videos.reserveUpload({
      id,
      owner,
      bytes,
      quotaBytes: config.userQuotaBytes,
      expiresAt: new Date(Date.now() + config.resumableUploads.expiryMs),
      maxOpen: config.resumableUploads.maxOpenPerUser,
    });
    return id;
  };

  /**
   * Judges the file by its first bytes as they arrive, so a renamed document is refused at
   * once rather than after gigabytes: in the PATCH that starts it, or in the creation that
   * carries them (creation-with-upload). A later PATCH is not judged here: the finished file
   * is. A refused upload is removed (`id`: stored under that name, if it is yet) with its room.
   */
  const checkFirstBytes = async (
    request: FastifyRequest,
    reply: FastifyReply,
    upload: { id: string; size: number; stored: boolean },
  ) => {
    const wanted = Math.min(SNIFF_BYTES, upload.size);
    const { head, ended } = await peekBytes(request.raw, wanted);
    const refuse = async (error: HttpError) => {
      if (upload.stored) await store.datastore.remove(upload.id).catch(() => undefined);
      await videos.releaseReservation(upload.id);
      // The rest of the body is not read: the connection cannot carry another request.
      void reply.header('connection', 'close');
      throw error;
    };
    if (ended && head.length < wanted) {
      await refuse(badRequest(`Send at least the first ${wanted} bytes of the file at once`));
    }
    const mime = await sniffedType(head);
    if (!mime || !isVideoType(mime)) await refuse(new HttpError(415, notAVideo(mime)));
  };

  // The tus server reads the bodies itself.
  app.addContentTypeParser('application/offset+octet-stream', (_request, _body, done) =>
    done(null),
  );

  /** Lets the tus server answer; returns the status it answered with. */
  const handOver = async (
    request: FastifyRequest,
    reply: FastifyReply,
    asker: Asker,
    beforeAnswer?: (status: number) => Promise<void>,
  ) => {
    reply.hijack();
    return asking.run(asker, () =>
      handleWithTus(tus, request.raw, reply.raw, {
        idleMs: config.resumableUploads.idleMs,
        beforeAnswer,
      }),
    );
  };

  app.route({
    method: ['POST', 'OPTIONS'],
    url: '/resumable-uploads',
    schema: { hide: true },
    handler: async (request, reply) => {
      const owner = requireUser(request);
      if (request.method !== 'POST') return void (await handOver(request, reply, { owner }));
      const newUpload = await reserveCreation(request, owner);
      // Creation-with-upload: the first bytes come with the creation, and are judged as a
      // first PATCH's are.
      if (carriesBytes(request)) {
        const size = Number(request.headers['upload-length']);
        await checkFirstBytes(request, reply, { id: newUpload, size, stored: false });
      }
      // Not created: its room is free again before the client hears so.
      const releaseUnlessCreated = async (status: number) => {
        if (status !== 201) await videos.releaseReservation(newUpload);
      };
      await handOver(request, reply, { owner, newUpload }, releaseUnlessCreated).catch((error) => {
        void videos.releaseReservation(newUpload).catch(() => undefined);
        throw error;
      });
    },
  });

  app.route({
    method: ['HEAD', 'PATCH', 'DELETE', 'OPTIONS'],
    url: '/resumable-uploads/:uploadId',
    schema: { hide: true },
    // A PATCH carries gigabytes for as long as it takes; a log line each is enough.
    handler: async (request, reply) => {
      const owner = requireUser(request);
      const { uploadId } = request.params as { uploadId: string };
      const upload = await ownUpload(uploadId, owner);
      const stopSending = request.method === 'PATCH' ? startSending(owner) : undefined;
      try {
        if (
          request.method === 'PATCH' &&
          request.headers['upload-offset'] === '0' &&
          upload.offset === 0
        ) {
          await checkFirstBytes(request, reply, {
            id: upload.id,
            size: upload.size!,
            stored: true,
          });
        }
        // Cancelled: what it stored is gone, and so is its room in the quota, before the
        // client hears so (it may create the next upload at once).
        await handOver(request, reply, { owner, uploadId: upload.id }, async (status) => {
          if (request.method === 'DELETE' && status === 204) {
            await videos.releaseReservation(upload.id);
          }
        });
      } finally {
        stopSending?.();
      }
    },
  });
};

/** Whether a creation request carries the upload's first bytes, as tus's creation-with-upload. */
function carriesBytes(request: FastifyRequest) {
  const type = request.headers['content-type'];
  const length = request.headers['content-length'];
  return (
    type?.split(';')[0]?.trim().toLowerCase() === 'application/offset+octet-stream' &&
    (length === undefined ? request.headers['transfer-encoding'] !== undefined : length !== '0')
  );
}

/** Who asks the tus server, and about which upload (never read from the URL by tus itself). */
type Asker = { owner: UserRow; newUpload?: string; uploadId?: string };

/**
 * An error the tus server made itself as an answer (`ERRORS.*`: a wrong offset, a missing
 * header): a status and a fixed sentence, nothing from inside the server.
 */
const isTusAnswer = (error: unknown): boolean =>
  !(error instanceof Error) &&
  typeof (error as { status_code?: unknown }).status_code === 'number' &&
  typeof (error as { body?: unknown }).body === 'string';

/** The video's fields from an upload's metadata, as the multipart form would give them. */
function parseFields(metadata: Record<string, string | null>) {
  // PostgreSQL text cannot hold a NUL: refused at creation, not after the last byte.
  const problem = problemWithInput(metadata);
  if (problem) throw badRequest(`Upload-Metadata: ${problem}`);
  const parsed = uploadFieldsSchema.safeParse({
    title: metadata.title ?? undefined,
    description: metadata.description ?? undefined,
    movement: metadata.movement ?? undefined,
  });
  if (!parsed.success) throw badRequest(parsed.error.issues[0]!.message);
  return {
    title: parsed.data.title,
    description: parsed.data.description || null,
    movement: parsed.data.movement,
  };
}

const formatLimit = (bytes: number) =>
  bytes >= 1024 ** 3
    ? `${Math.round(bytes / 1024 ** 3)} GB`
    : `${Math.round(bytes / 1024 ** 2)} MB`;
