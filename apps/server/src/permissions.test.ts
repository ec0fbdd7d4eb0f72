import type { MeasurementSubject, PlayerDetection } from '@filmroom/contract';
import type { Track } from '@filmroom/vision';
import { eq } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, registerAccount, sessionCookieFrom, uniqueEmail } from '../test/accounts';
import { insertReadyExport } from '../test/exports';
import { storeScan } from '../test/scans';
import { listServerRoutes } from '../test/route-inventory';
import { useTestApp } from '../test/test-app';
import { hostileUploadPaths, rawTus, tusMetadata } from '../test/tus-client';
import { multipartBody } from '../test/uploads';
import { insertPlayableVideo } from '../test/clip-videos';
import { shotReading } from '../test/readings';
import { insertReadyVideo, insertViewShare, MP4_HEADER } from '../test/videos';
import { voiceNote, voiceNoteForm } from '../test/voice-notes';
import {
  analyses,
  analysisRanges,
  annotations,
  clips,
  coachStudents,
  measurements,
  notifications,
  playlistItems,
  playlistShares,
  playlists,
  tagEvents,
  tagTemplates,
  teamMembers,
  teamPlaylistShares,
  teams,
  teamVideoShares,
  userPhotos,
  users,
  videoShares,
} from './db/schema';
import {
  PERMISSIONS,
  ROUTE_ACCESS,
  ROUTE_GUARDS,
  type Permission,
  type RouteGuard,
} from './modules/access';
import { NO_PASSWORD } from './modules/auth/password';
import { suggestionIdOf } from './modules/tagging/tag-suggestion-service';
import { profilePhotoKey } from './modules/users/profile-photos';
import { videoKeys } from './storage';

/**
 * Section 6 of the spec, enforced: every route the server has, asked by each kind of person,
 * with the exact status each must get. Every cell starts from fresh data, so a DELETE that
 * works in one cell cannot change the next.
 */
const ctx = useTestApp();
const KNEE_ANGLE: MeasurementSubject = {
  kind: 'angle',
  joints: ['left_hip', 'left_knee', 'left_ankle'],
};

type Account = Awaited<ReturnType<typeof registerAccount>>;
type Request = {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  body?: object | { multipart: ReturnType<typeof multipartBody> };
};

let origin: string;
/** The status a request gets; the event stream is read over a real socket and then dropped. */
async function statusOf(request: Request, cookie: string | undefined): Promise<number> {
  const headers: Record<string, string> = cookie ? { cookie } : {};
  if (request.url === '/api/events') {
    const abort = new AbortController();
    const response = await fetch(`${origin}${request.url}`, { headers, signal: abort.signal });
    abort.abort();
    return response.status;
  }
  const body = request.body;
  if (body && 'multipart' in body) {
    const { multipart } = body as { multipart: ReturnType<typeof multipartBody> };
    const response = await ctx.app.inject({
      method: request.method,
      url: request.url,
      headers: { ...headers, 'content-type': multipart.contentType },
      payload: multipart.body,
    });
    return response.statusCode;
  }
  const response = await ctx.app.inject({
    method: request.method,
    url: request.url,
    headers,
    payload: body as object | undefined,
  });
  return response.statusCode;
}

let smallJpeg: Buffer;
const photoUpload = () => ({
  multipart: multipartBody(
    {},
    { field: 'photo', filename: 'me.jpg', contentType: 'image/jpeg', data: smallJpeg },
  ),
});
const videoUpload = () => ({
  multipart: multipartBody(
    { title: 'Upload' },
    { filename: 'clip.mp4', contentType: 'video/mp4', data: MP4_HEADER },
  ),
});
let webmNote: Buffer;
const voiceNoteUpload = () => ({
  multipart: voiceNoteForm(
    { timestamp: '1', xPosition: '50', yPosition: '50' },
    { data: webmNote },
  ),
});
const transcriptionUpload = () => ({ multipart: voiceNoteForm({}, { data: Buffer.alloc(0) }) });

async function writeBlob(key: string, contentType: string, bytes: Buffer) {
  await ctx.runtime.deps.blobs.write(key, Readable.from([bytes]), { contentType });
}

async function insertPhoto(userId: string) {
  const id = randomUUID();
  const key = profilePhotoKey(userId, id);
  await ctx.database.db.insert(userPhotos).values({ id, userId, blobKey: key });
  await writeBlob(key, 'image/jpeg', smallJpeg);
  return { id, url: `/uploads/${key}` };
}

const runner: Track = {
  id: 1,
  samples: Array.from({ length: 20 }, (_, i) => ({
    t: i / 5,
    box: [0.3, 0.2, 0.3, 0.7] as [number, number, number, number],
    score: 0.8,
    keypoints: [],
  })),
};

// ---------------------------------------------------------------------------------------------
// Routes about one video: signed out, a stranger, a view share, an edit share, the owner.

const VIDEO_ROLES = ['signed out', 'stranger', 'view share', 'edit share', 'owner'] as const;
type VideoRole = (typeof VIDEO_ROLES)[number];
let people: Record<Exclude<VideoRole, 'signed out'>, Account> & { athlete: Account };
let athletePhoto: { id: string; url: string };
let viewerPhoto: { id: string; url: string };

/**
 * A prepared, analysed video of the owner's, in which their athlete was identified, with the
 * owner's voice note pinned on it and the view share's reply to it.
 */
async function freshVideo() {
  const { db } = ctx.database;
  const id = await insertReadyVideo(ctx.runtime.deps, people.owner.user.id);
  await writeBlob(videoKeys.poster(id), 'image/jpeg', smallJpeg);
  await writeBlob(videoKeys.thumbnail(id), 'image/jpeg', smallJpeg);
  await storeScan(ctx.runtime.deps.blobs, id, [runner]);
  const seen: PlayerDetection = {
    timestamp: 0,
    playerMatchId: people.athlete.user.id,
    confidence: 0.9,
    jerseyNumber: null,
    jerseyColor: null,
    faceDetected: false,
    box: [0.1, 0.1, 0.3, 0.8],
    trackId: 0,
  };
  await db.insert(analyses).values({
    videoId: id,
    status: 'ready',
    progress: 100,
    textAnalysis: 'Good depth.',
    coachingPoints: [],
    playerDetections: [seen],
    // A shot at 1.5 s: one suggested event.
    athletes: [shotReading([1.5])],
  });
  const sharedById = people.owner.user.id;
  const [, , spare] = await db
    .insert(videoShares)
    .values([
      {
        videoId: id,
        sharedWithEmail: people['view share'].username,
        accessLevel: 'view',
        sharedById,
      },
      {
        videoId: id,
        sharedWithEmail: people['edit share'].username,
        accessLevel: 'edit',
        sharedById,
      },
      { videoId: id, sharedWithEmail: uniqueEmail('spare'), accessLevel: 'view', sharedById },
    ])
    .returning();
  const annotationId = randomUUID();
  const audioKey = videoKeys.annotationAudio(id, annotationId, 'webm');
  await writeBlob(audioKey, 'audio/webm', webmNote);
  const pin = { videoId: id, timestamp: 1, xPosition: 50, yPosition: 50 };
  await db.insert(annotations).values({
    ...pin,
    id: annotationId,
    userId: people.owner.user.id,
    content: 'Keep your elbow up',
    audioKey,
  });
  const [reply, viewerNote] = await db
    .insert(annotations)
    .values([
      { ...pin, parentId: annotationId, userId: people['view share'].user.id, content: 'OK' },
      // Written while the view share could still edit: its author may still resolve it.
      { ...pin, userId: people['view share'].user.id, content: 'Knees out' },
    ])
    .returning();
  const exportId = await insertReadyExport(ctx.runtime.deps, id, people.owner.user.id);
  const [tagEvent] = await db
    .insert(tagEvents)
    .values({
      videoId: id,
      authorId: people.owner.user.id,
      code: 'Shot',
      colour: '#f76b15',
      startTime: 1,
      endTime: 1,
      leadSeconds: 1,
      lagSeconds: 1,
      labels: [{ group: 'Result', text: 'Made' }],
      playerId: people.athlete.user.id,
    })
    .returning();
  const [measurement] = await db
    .insert(measurements)
    .values({ videoId: id, userId: people.owner.user.id, name: 'Knee', subject: KNEE_ANGLE })
    .returning();
  const [runningRange, cancelledRange] = await db
    .insert(analysisRanges)
    .values([
      { videoId: id, startSeconds: 2, endSeconds: 3, status: 'scanning' },
      { videoId: id, startSeconds: 3, endSeconds: 4, status: 'cancelled' },
    ])
    .returning();
  return {
    id,
    exportId,
    tagEventId: tagEvent!.id,
    suggestionId: suggestionIdOf(id, null, { trackId: 1, event: 'release', t: 1.5 }),
    runningRangeId: runningRange!.id,
    cancelledRangeId: cancelledRange!.id,
    spareShareId: spare!.id,
    annotationId,
    measurementId: measurement!.id,
    audioKey,
    viewerReplyId: reply!.id,
    viewerNoteId: viewerNote!.id,
  };
}
type FreshVideo = Awaited<ReturnType<typeof freshVideo>>;

const VIDEO_ROUTES: [string, (video: FreshVideo) => Request, Record<VideoRole, number>][] = [
  // prettier-ignore
  ['GET /api/videos/:id', (v) => ({ method: 'GET', url: `/api/videos/${v.id}` }),
    { 'signed out': 401, stranger: 404, 'view share': 200, 'edit share': 200, owner: 200 }],
  // prettier-ignore
  ['PATCH /api/videos/:id', (v) => ({ method: 'PATCH', url: `/api/videos/${v.id}`, body: { title: 'Renamed' } }),
    { 'signed out': 401, stranger: 404, 'view share': 403, 'edit share': 200, owner: 200 }],
  // prettier-ignore
  ['DELETE /api/videos/:id', (v) => ({ method: 'DELETE', url: `/api/videos/${v.id}` }),
    { 'signed out': 401, stranger: 404, 'view share': 403, 'edit share': 200, owner: 200 }],
  // prettier-ignore
  ['GET /api/videos/:id/poses', (v) => ({ method: 'GET', url: `/api/videos/${v.id}/poses` }),
    { 'signed out': 401, stranger: 404, 'view share': 200, 'edit share': 200, owner: 200 }],
  // prettier-ignore
  ['POST /api/videos/:id/regenerate', (v) => ({ method: 'POST', url: `/api/videos/${v.id}/regenerate`, body: { instructions: 'Shorter' } }),
    { 'signed out': 401, stranger: 404, 'view share': 403, 'edit share': 200, owner: 200 }],
  // prettier-ignore
  ['POST /api/videos/:id/detect-players', (v) => ({ method: 'POST', url: `/api/videos/${v.id}/detect-players` }),
    { 'signed out': 401, stranger: 404, 'view share': 403, 'edit share': 200, owner: 200 }],
  // prettier-ignore
  ['GET /api/videos/:id/player-candidates', (v) => ({ method: 'GET', url: `/api/videos/${v.id}/player-candidates` }),
    { 'signed out': 401, stranger: 404, 'view share': 403, 'edit share': 200, owner: 200 }],
  // prettier-ignore
  ['PUT /api/videos/:id/player-identification', (v) => ({ method: 'PUT', url: `/api/videos/${v.id}/player-identification`, body: { trackId: 0, timestamp: 0, box: [0.1, 0.1, 0.3, 0.8], playerId: people.athlete.user.id } }),
    { 'signed out': 401, stranger: 404, 'view share': 403, 'edit share': 200, owner: 200 }],
  // prettier-ignore
  ['GET /api/videos/:id/analysis-ranges', (v) => ({ method: 'GET', url: `/api/videos/${v.id}/analysis-ranges` }),
    { 'signed out': 401, stranger: 404, 'view share': 200, 'edit share': 200, owner: 200 }],
  // prettier-ignore
  ['POST /api/videos/:id/analysis-ranges', (v) => ({ method: 'POST', url: `/api/videos/${v.id}/analysis-ranges`, body: { ranges: [{ start: 0, end: 2 }] } }),
    { 'signed out': 401, stranger: 404, 'view share': 403, 'edit share': 201, owner: 201 }],
  // prettier-ignore
  ['POST /api/videos/:id/analysis-ranges/:rangeId/cancel', (v) => ({ method: 'POST', url: `/api/videos/${v.id}/analysis-ranges/${v.runningRangeId}/cancel` }),
    { 'signed out': 401, stranger: 404, 'view share': 403, 'edit share': 200, owner: 200 }],
  // prettier-ignore
  ['POST /api/videos/:id/analysis-ranges/:rangeId/restart', (v) => ({ method: 'POST', url: `/api/videos/${v.id}/analysis-ranges/${v.cancelledRangeId}/restart` }),
    { 'signed out': 401, stranger: 404, 'view share': 403, 'edit share': 200, owner: 200 }],
  // prettier-ignore
  ['GET /api/players/:playerMatchId (identified in the video)', () => ({ method: 'GET', url: `/api/players/${people.athlete.user.id}` }),
    { 'signed out': 401, stranger: 404, 'view share': 200, 'edit share': 200, owner: 200 }],
  // prettier-ignore
  ['GET /api/videos/:id/shares', (v) => ({ method: 'GET', url: `/api/videos/${v.id}/shares` }),
    { 'signed out': 401, stranger: 404, 'view share': 403, 'edit share': 200, owner: 200 }],
  // prettier-ignore
  ['POST /api/videos/:id/share', (v) => ({ method: 'POST', url: `/api/videos/${v.id}/share`, body: { email: uniqueEmail('new') } }),
    { 'signed out': 401, stranger: 404, 'view share': 403, 'edit share': 201, owner: 201 }],
  // prettier-ignore
  ['DELETE /api/videos/:id/shares/:shareId', (v) => ({ method: 'DELETE', url: `/api/videos/${v.id}/shares/${v.spareShareId}` }),
    { 'signed out': 401, stranger: 404, 'view share': 403, 'edit share': 200, owner: 200 }],
  // prettier-ignore
  ['GET /api/videos/:id/chat', (v) => ({ method: 'GET', url: `/api/videos/${v.id}/chat` }),
    { 'signed out': 401, stranger: 404, 'view share': 200, 'edit share': 200, owner: 200 }],
  // prettier-ignore
  ['POST /api/videos/:id/chat', (v) => ({ method: 'POST', url: `/api/videos/${v.id}/chat`, body: { message: 'Thanks!' } }),
    { 'signed out': 401, stranger: 404, 'view share': 200, 'edit share': 200, owner: 200 }],
  // prettier-ignore
  ['DELETE /api/videos/:id/chat', (v) => ({ method: 'DELETE', url: `/api/videos/${v.id}/chat` }),
    { 'signed out': 401, stranger: 404, 'view share': 200, 'edit share': 200, owner: 200 }],
  // prettier-ignore
  ['POST /api/exports', (v) => ({ method: 'POST', url: '/api/exports', body: { source: { kind: 'video', videoId: v.id, start: 1, end: 3 }, overlays: ['drawings', 'captions'] } }),
    { 'signed out': 401, stranger: 404, 'view share': 201, 'edit share': 201, owner: 201 }],
  // prettier-ignore
  ["GET /api/exports/:id (the owner's export)", (v) => ({ method: 'GET', url: `/api/exports/${v.exportId}` }),
    { 'signed out': 401, stranger: 404, 'view share': 200, 'edit share': 200, owner: 200 }],
  // prettier-ignore
  ["GET /api/exports/:id/file (the owner's export)", (v) => ({ method: 'GET', url: `/api/exports/${v.exportId}/file` }),
    { 'signed out': 401, stranger: 404, 'view share': 200, 'edit share': 200, owner: 200 }],
  // prettier-ignore
  ["DELETE /api/exports/:id (the owner's export)", (v) => ({ method: 'DELETE', url: `/api/exports/${v.exportId}` }),
    { 'signed out': 401, stranger: 404, 'view share': 404, 'edit share': 200, owner: 200 }],
  // prettier-ignore
  ['GET /api/videos/:videoId/annotations', (v) => ({ method: 'GET', url: `/api/videos/${v.id}/annotations` }),
    { 'signed out': 401, stranger: 404, 'view share': 200, 'edit share': 200, owner: 200 }],
  // prettier-ignore
  ['POST /api/videos/:videoId/annotations', (v) => ({ method: 'POST', url: `/api/videos/${v.id}/annotations`, body: { content: 'Hips lower', timestamp: 2, xPosition: 40, yPosition: 60 } }),
    { 'signed out': 401, stranger: 404, 'view share': 403, 'edit share': 201, owner: 201 }],
  // prettier-ignore
  ['POST /api/videos/:videoId/annotations (a voice note)', (v) => ({ method: 'POST', url: `/api/videos/${v.id}/annotations`, body: voiceNoteUpload() }),
    { 'signed out': 401, stranger: 404, 'view share': 403, 'edit share': 201, owner: 201 }],
  // prettier-ignore
  ["DELETE /api/videos/:videoId/annotations/:annotationId (the owner's annotation)", (v) => ({ method: 'DELETE', url: `/api/videos/${v.id}/annotations/${v.annotationId}` }),
    { 'signed out': 401, stranger: 404, 'view share': 403, 'edit share': 200, owner: 200 }],
  // prettier-ignore
  ["DELETE /api/videos/:videoId/annotations/:annotationId (the view share's reply)", (v) => ({ method: 'DELETE', url: `/api/videos/${v.id}/annotations/${v.viewerReplyId}` }),
    { 'signed out': 401, stranger: 404, 'view share': 200, 'edit share': 200, owner: 200 }],
  // prettier-ignore
  ["PATCH /api/videos/:videoId/annotations/:annotationId (the owner's annotation)", (v) => ({ method: 'PATCH', url: `/api/videos/${v.id}/annotations/${v.annotationId}`, body: { resolved: true } }),
    { 'signed out': 401, stranger: 404, 'view share': 403, 'edit share': 200, owner: 200 }],
  // prettier-ignore
  ["PATCH /api/videos/:videoId/annotations/:annotationId (the view share's annotation)", (v) => ({ method: 'PATCH', url: `/api/videos/${v.id}/annotations/${v.viewerNoteId}`, body: { resolved: true } }),
    { 'signed out': 401, stranger: 404, 'view share': 200, 'edit share': 200, owner: 200 }],
  // prettier-ignore
  ['POST /api/videos/:videoId/annotations/:annotationId/replies', (v) => ({ method: 'POST', url: `/api/videos/${v.id}/annotations/${v.annotationId}/replies`, body: { content: 'Will do' } }),
    { 'signed out': 401, stranger: 404, 'view share': 201, 'edit share': 201, owner: 201 }],
  // prettier-ignore
  ['GET /api/annotations/:annotationId/reactions', (v) => ({ method: 'GET', url: `/api/annotations/${v.annotationId}/reactions` }),
    { 'signed out': 401, stranger: 404, 'view share': 200, 'edit share': 200, owner: 200 }],
  // prettier-ignore
  ['POST /api/annotations/:annotationId/reactions', (v) => ({ method: 'POST', url: `/api/annotations/${v.annotationId}/reactions`, body: { reaction: '💪' } }),
    { 'signed out': 401, stranger: 404, 'view share': 200, 'edit share': 200, owner: 200 }],
  // prettier-ignore
  ['GET /api/videos/:videoId/measurements', (v) => ({ method: 'GET', url: `/api/videos/${v.id}/measurements` }),
    { 'signed out': 401, stranger: 404, 'view share': 200, 'edit share': 200, owner: 200 }],
  // prettier-ignore
  ['POST /api/videos/:videoId/measurements', (v) => ({ method: 'POST', url: `/api/videos/${v.id}/measurements`, body: { name: 'Knee', subject: KNEE_ANGLE } }),
    { 'signed out': 401, stranger: 404, 'view share': 403, 'edit share': 201, owner: 201 }],
  // prettier-ignore
  ['PUT /api/videos/:videoId/measurements/:measurementId', (v) => ({ method: 'PUT', url: `/api/videos/${v.id}/measurements/${v.measurementId}`, body: { name: 'Hip', subject: KNEE_ANGLE } }),
    { 'signed out': 401, stranger: 404, 'view share': 403, 'edit share': 200, owner: 200 }],
  // prettier-ignore
  ['DELETE /api/videos/:videoId/measurements/:measurementId', (v) => ({ method: 'DELETE', url: `/api/videos/${v.id}/measurements/${v.measurementId}` }),
    { 'signed out': 401, stranger: 404, 'view share': 403, 'edit share': 200, owner: 200 }],
  // prettier-ignore
  ['GET /uploads/videos/:id/annotations/:annotationId.webm', (v) => ({ method: 'GET', url: `/uploads/${v.audioKey}` }),
    { 'signed out': 401, stranger: 404, 'view share': 200, 'edit share': 200, owner: 200 }],
  // prettier-ignore
  ["GET /uploads/users/:id/photos/:photo.jpg (the avatar of a reply's author)", () => ({ method: 'GET', url: viewerPhoto.url }),
    { 'signed out': 401, stranger: 404, 'view share': 200, 'edit share': 200, owner: 200 }],
  // prettier-ignore
  ['GET /api/videos/:videoId/tag-events', (v) => ({ method: 'GET', url: `/api/videos/${v.id}/tag-events` }),
    { 'signed out': 401, stranger: 404, 'view share': 200, 'edit share': 200, owner: 200 }],
  // prettier-ignore
  ['POST /api/videos/:videoId/tag-events', (v) => ({ method: 'POST', url: `/api/videos/${v.id}/tag-events`, body: { code: 'Rebound', start: 2, end: 2 } }),
    { 'signed out': 401, stranger: 404, 'view share': 403, 'edit share': 201, owner: 201 }],
  // prettier-ignore
  ['PATCH /api/videos/:videoId/tag-events/:eventId', (v) => ({ method: 'PATCH', url: `/api/videos/${v.id}/tag-events/${v.tagEventId}`, body: { end: 2 } }),
    { 'signed out': 401, stranger: 404, 'view share': 403, 'edit share': 200, owner: 200 }],
  // prettier-ignore
  ['DELETE /api/videos/:videoId/tag-events/:eventId', (v) => ({ method: 'DELETE', url: `/api/videos/${v.id}/tag-events/${v.tagEventId}` }),
    { 'signed out': 401, stranger: 404, 'view share': 403, 'edit share': 200, owner: 200 }],
  // prettier-ignore
  ['GET /api/videos/:videoId/tag-stats', (v) => ({ method: 'GET', url: `/api/videos/${v.id}/tag-stats?by=player` }),
    { 'signed out': 401, stranger: 404, 'view share': 200, 'edit share': 200, owner: 200 }],
  // The season view counts only videos the asker may view; one they may not refuses it all.
  // prettier-ignore
  ['GET /api/tagging/stats', (v) => ({ method: 'GET', url: `/api/tagging/stats?videoIds=${v.id}&by=player` }),
    { 'signed out': 401, stranger: 404, 'view share': 200, 'edit share': 200, owner: 200 }],
  // A season cell opened: the same rule as the season view it is a cell of.
  // prettier-ignore
  ['GET /api/tagging/events', (v) => ({ method: 'GET', url: `/api/tagging/events?videoIds=${v.id}&code=Shot` }),
    { 'signed out': 401, stranger: 404, 'view share': 200, 'edit share': 200, owner: 200 }],
  // A playlist is its maker's own: whoever may view the video makes one of its events.
  // prettier-ignore
  ['POST /api/videos/:videoId/tag-events/playlist', (v) => ({ method: 'POST', url: `/api/videos/${v.id}/tag-events/playlist`, body: { title: 'Shots', filter: { code: 'Shot' } } }),
    { 'signed out': 401, stranger: 404, 'view share': 201, 'edit share': 201, owner: 201 }],
  // A season cell made film: the same rule as making clips, on every game named.
  // prettier-ignore
  ['POST /api/tagging/playlist', (v) => ({ method: 'POST', url: '/api/tagging/playlist', body: { title: 'Shots', videoIds: [v.id], filter: { code: 'Shot' } } }),
    { 'signed out': 401, stranger: 404, 'view share': 201, 'edit share': 201, owner: 201 }],
  // prettier-ignore
  ['GET /api/videos/:videoId/tag-events/export.csv', (v) => ({ method: 'GET', url: `/api/videos/${v.id}/tag-events/export.csv` }),
    { 'signed out': 401, stranger: 404, 'view share': 200, 'edit share': 200, owner: 200 }],
  // prettier-ignore
  ['GET /api/videos/:videoId/tag-events/export.xml', (v) => ({ method: 'GET', url: `/api/videos/${v.id}/tag-events/export.xml` }),
    { 'signed out': 401, stranger: 404, 'view share': 200, 'edit share': 200, owner: 200 }],
  // prettier-ignore
  ['POST /api/videos/:videoId/tag-events/import', (v) => ({ method: 'POST', url: `/api/videos/${v.id}/tag-events/import`, body: { xml: '<file><ALL_INSTANCES><instance><ID>1</ID><start>0</start><end>2</end><code>Shot</code></instance></ALL_INSTANCES></file>' } }),
    { 'signed out': 401, stranger: 404, 'view share': 403, 'edit share': 201, owner: 201 }],
  // prettier-ignore
  ['GET /api/videos/:videoId/tag-players', (v) => ({ method: 'GET', url: `/api/videos/${v.id}/tag-players` }),
    { 'signed out': 401, stranger: 404, 'view share': 403, 'edit share': 200, owner: 200 }],
  // Suggested events are a tagging tool: only those who tag see, accept or dismiss them.
  // prettier-ignore
  ['GET /api/videos/:videoId/tag-suggestions', (v) => ({ method: 'GET', url: `/api/videos/${v.id}/tag-suggestions` }),
    { 'signed out': 401, stranger: 404, 'view share': 403, 'edit share': 200, owner: 200 }],
  // prettier-ignore
  ['POST /api/videos/:videoId/tag-suggestions/:suggestionId/accept', (v) => ({ method: 'POST', url: `/api/videos/${v.id}/tag-suggestions/${v.suggestionId}/accept`, body: { code: 'Shot', leadSeconds: 5, lagSeconds: 3 } }),
    { 'signed out': 401, stranger: 404, 'view share': 403, 'edit share': 201, owner: 201 }],
  // prettier-ignore
  ['POST /api/videos/:videoId/tag-suggestions/:suggestionId/dismiss', (v) => ({ method: 'POST', url: `/api/videos/${v.id}/tag-suggestions/${v.suggestionId}/dismiss` }),
    { 'signed out': 401, stranger: 404, 'view share': 403, 'edit share': 200, owner: 200 }],
  // prettier-ignore
  ['GET /uploads/videos/:id/media.mp4', (v) => ({ method: 'GET', url: `/uploads/${videoKeys.media(v.id)}` }),
    { 'signed out': 401, stranger: 404, 'view share': 200, 'edit share': 200, owner: 200 }],
  // prettier-ignore
  ['GET /uploads/videos/:id/poster.jpg', (v) => ({ method: 'GET', url: `/uploads/${videoKeys.poster(v.id)}` }),
    { 'signed out': 401, stranger: 404, 'view share': 200, 'edit share': 200, owner: 200 }],
  // prettier-ignore
  ['GET /uploads/videos/:id/thumbnail.jpg', (v) => ({ method: 'GET', url: `/uploads/${videoKeys.thumbnail(v.id)}` }),
    { 'signed out': 401, stranger: 404, 'view share': 200, 'edit share': 200, owner: 200 }],
  // prettier-ignore
  ['GET /uploads/videos/:id/original (never served)', (v) => ({ method: 'GET', url: `/uploads/${videoKeys.original(v.id)}` }),
    { 'signed out': 401, stranger: 404, 'view share': 404, 'edit share': 404, owner: 404 }],
  // prettier-ignore
  ["GET /uploads/users/:id/photos/:photo.jpg (a player identified in the video)", () => ({ method: 'GET', url: athletePhoto.url }),
    { 'signed out': 401, stranger: 404, 'view share': 200, 'edit share': 200, owner: 200 }],
];

describe('routes about one video', () => {
  beforeAll(async () => {
    const [owner, viewer, editor, stranger, athlete] = await Promise.all([
      registerAccount(ctx.app, { name: 'Owner Coach', isCoach: true }),
      registerAccount(ctx.app, { name: 'Viewer' }),
      registerAccount(ctx.app, { name: 'Editor' }),
      registerAccount(ctx.app, { name: 'Stranger' }),
      registerAccount(ctx.app, { name: 'Athlete' }),
    ]);
    people = {
      owner: owner!,
      'view share': viewer!,
      'edit share': editor!,
      stranger: stranger!,
      athlete: athlete!,
    };
    await ctx.database.db
      .insert(coachStudents)
      .values({ coachId: owner!.user.id, studentId: athlete!.user.id, status: 'accepted' });
    athletePhoto = await insertPhoto(athlete!.user.id);
    viewerPhoto = await insertPhoto(viewer!.user.id);
  });

  describe.each(VIDEO_ROUTES)('%s', (_route, request, expected) => {
    it.each(VIDEO_ROLES)('as %s', async (role) => {
      const video = await freshVideo();
      const cookie = role === 'signed out' ? undefined : people[role].cookie;
      expect(await statusOf(request(video), cookie)).toBe(expected[role]);
    });
  });

  it('lists the video to exactly the people it is shared with, and its owner', async () => {
    const video = await freshVideo();
    for (const role of ['stranger', 'view share', 'edit share', 'owner'] as const) {
      const response = await ctx.app.inject({
        url: '/api/videos',
        headers: { cookie: people[role].cookie },
      });
      const ids = response.json<{ id: string }[]>().map((listed) => listed.id);
      expect(ids.includes(video.id), role).toBe(role !== 'stranger');
    }
  });
});

// ---------------------------------------------------------------------------------------------
// The roster: signed out, an athlete, the coach whose list it is, another coach.

const ROSTER_ROLES = ['signed out', 'athlete', 'coach', 'another coach'] as const;
type RosterRole = (typeof ROSTER_ROLES)[number];
let rosterPeople: Record<Exclude<RosterRole, 'signed out'>, Account>;

/** A student on the coach's list (an invited account that has not set a password). */
async function freshStudent() {
  const [student] = await ctx.database.db
    .insert(users)
    .values({ username: uniqueEmail('student'), passwordHash: NO_PASSWORD, name: 'Student' })
    .returning();
  await ctx.database.db
    .insert(coachStudents)
    .values({ coachId: rosterPeople.coach.user.id, studentId: student!.id });
  return student!.id;
}

const ROSTER_ROUTES: [string, (studentId: string) => Request, Record<RosterRole, number>][] = [
  // prettier-ignore
  ['GET /api/students', () => ({ method: 'GET', url: '/api/students' }),
    { 'signed out': 401, athlete: 200, coach: 200, 'another coach': 200 }],
  // prettier-ignore
  ['GET /api/coach/students', () => ({ method: 'GET', url: '/api/coach/students' }),
    { 'signed out': 401, athlete: 403, coach: 200, 'another coach': 200 }],
  // prettier-ignore
  ['POST /api/coach/students', () => ({ method: 'POST', url: '/api/coach/students', body: { email: uniqueEmail('added') } }),
    { 'signed out': 401, athlete: 403, coach: 201, 'another coach': 201 }],
  // prettier-ignore
  ['PATCH /api/coach/students/:studentId', (id) => ({ method: 'PATCH', url: `/api/coach/students/${id}`, body: { name: 'Renamed' } }),
    { 'signed out': 401, athlete: 403, coach: 200, 'another coach': 404 }],
  // prettier-ignore
  ['DELETE /api/coach/students/:studentId', (id) => ({ method: 'DELETE', url: `/api/coach/students/${id}` }),
    { 'signed out': 401, athlete: 403, coach: 200, 'another coach': 404 }],
];

describe('roster routes', () => {
  beforeAll(async () => {
    const [athlete, coach, other] = await Promise.all([
      registerAccount(ctx.app),
      registerAccount(ctx.app, { isCoach: true }),
      registerAccount(ctx.app, { isCoach: true }),
    ]);
    rosterPeople = { athlete: athlete!, coach: coach!, 'another coach': other! };
  });

  describe.each(ROSTER_ROUTES)('%s', (_route, request, expected) => {
    it.each(ROSTER_ROLES)('as %s', async (role) => {
      const studentId = await freshStudent();
      const cookie = role === 'signed out' ? undefined : rosterPeople[role].cookie;
      expect(await statusOf(request(studentId), cookie)).toBe(expected[role]);
    });
  });
});

// ---------------------------------------------------------------------------------------------
// The athlete's side of a roster invitation: signed out, the athlete it invites, another
// athlete, the coach who sent it. (An unconfirmed holder of the address: roster.test.ts.)

const INVITEE_ROLES = ['signed out', 'the athlete', 'another athlete', 'the coach'] as const;
type InviteeRole = (typeof INVITEE_ROLES)[number];
let invitationCoach: Account;
let anotherAthlete: Account;

const INVITEE_ROUTES: [string, (linkId: string) => Request, Record<InviteeRole, number>][] = [
  // prettier-ignore
  ['GET /api/roster/coaches', () => ({ method: 'GET', url: '/api/roster/coaches' }),
    { 'signed out': 401, 'the athlete': 200, 'another athlete': 200, 'the coach': 200 }],
  // prettier-ignore
  ['POST /api/roster/coaches/:linkId/accept', (id) => ({ method: 'POST', url: `/api/roster/coaches/${id}/accept` }),
    { 'signed out': 401, 'the athlete': 200, 'another athlete': 404, 'the coach': 404 }],
  // prettier-ignore
  ['POST /api/roster/coaches/:linkId/decline', (id) => ({ method: 'POST', url: `/api/roster/coaches/${id}/decline` }),
    { 'signed out': 401, 'the athlete': 200, 'another athlete': 404, 'the coach': 404 }],
  // prettier-ignore
  ['DELETE /api/roster/coaches/:linkId', (id) => ({ method: 'DELETE', url: `/api/roster/coaches/${id}` }),
    { 'signed out': 401, 'the athlete': 200, 'another athlete': 404, 'the coach': 404 }],
  // prettier-ignore
  ['POST /api/roster-invitation (a link that is not valid)', () => ({ method: 'POST', url: '/api/roster-invitation', body: { token: 'not-a-token' } }),
    { 'signed out': 400, 'the athlete': 400, 'another athlete': 400, 'the coach': 400 }],
  // prettier-ignore
  ['POST /api/roster-invitation/answer (a link that is not valid)', () => ({ method: 'POST', url: '/api/roster-invitation/answer', body: { token: 'not-a-token', answer: 'accept' } }),
    { 'signed out': 400, 'the athlete': 400, 'another athlete': 400, 'the coach': 400 }],
];

describe("the athlete's side of a roster invitation", () => {
  beforeAll(async () => {
    [invitationCoach, anotherAthlete] = await Promise.all([
      registerAccount(ctx.app, { isCoach: true }),
      registerAccount(ctx.app),
    ]);
  });

  describe.each(INVITEE_ROUTES)('%s', (_route, request, expected) => {
    it.each(INVITEE_ROLES)('as %s', async (role) => {
      const athlete = await registerAccount(ctx.app);
      const invited = await ctx.app.inject({
        method: 'POST',
        url: '/api/coach/students',
        headers: { cookie: invitationCoach.cookie },
        payload: { email: athlete.username },
      });
      const cookie = {
        'signed out': undefined,
        'the athlete': athlete.cookie,
        'another athlete': anotherAthlete.cookie,
        'the coach': invitationCoach.cookie,
      }[role];
      expect(await statusOf(request(invited.json().id), cookie)).toBe(expected[role]);
    });
  });
});

// ---------------------------------------------------------------------------------------------
// A person's own things, and the public routes: signed out, the person, someone else.

const OWN_ROLES = ['signed out', 'the person', 'someone else'] as const;
type OwnRole = (typeof OWN_ROLES)[number];
let someoneElse: Account;

type Person = Account & { photo: { id: string; url: string }; notificationId: string };

const OWN_ROUTES: [string, (person: Person) => Request, Record<OwnRole, number>][] = [
  // prettier-ignore
  ['GET /api/user', () => ({ method: 'GET', url: '/api/user' }),
    { 'signed out': 401, 'the person': 200, 'someone else': 200 }],
  // prettier-ignore
  ['POST /api/register', () => ({ method: 'POST', url: '/api/register', body: { username: uniqueEmail(), password: PASSWORD, name: 'New' } }),
    { 'signed out': 201, 'the person': 201, 'someone else': 201 }],
  // prettier-ignore
  ['POST /api/login', (p) => ({ method: 'POST', url: '/api/login', body: { username: p.username, password: PASSWORD } }),
    { 'signed out': 200, 'the person': 200, 'someone else': 200 }],
  // prettier-ignore
  ['POST /api/logout', () => ({ method: 'POST', url: '/api/logout' }),
    { 'signed out': 200, 'the person': 200, 'someone else': 200 }],
  // prettier-ignore
  ['POST /api/forgot-password', (p) => ({ method: 'POST', url: '/api/forgot-password', body: { email: p.username } }),
    { 'signed out': 200, 'the person': 200, 'someone else': 200 }],
  // prettier-ignore
  ['POST /api/confirm-email (a link that is not valid)', () => ({ method: 'POST', url: '/api/confirm-email', body: { token: 'not-a-token' } }),
    { 'signed out': 400, 'the person': 400, 'someone else': 400 }],
  // prettier-ignore
  ['POST /api/confirm-email/resend (a confirmed account)', () => ({ method: 'POST', url: '/api/confirm-email/resend' }),
    { 'signed out': 401, 'the person': 409, 'someone else': 409 }],
  // prettier-ignore
  ['POST /api/reset-password (a link that is not valid)', () => ({ method: 'POST', url: '/api/reset-password', body: { token: 'not-a-token', password: PASSWORD } }),
    { 'signed out': 400, 'the person': 400, 'someone else': 400 }],
  // prettier-ignore
  ['PUT /api/user/profile', () => ({ method: 'PUT', url: '/api/user/profile', body: { name: 'Me', playerNumber: 7 } }),
    { 'signed out': 401, 'the person': 200, 'someone else': 200 }],
  // prettier-ignore
  ['PUT /api/user/profile (a height)', () => ({ method: 'PUT', url: '/api/user/profile', body: { name: 'Me', heightCm: 180 } }),
    { 'signed out': 401, 'the person': 200, 'someone else': 200 }],
  // prettier-ignore
  ['PUT /api/user/profile (a height out of range)', () => ({ method: 'PUT', url: '/api/user/profile', body: { name: 'Me', heightCm: 400 } }),
    { 'signed out': 400, 'the person': 400, 'someone else': 400 }],
  // prettier-ignore
  ['GET /api/jersey-colors', () => ({ method: 'GET', url: '/api/jersey-colors' }),
    { 'signed out': 401, 'the person': 200, 'someone else': 200 }],
  // prettier-ignore
  ['PUT /api/user/jersey-colors', () => ({ method: 'PUT', url: '/api/user/jersey-colors', body: { colorIds: [1] } }),
    { 'signed out': 401, 'the person': 200, 'someone else': 200 }],
  // prettier-ignore
  ['GET /api/user/photos', () => ({ method: 'GET', url: '/api/user/photos' }),
    { 'signed out': 401, 'the person': 200, 'someone else': 200 }],
  // prettier-ignore
  ['POST /api/user/photos', () => ({ method: 'POST', url: '/api/user/photos', body: photoUpload() }),
    { 'signed out': 401, 'the person': 201, 'someone else': 201 }],
  // prettier-ignore
  ["DELETE /api/user/photos/:id (the person's photo)", (p) => ({ method: 'DELETE', url: `/api/user/photos/${p.photo.id}` }),
    { 'signed out': 401, 'the person': 200, 'someone else': 404 }],
  // prettier-ignore
  ["GET /uploads/users/:id/photos/:photo.jpg (the person's photo)", (p) => ({ method: 'GET', url: p.photo.url }),
    { 'signed out': 401, 'the person': 200, 'someone else': 404 }],
  // prettier-ignore
  ['GET /api/mail/outbox', () => ({ method: 'GET', url: '/api/mail/outbox' }),
    { 'signed out': 401, 'the person': 200, 'someone else': 200 }],
  // prettier-ignore
  ['GET /api/notifications', () => ({ method: 'GET', url: '/api/notifications' }),
    { 'signed out': 401, 'the person': 200, 'someone else': 200 }],
  // prettier-ignore
  ["POST /api/notifications/:id/read (the person's notification)", (p) => ({ method: 'POST', url: `/api/notifications/${p.notificationId}/read` }),
    { 'signed out': 401, 'the person': 200, 'someone else': 404 }],
  // prettier-ignore
  ['POST /api/notifications/read-all', () => ({ method: 'POST', url: '/api/notifications/read-all' }),
    { 'signed out': 401, 'the person': 200, 'someone else': 200 }],
  // prettier-ignore
  ['GET /api/notifications/settings', () => ({ method: 'GET', url: '/api/notifications/settings' }),
    { 'signed out': 401, 'the person': 200, 'someone else': 200 }],
  // prettier-ignore
  ['PUT /api/notifications/settings', () => ({ method: 'PUT', url: '/api/notifications/settings', body: { email: 'digest' } }),
    { 'signed out': 401, 'the person': 200, 'someone else': 200 }],
  // prettier-ignore
  ['POST /api/notifications/unsubscribe (a link that is not valid)', () => ({ method: 'POST', url: '/api/notifications/unsubscribe', body: { token: 'not-a-token' } }),
    { 'signed out': 400, 'the person': 400, 'someone else': 400 }],
  // prettier-ignore
  ['GET /api/videos', () => ({ method: 'GET', url: '/api/videos' }),
    { 'signed out': 401, 'the person': 200, 'someone else': 200 }],
  // prettier-ignore
  ['POST /api/videos', () => ({ method: 'POST', url: '/api/videos', body: videoUpload() }),
    { 'signed out': 401, 'the person': 201, 'someone else': 201 }],
  // prettier-ignore
  ['GET /api/exports', () => ({ method: 'GET', url: '/api/exports' }),
    { 'signed out': 401, 'the person': 200, 'someone else': 200 }],
  // prettier-ignore
  ['GET /api/events', () => ({ method: 'GET', url: '/api/events' }),
    { 'signed out': 401, 'the person': 200, 'someone else': 200 }],
  // prettier-ignore
  ['GET /api/test/transcribe', () => ({ method: 'GET', url: '/api/test/transcribe' }),
    { 'signed out': 401, 'the person': 200, 'someone else': 200 }],
  // prettier-ignore
  ['POST /api/test/transcribe (an empty recording)', () => ({ method: 'POST', url: '/api/test/transcribe', body: transcriptionUpload() }),
    { 'signed out': 401, 'the person': 200, 'someone else': 200 }],
  // prettier-ignore
  ['GET /api/players/:playerMatchId (the person themselves)', (p) => ({ method: 'GET', url: `/api/players/${p.user.id}` }),
    { 'signed out': 401, 'the person': 200, 'someone else': 404 }],
  // prettier-ignore
  ['GET /api/health', () => ({ method: 'GET', url: '/api/health' }),
    { 'signed out': 200, 'the person': 200, 'someone else': 200 }],
  // prettier-ignore
  ['GET /api/openapi.json', () => ({ method: 'GET', url: '/api/openapi.json' }),
    { 'signed out': 200, 'the person': 200, 'someone else': 200 }],
  // prettier-ignore
  ['GET /api/docs/', () => ({ method: 'GET', url: '/api/docs/' }),
    { 'signed out': 200, 'the person': 200, 'someone else': 200 }],
  // prettier-ignore
  ['GET /api/docs', () => ({ method: 'GET', url: '/api/docs' }),
    { 'signed out': 200, 'the person': 200, 'someone else': 200 }],
  // prettier-ignore
  ['GET /api/docs/json', () => ({ method: 'GET', url: '/api/docs/json' }),
    { 'signed out': 200, 'the person': 200, 'someone else': 200 }],
  // prettier-ignore
  ['GET /api/docs/yaml', () => ({ method: 'GET', url: '/api/docs/yaml' }),
    { 'signed out': 200, 'the person': 200, 'someone else': 200 }],
  // The reference's page lives at /api/docs/: its file's own address sends the reader there.
  // prettier-ignore
  ['GET /api/docs/static/index.html', () => ({ method: 'GET', url: '/api/docs/static/index.html' }),
    { 'signed out': 302, 'the person': 302, 'someone else': 302 }],
  // prettier-ignore
  ['GET /api/docs/static/swagger-initializer.js', () => ({ method: 'GET', url: '/api/docs/static/swagger-initializer.js' }),
    { 'signed out': 200, 'the person': 200, 'someone else': 200 }],
  // prettier-ignore
  ['GET /api/docs/static/swagger-ui.css', () => ({ method: 'GET', url: '/api/docs/static/swagger-ui.css' }),
    { 'signed out': 200, 'the person': 200, 'someone else': 200 }],
];

describe("a person's own things, and the public routes", () => {
  beforeAll(async () => {
    someoneElse = await registerAccount(ctx.app);
  });

  describe.each(OWN_ROUTES)('%s', (_route, request, expected) => {
    it.each(OWN_ROLES)('as %s', async (role) => {
      const account = await registerAccount(ctx.app);
      const [notice] = await ctx.database.db
        .insert(notifications)
        .values({ userId: account.user.id, kind: 'analysis-ready', actorId: null })
        .returning();
      const person = {
        ...account,
        photo: await insertPhoto(account.user.id),
        notificationId: notice!.id,
      };
      // A session of their own per cell: the logout cell ends the one it is given.
      const login = await ctx.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { username: someoneElse.username, password: PASSWORD },
      });
      const cookies = {
        'signed out': undefined,
        'the person': person.cookie,
        'someone else': sessionCookieFrom(login),
      };
      const cookie = cookies[role];
      expect(await statusOf(request(person), cookie)).toBe(expected[role]);
    });
  });
});

// ---------------------------------------------------------------------------------------------
// Clips and playlists: signed out, a stranger, the person the playlist is shared with, a view
// share of the source video (who never sees the coach's clips), the coach who owns them all.

const PLAYLIST_ROLES = [
  'signed out',
  'stranger',
  'playlist share',
  'video share',
  'owner',
] as const;
type PlaylistRole = (typeof PLAYLIST_ROLES)[number];
let playlistPeople: Record<Exclude<PlaylistRole, 'signed out'>, Account>;

/**
 * The owner's playable video with a note, a clip of it in a playlist shared with the playlist
 * share (and a spare address), and a second clip in no playlist.
 */
async function freshPlaylist() {
  const { db } = ctx.database;
  const { owner } = playlistPeople;
  const videoId = await insertPlayableVideo(ctx.runtime.deps, owner.user.id);
  await insertViewShare(db, videoId, owner, playlistPeople['video share']);
  // A voice note inside the first clip's range: its viewers may hear it through the clip.
  const noteId = randomUUID();
  const audioKey = videoKeys.annotationAudio(videoId, noteId, 'webm');
  await writeBlob(audioKey, 'audio/webm', Buffer.from('voice'));
  await db.insert(annotations).values({
    id: noteId,
    videoId,
    userId: owner.user.id,
    timestamp: 1,
    xPosition: 50,
    yPosition: 50,
    content: 'Chest up',
    audioKey,
  });
  const [clip, spareClip] = await db
    .insert(clips)
    .values([
      { ownerId: owner.user.id, videoId, title: 'Rep 1', startTime: 0.5, endTime: 2 },
      { ownerId: owner.user.id, videoId, title: 'Rep 2', startTime: 3, endTime: 4 },
    ])
    .returning();
  const [playlist] = await db
    .insert(playlists)
    .values({ ownerId: owner.user.id, title: 'Week 1' })
    .returning();
  const [item] = await db
    .insert(playlistItems)
    .values({ playlistId: playlist!.id, clipId: clip!.id, position: 0 })
    .returning();
  const [, spareShare] = await db
    .insert(playlistShares)
    .values(
      [playlistPeople['playlist share'].username, uniqueEmail('spare')].map((email) => ({
        playlistId: playlist!.id,
        sharedWithEmail: email,
        sharedById: owner.user.id,
      })),
    )
    .returning();
  return {
    videoId,
    clipId: clip!.id,
    spareClipId: spareClip!.id,
    noteId,
    playlistId: playlist!.id,
    itemId: item!.id,
    spareShareId: spareShare!.id,
  };
}
type FreshPlaylist = Awaited<ReturnType<typeof freshPlaylist>>;

const PLAYLIST_ROUTES: [string, (p: FreshPlaylist) => Request, Record<PlaylistRole, number>][] = [
  // prettier-ignore
  ['GET /api/clips', () => ({ method: 'GET', url: '/api/clips' }),
    { 'signed out': 401, stranger: 200, 'playlist share': 200, 'video share': 200, owner: 200 }],
  // prettier-ignore
  ["POST /api/clips (of the owner's video)", (p) => ({ method: 'POST', url: '/api/clips', body: { videoId: p.videoId, title: 'Mine', start: 0, end: 1 } }),
    { 'signed out': 401, stranger: 404, 'playlist share': 404, 'video share': 201, owner: 201 }],
  // prettier-ignore
  ['GET /api/clips/:clipId', (p) => ({ method: 'GET', url: `/api/clips/${p.clipId}` }),
    { 'signed out': 401, stranger: 404, 'playlist share': 200, 'video share': 404, owner: 200 }],
  // prettier-ignore
  ['GET /api/clips/:clipId (in no shared playlist)', (p) => ({ method: 'GET', url: `/api/clips/${p.spareClipId}` }),
    { 'signed out': 401, stranger: 404, 'playlist share': 404, 'video share': 404, owner: 200 }],
  // prettier-ignore
  ['PATCH /api/clips/:clipId', (p) => ({ method: 'PATCH', url: `/api/clips/${p.clipId}`, body: { title: 'Renamed' } }),
    { 'signed out': 401, stranger: 404, 'playlist share': 403, 'video share': 404, owner: 200 }],
  // prettier-ignore
  ['DELETE /api/clips/:clipId', (p) => ({ method: 'DELETE', url: `/api/clips/${p.clipId}` }),
    { 'signed out': 401, stranger: 404, 'playlist share': 403, 'video share': 404, owner: 200 }],
  // prettier-ignore
  ['GET /api/clips/:clipId/media', (p) => ({ method: 'GET', url: `/api/clips/${p.clipId}/media` }),
    { 'signed out': 401, stranger: 404, 'playlist share': 200, 'video share': 404, owner: 200 }],
  // Whoever may play the clip still meets "not found" for a note that is not inside it.
  // prettier-ignore
  ['GET /api/clips/:clipId/notes/:noteId/audio (a note not in the clip)', (p) => ({ method: 'GET', url: `/api/clips/${p.clipId}/notes/${randomUUID()}/audio` }),
    { 'signed out': 401, stranger: 404, 'playlist share': 404, 'video share': 404, owner: 404 }],
  // prettier-ignore
  ['GET /api/clips/:clipId/notes/:noteId/audio', (p) => ({ method: 'GET', url: `/api/clips/${p.clipId}/notes/${p.noteId}/audio` }),
    { 'signed out': 401, stranger: 404, 'playlist share': 200, 'video share': 404, owner: 200 }],
  // prettier-ignore
  ['GET /api/playlists', () => ({ method: 'GET', url: '/api/playlists' }),
    { 'signed out': 401, stranger: 200, 'playlist share': 200, 'video share': 200, owner: 200 }],
  // prettier-ignore
  ['POST /api/playlists', () => ({ method: 'POST', url: '/api/playlists', body: { title: 'New' } }),
    { 'signed out': 401, stranger: 201, 'playlist share': 201, 'video share': 201, owner: 201 }],
  // prettier-ignore
  ['POST /api/playlists (with the owner\'s clip)', (p) => ({ method: 'POST', url: '/api/playlists', body: { title: 'New', clipIds: [p.clipId] } }),
    { 'signed out': 401, stranger: 404, 'playlist share': 404, 'video share': 404, owner: 201 }],
  // prettier-ignore
  ['GET /api/playlists/:playlistId', (p) => ({ method: 'GET', url: `/api/playlists/${p.playlistId}` }),
    { 'signed out': 401, stranger: 404, 'playlist share': 200, 'video share': 404, owner: 200 }],
  // prettier-ignore
  ['PATCH /api/playlists/:playlistId', (p) => ({ method: 'PATCH', url: `/api/playlists/${p.playlistId}`, body: { title: 'Renamed' } }),
    { 'signed out': 401, stranger: 404, 'playlist share': 403, 'video share': 404, owner: 200 }],
  // prettier-ignore
  ['DELETE /api/playlists/:playlistId', (p) => ({ method: 'DELETE', url: `/api/playlists/${p.playlistId}` }),
    { 'signed out': 401, stranger: 404, 'playlist share': 403, 'video share': 404, owner: 200 }],
  // prettier-ignore
  ['POST /api/playlists/:playlistId/items', (p) => ({ method: 'POST', url: `/api/playlists/${p.playlistId}/items`, body: { clipId: p.spareClipId } }),
    { 'signed out': 401, stranger: 404, 'playlist share': 403, 'video share': 404, owner: 201 }],
  // prettier-ignore
  ['DELETE /api/playlists/:playlistId/items/:itemId', (p) => ({ method: 'DELETE', url: `/api/playlists/${p.playlistId}/items/${p.itemId}` }),
    { 'signed out': 401, stranger: 404, 'playlist share': 403, 'video share': 404, owner: 200 }],
  // prettier-ignore
  ['PUT /api/playlists/:playlistId/order', (p) => ({ method: 'PUT', url: `/api/playlists/${p.playlistId}/order`, body: { itemIds: [p.itemId] } }),
    { 'signed out': 401, stranger: 404, 'playlist share': 403, 'video share': 404, owner: 200 }],
  // prettier-ignore
  ['POST /api/playlists/:playlistId/shares', (p) => ({ method: 'POST', url: `/api/playlists/${p.playlistId}/shares`, body: { email: uniqueEmail('new') } }),
    { 'signed out': 401, stranger: 404, 'playlist share': 403, 'video share': 404, owner: 201 }],
  // prettier-ignore
  ['DELETE /api/playlists/:playlistId/shares/:shareId', (p) => ({ method: 'DELETE', url: `/api/playlists/${p.playlistId}/shares/${p.spareShareId}` }),
    { 'signed out': 401, stranger: 404, 'playlist share': 403, 'video share': 404, owner: 200 }],
  // The playlist share plays the clip's range, and reaches nothing else of the source video.
  // prettier-ignore
  ['GET /api/videos/:id (the source of a shared clip)', (p) => ({ method: 'GET', url: `/api/videos/${p.videoId}` }),
    { 'signed out': 401, stranger: 404, 'playlist share': 404, 'video share': 200, owner: 200 }],
  // prettier-ignore
  ['GET /api/videos/:videoId/annotations (the source of a shared clip)', (p) => ({ method: 'GET', url: `/api/videos/${p.videoId}/annotations` }),
    { 'signed out': 401, stranger: 404, 'playlist share': 404, 'video share': 200, owner: 200 }],
  // prettier-ignore
  ['GET /api/videos/:id/poses (the source of a shared clip)', (p) => ({ method: 'GET', url: `/api/videos/${p.videoId}/poses` }),
    { 'signed out': 401, stranger: 404, 'playlist share': 404, 'video share': 409, owner: 409 }],
  // prettier-ignore
  ['GET /uploads/videos/:id/media.mp4 (the source of a shared clip)', (p) => ({ method: 'GET', url: `/uploads/${videoKeys.media(p.videoId)}` }),
    { 'signed out': 401, stranger: 404, 'playlist share': 404, 'video share': 200, owner: 200 }],
];

describe('clip and playlist routes', () => {
  beforeAll(async () => {
    const [owner, shared, viewer, stranger] = await Promise.all([
      registerAccount(ctx.app, { name: 'Clip Coach', isCoach: true }),
      registerAccount(ctx.app, { name: 'Playlist Athlete' }),
      registerAccount(ctx.app, { name: 'Video Viewer' }),
      registerAccount(ctx.app, { name: 'Stranger' }),
    ]);
    playlistPeople = {
      owner: owner!,
      'playlist share': shared!,
      'video share': viewer!,
      stranger: stranger!,
    };
  });

  describe.each(PLAYLIST_ROUTES)('%s', (_route, request, expected) => {
    it.each(PLAYLIST_ROLES)('as %s', async (role) => {
      const playlist = await freshPlaylist();
      const cookie = role === 'signed out' ? undefined : playlistPeople[role].cookie;
      expect(await statusOf(request(playlist), cookie)).toBe(expected[role]);
    });
  });
});

// ---------------------------------------------------------------------------------------------
// Teams: signed out, an athlete on no team, another coach, a member, an athlete the coach took
// off the team (still on the roster), the coach whose team it is.

const TEAM_ROLES = [
  'signed out',
  'stranger',
  'another coach',
  'member',
  'removed member',
  'coach',
] as const;
type TeamRole = (typeof TEAM_ROLES)[number];
let teamPeople: Record<Exclude<TeamRole, 'signed out'>, Account> & { spare: Account };

/**
 * The coach's team with its member; a video and a playlist shared with it (view level), a
 * spare team share of the video to remove, and an athlete of the roster who is on no team.
 */
async function freshTeam() {
  const { db } = ctx.database;
  const { coach, member } = teamPeople;
  const [team, spareTeam] = await db
    .insert(teams)
    .values([
      { coachId: coach.user.id, name: 'Under 16s', sport: 'Basketball' },
      { coachId: coach.user.id, name: 'Seniors', sport: 'Basketball' },
    ])
    .returning();
  // The removed member was on it, and was taken off.
  await db.insert(teamMembers).values([
    { teamId: team!.id, userId: member.user.id },
    { teamId: team!.id, userId: teamPeople['removed member'].user.id },
  ]);
  await db.delete(teamMembers).where(eq(teamMembers.userId, teamPeople['removed member'].user.id));
  const videoId = await insertPlayableVideo(ctx.runtime.deps, coach.user.id);
  const [, spareShare] = await db
    .insert(teamVideoShares)
    .values(
      [team!, spareTeam!].map((shared) => ({
        teamId: shared.id,
        videoId,
        accessLevel: 'view' as const,
        sharedById: coach.user.id,
      })),
    )
    .returning();
  const [playlist] = await db
    .insert(playlists)
    .values({ ownerId: coach.user.id, title: 'Week 1' })
    .returning();
  const [playlistShare] = await db
    .insert(teamPlaylistShares)
    .values({ teamId: team!.id, playlistId: playlist!.id, sharedById: coach.user.id })
    .returning();
  const [template] = await db
    .insert(tagTemplates)
    .values({
      ownerId: coach.user.id,
      teamId: team!.id,
      name: 'Our code window',
      sport: 'Basketball',
      buttons: [
        {
          name: 'Shot',
          colour: '#f76b15',
          hotkey: 's',
          leadSeconds: 5,
          lagSeconds: 3,
          mode: 'instant',
        },
      ],
      labelGroups: [],
      periods: ['Q1'],
    })
    .returning();
  return {
    templateId: template!.id,
    teamId: team!.id,
    spareTeamId: spareTeam!.id,
    videoId,
    spareShareId: spareShare!.id,
    playlistId: playlist!.id,
    playlistShareId: playlistShare!.id,
  };
}
type FreshTeam = Awaited<ReturnType<typeof freshTeam>>;

const TEAM_ROUTES: [string, (t: FreshTeam) => Request, Record<TeamRole, number>][] = [
  // prettier-ignore
  ['GET /api/teams', () => ({ method: 'GET', url: '/api/teams' }),
    { 'signed out': 401, stranger: 200, 'another coach': 200, member: 200, 'removed member': 200, coach: 200 }],
  // prettier-ignore
  ['POST /api/teams', () => ({ method: 'POST', url: '/api/teams', body: { name: 'New', sport: 'Golf' } }),
    { 'signed out': 401, stranger: 403, 'another coach': 201, member: 403, 'removed member': 403, coach: 201 }],
  // prettier-ignore
  ['GET /api/teams/:teamId', (t) => ({ method: 'GET', url: `/api/teams/${t.teamId}` }),
    { 'signed out': 401, stranger: 404, 'another coach': 404, member: 200, 'removed member': 404, coach: 200 }],
  // prettier-ignore
  ['PATCH /api/teams/:teamId', (t) => ({ method: 'PATCH', url: `/api/teams/${t.teamId}`, body: { name: 'Renamed' } }),
    { 'signed out': 401, stranger: 404, 'another coach': 404, member: 403, 'removed member': 404, coach: 200 }],
  // prettier-ignore
  ['DELETE /api/teams/:teamId', (t) => ({ method: 'DELETE', url: `/api/teams/${t.teamId}` }),
    { 'signed out': 401, stranger: 404, 'another coach': 404, member: 403, 'removed member': 404, coach: 200 }],
  // prettier-ignore
  ['POST /api/teams/:teamId/members', (t) => ({ method: 'POST', url: `/api/teams/${t.teamId}/members`, body: { athleteId: teamPeople.spare.user.id } }),
    { 'signed out': 401, stranger: 404, 'another coach': 404, member: 403, 'removed member': 404, coach: 200 }],
  // A member may leave; only the coach removes others.
  // prettier-ignore
  ['DELETE /api/teams/:teamId/members/:athleteId (the member)', (t) => ({ method: 'DELETE', url: `/api/teams/${t.teamId}/members/${teamPeople.member.user.id}` }),
    { 'signed out': 401, stranger: 404, 'another coach': 404, member: 200, 'removed member': 404, coach: 200 }],
  // prettier-ignore
  ['GET /api/videos (of one team)', (t) => ({ method: 'GET', url: `/api/videos?teamId=${t.teamId}` }),
    { 'signed out': 401, stranger: 404, 'another coach': 404, member: 200, 'removed member': 404, coach: 200 }],
  // prettier-ignore
  ['GET /api/videos/:id (shared with the team)', (t) => ({ method: 'GET', url: `/api/videos/${t.videoId}` }),
    { 'signed out': 401, stranger: 404, 'another coach': 404, member: 200, 'removed member': 404, coach: 200 }],
  // prettier-ignore
  ['PATCH /api/videos/:id (shared with the team at view)', (t) => ({ method: 'PATCH', url: `/api/videos/${t.videoId}`, body: { title: 'Renamed' } }),
    { 'signed out': 401, stranger: 404, 'another coach': 404, member: 403, 'removed member': 404, coach: 200 }],
  // prettier-ignore
  ['GET /api/videos/:videoId/annotations (shared with the team)', (t) => ({ method: 'GET', url: `/api/videos/${t.videoId}/annotations` }),
    { 'signed out': 401, stranger: 404, 'another coach': 404, member: 200, 'removed member': 404, coach: 200 }],
  // prettier-ignore
  ['GET /uploads/videos/:id/media.mp4 (shared with the team)', (t) => ({ method: 'GET', url: `/uploads/${videoKeys.media(t.videoId)}` }),
    { 'signed out': 401, stranger: 404, 'another coach': 404, member: 200, 'removed member': 404, coach: 200 }],
  // prettier-ignore
  ['GET /api/videos/:id/team-shares', (t) => ({ method: 'GET', url: `/api/videos/${t.videoId}/team-shares` }),
    { 'signed out': 401, stranger: 404, 'another coach': 404, member: 403, 'removed member': 404, coach: 200 }],
  // prettier-ignore
  ['POST /api/videos/:id/team-shares', (t) => ({ method: 'POST', url: `/api/videos/${t.videoId}/team-shares`, body: { teamId: t.teamId, accessLevel: 'edit' } }),
    { 'signed out': 401, stranger: 404, 'another coach': 404, member: 403, 'removed member': 404, coach: 200 }],
  // prettier-ignore
  ['DELETE /api/videos/:id/team-shares/:teamShareId', (t) => ({ method: 'DELETE', url: `/api/videos/${t.videoId}/team-shares/${t.spareShareId}` }),
    { 'signed out': 401, stranger: 404, 'another coach': 404, member: 403, 'removed member': 404, coach: 200 }],
  // prettier-ignore
  ['GET /api/playlists/:playlistId (shared with the team)', (t) => ({ method: 'GET', url: `/api/playlists/${t.playlistId}` }),
    { 'signed out': 401, stranger: 404, 'another coach': 404, member: 200, 'removed member': 404, coach: 200 }],
  // prettier-ignore
  ['GET /api/playlists/:playlistId/team-shares', (t) => ({ method: 'GET', url: `/api/playlists/${t.playlistId}/team-shares` }),
    { 'signed out': 401, stranger: 404, 'another coach': 404, member: 403, 'removed member': 404, coach: 200 }],
  // prettier-ignore
  ['POST /api/playlists/:playlistId/team-shares', (t) => ({ method: 'POST', url: `/api/playlists/${t.playlistId}/team-shares`, body: { teamId: t.spareTeamId } }),
    { 'signed out': 401, stranger: 404, 'another coach': 404, member: 403, 'removed member': 404, coach: 201 }],
  // prettier-ignore
  ['DELETE /api/playlists/:playlistId/team-shares/:teamShareId', (t) => ({ method: 'DELETE', url: `/api/playlists/${t.playlistId}/team-shares/${t.playlistShareId}` }),
    { 'signed out': 401, stranger: 404, 'another coach': 404, member: 403, 'removed member': 404, coach: 200 }],
  // prettier-ignore
  ['GET /api/tagging/templates', () => ({ method: 'GET', url: '/api/tagging/templates' }),
    { 'signed out': 401, stranger: 200, 'another coach': 200, member: 200, 'removed member': 200, coach: 200 }],
  // prettier-ignore
  ['POST /api/tagging/templates', () => ({ method: 'POST', url: '/api/tagging/templates', body: { name: 'Mine', sport: 'Golf', buttons: [{ name: 'Drive', colour: '#00ff00', hotkey: 'd', leadSeconds: 2, lagSeconds: 2, mode: 'instant' }], labelGroups: [], periods: [] } }),
    { 'signed out': 401, stranger: 403, 'another coach': 201, member: 403, 'removed member': 403, coach: 201 }],
  // prettier-ignore
  ['POST /api/tagging/templates/copy', () => ({ method: 'POST', url: '/api/tagging/templates/copy', body: { readyMade: 'basketball' } }),
    { 'signed out': 401, stranger: 403, 'another coach': 201, member: 403, 'removed member': 403, coach: 201 }],
  // prettier-ignore
  ['GET /api/tagging/templates/:templateId (shared with the team)', (t) => ({ method: 'GET', url: `/api/tagging/templates/${t.templateId}` }),
    { 'signed out': 401, stranger: 404, 'another coach': 404, member: 200, 'removed member': 404, coach: 200 }],
  // prettier-ignore
  ['PATCH /api/tagging/templates/:templateId (shared with the team)', (t) => ({ method: 'PATCH', url: `/api/tagging/templates/${t.templateId}`, body: { name: 'Renamed' } }),
    { 'signed out': 401, stranger: 404, 'another coach': 404, member: 403, 'removed member': 404, coach: 200 }],
  // prettier-ignore
  ['DELETE /api/tagging/templates/:templateId (shared with the team)', (t) => ({ method: 'DELETE', url: `/api/tagging/templates/${t.templateId}` }),
    { 'signed out': 401, stranger: 404, 'another coach': 404, member: 403, 'removed member': 404, coach: 200 }],
];

describe('team routes, and what a team share reaches', () => {
  beforeAll(async () => {
    const [coach, otherCoach, member, removed, spare, stranger] = await Promise.all([
      registerAccount(ctx.app, { name: 'Team Coach', isCoach: true }),
      registerAccount(ctx.app, { name: 'Other Coach', isCoach: true }),
      registerAccount(ctx.app, { name: 'Member' }),
      registerAccount(ctx.app, { name: 'Removed' }),
      registerAccount(ctx.app, { name: 'Spare' }),
      registerAccount(ctx.app, { name: 'Stranger' }),
    ]);
    teamPeople = {
      coach: coach!,
      'another coach': otherCoach!,
      member: member!,
      'removed member': removed!,
      spare: spare!,
      stranger: stranger!,
    };
    await ctx.database.db.insert(coachStudents).values(
      [member!, removed!, spare!].map((athlete) => ({
        coachId: coach!.user.id,
        studentId: athlete.user.id,
        status: 'accepted' as const,
      })),
    );
  });

  describe.each(TEAM_ROUTES)('%s', (_route, request, expected) => {
    it.each(TEAM_ROLES)('as %s', async (role) => {
      const team = await freshTeam();
      const cookie = role === 'signed out' ? undefined : teamPeople[role].cookie;
      expect(await statusOf(request(team), cookie)).toBe(expected[role]);
    });
  });
});

// ---------------------------------------------------------------------------------------------
// Resumable uploads: signed out, a stranger with an upload of their own under way, the owner.
// An upload is its creator's however its address is written: the stranger's requests name
// their own upload in the path and the owner's elsewhere in the URL.

const UPLOAD_ROLES = ['signed out', 'stranger', 'owner'] as const;
type UploadRole = (typeof UPLOAD_ROLES)[number];
const RESUMABLE = '/api/resumable-uploads';
// An MP4 by its first bytes, sent in two halves.
const tusFile = Buffer.concat([MP4_HEADER, Buffer.alloc(16_000)]);
const TUS_SENT = 8192;
type UploadCell = {
  /** The address asked, given the asker's own upload (if any) and the owner's. */
  url: (own: string, owners: string) => string;
  method: 'POST' | 'HEAD' | 'PATCH' | 'DELETE' | 'OPTIONS';
};
const NO_UPLOAD = '0'.repeat(32);
const hostile = (which: number) => (own: string, owners: string) =>
  hostileUploadPaths(own, owners)[which]!;

const UPLOAD_ROUTES: [string, UploadCell, Record<UploadRole, number>][] = [
  // prettier-ignore
  ['POST /api/resumable-uploads', { method: 'POST', url: () => RESUMABLE },
    { 'signed out': 401, stranger: 201, owner: 201 }],
  // prettier-ignore
  ['HEAD /api/resumable-uploads/:uploadId', { method: 'HEAD', url: (_own, owners) => `${RESUMABLE}/${owners}` },
    { 'signed out': 401, stranger: 404, owner: 200 }],
  // prettier-ignore
  ['PATCH /api/resumable-uploads/:uploadId', { method: 'PATCH', url: (_own, owners) => `${RESUMABLE}/${owners}` },
    { 'signed out': 401, stranger: 404, owner: 204 }],
  // prettier-ignore
  ['DELETE /api/resumable-uploads/:uploadId', { method: 'DELETE', url: (_own, owners) => `${RESUMABLE}/${owners}` },
    { 'signed out': 401, stranger: 404, owner: 204 }],
  // A preflight asks what the request it precedes asks: only the upload's owner learns of it.
  // prettier-ignore
  ['OPTIONS /api/resumable-uploads', { method: 'OPTIONS', url: () => RESUMABLE },
    { 'signed out': 401, stranger: 204, owner: 204 }],
  // prettier-ignore
  ['OPTIONS /api/resumable-uploads/:uploadId', { method: 'OPTIONS', url: (_own, owners) => `${RESUMABLE}/${owners}` },
    { 'signed out': 401, stranger: 404, owner: 204 }],
  // The asker's own upload in the path, the owner's after a query: the path's is the one.
  // prettier-ignore
  ['HEAD /api/resumable-uploads/:uploadId (?x=/ the owner\'s)', { method: 'HEAD', url: hostile(0) },
    { 'signed out': 401, stranger: 200, owner: 200 }],
  // prettier-ignore
  ["PATCH /api/resumable-uploads/:uploadId (?x=/ the owner's: finishes the asker's own)", { method: 'PATCH', url: hostile(0) },
    { 'signed out': 401, stranger: 204, owner: 204 }],
  // prettier-ignore
  ['DELETE /api/resumable-uploads/:uploadId (?x=/ the owner\'s)', { method: 'DELETE', url: hostile(0) },
    { 'signed out': 401, stranger: 204, owner: 204 }],
  // prettier-ignore
  ['PATCH /api/resumable-uploads/:uploadId (%2F..%2F the owner\'s)', { method: 'PATCH', url: hostile(7) },
    { 'signed out': 401, stranger: 404, owner: 404 }],
  // prettier-ignore
  ['DELETE /api/resumable-uploads/:uploadId (/../ the owner\'s)', { method: 'DELETE', url: hostile(9) },
    { 'signed out': 404, stranger: 404, owner: 404 }],
  // prettier-ignore
  ['DELETE /api/resumable-uploads/:uploadId (// the owner\'s)', { method: 'DELETE', url: hostile(13) },
    { 'signed out': 404, stranger: 404, owner: 404 }],
  // prettier-ignore
  ['HEAD /api/resumable-uploads/:uploadId (/api// the owner\'s)', { method: 'HEAD', url: hostile(15) },
    { 'signed out': 404, stranger: 404, owner: 404 }],
];

describe('resumable upload routes, however the address is written', () => {
  /** An upload of `account`'s with its first half sent; its id. */
  const startUpload = async (account: Account) => {
    const created = await rawTus(origin, account, 'POST', RESUMABLE, {
      headers: {
        'upload-length': String(tusFile.length),
        'upload-metadata': tusMetadata({ title: 'Under way' }),
      },
    });
    expect(created.status, created.body).toBe(201);
    const id = String(created.headers.location).split('/').pop()!;
    const patched = await rawTus(origin, account, 'PATCH', `${RESUMABLE}/${id}`, {
      headers: { 'upload-offset': '0' },
      body: tusFile.subarray(0, TUS_SENT),
    });
    expect(patched.status, patched.body).toBe(204);
    return id;
  };

  describe.each(UPLOAD_ROUTES)('%s', (_route, cell, expected) => {
    it.each(UPLOAD_ROLES)('as %s', async (role) => {
      const owner = await registerAccount(ctx.app);
      const stranger = await registerAccount(ctx.app);
      const owners = await startUpload(owner);
      const asker = { 'signed out': null, stranger, owner }[role];
      const own = role === 'stranger' ? await startUpload(stranger) : owners;
      const url = cell.url(role === 'signed out' ? NO_UPLOAD : own, owners);
      // A PATCH sends what would finish the owner's upload: its offset and the rest.
      const answer = await rawTus(origin, asker, cell.method, url, {
        ...(cell.method === 'PATCH'
          ? { headers: { 'upload-offset': String(TUS_SENT) }, body: tusFile.subarray(TUS_SENT) }
          : {}),
        ...(cell.method === 'POST'
          ? {
              headers: {
                'upload-length': String(tusFile.length),
                'upload-metadata': tusMetadata({ title: 'New' }),
              },
            }
          : {}),
      });
      expect(answer.status, answer.body).toBe(expected[role]);
      if (role !== 'owner') {
        const head = await rawTus(origin, owner, 'HEAD', `${RESUMABLE}/${owners}`);
        expect(head.headers['upload-offset'], "the owner's upload is as it was").toBe(
          String(TUS_SENT),
        );
      }
    });
  });
});

beforeAll(async () => {
  smallJpeg = await sharp({
    create: { width: 64, height: 64, channels: 3, background: { r: 200, g: 30, b: 40 } },
  })
    .jpeg()
    .toBuffer();
  webmNote = await voiceNote('webm');
  origin = await ctx.app.listen({ host: '127.0.0.1', port: 0 });
});

it('covers every route in the API reference, so a new route cannot skip this table', async () => {
  const tested = new Set(
    [
      ...VIDEO_ROUTES,
      ...ROSTER_ROUTES,
      ...INVITEE_ROUTES,
      ...OWN_ROUTES,
      ...PLAYLIST_ROUTES,
      ...TEAM_ROUTES,
    ].map(([name]) => name.split(' (')[0]!),
  );
  const document = (await ctx.app.inject({ url: '/api/openapi.json' })).json<{
    paths: Record<string, Record<string, unknown>>;
  }>();
  const documented = Object.entries(document.paths).flatMap(([path, operations]) =>
    Object.keys(operations).map(
      (method) => `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`,
    ),
  );
  expect(documented.length).toBeGreaterThan(30);
  // The Admin area's routes answer 404 to everyone but administrators: modules/admin's test
  // asks each of them, from the API reference as here, as a non-admin and signed out.
  const forAdmins = (route: string) => route.split(' ')[1]!.startsWith('/api/admin/');
  expect(documented.filter((route) => !tested.has(route) && !forAdmins(route))).toEqual([]);
});

/** The declared route (`METHOD /path` of ROUTE_ACCESS) a matrix case asks, by its name. */
function declaredRouteOf(caseName: string): string {
  const [method, path] = caseName.split(' (')[0]!.split(' ') as [string, string];
  if (`${method} ${path}` in ROUTE_ACCESS) return `${method} ${path}`;
  // A case names the file it asks for (`/uploads/videos/:id/media.mp4`): the route that serves it.
  const serving = Object.keys(ROUTE_ACCESS).find((route) => {
    const [routeMethod, routePath] = route.split(' ') as [string, string];
    const shape = routePath.replace(/\./g, '\\.').replace(/:\w+/g, '[^/]+').replace('*', '.*');
    return routeMethod === method && new RegExp(`^${shape}$`).test(path);
  });
  if (!serving) throw new Error(`The matrix case "${caseName}" asks no declared route`);
  return serving;
}

/** The role tables above, by the name each permission and guard gives the ones that ask it. */
const MATRIX = {
  'one video': VIDEO_ROUTES,
  roster: ROSTER_ROUTES,
  'roster invitation': INVITEE_ROUTES,
  'own and public': OWN_ROUTES,
  playlists: PLAYLIST_ROUTES,
  teams: TEAM_ROUTES,
  'resumable uploads': UPLOAD_ROUTES,
} satisfies Record<string, readonly (readonly [string, ...unknown[]])[]>;
type MatrixTable = keyof typeof MATRIX;

/**
 * Where each permission and guard is asked: the role tables holding a case of a route that
 * needs it. Keyed by the permission list, so a new permission or guard is a type error until it
 * names its tables, and the tests generated below fail until those tables ask it. The
 * administrators' guard is asked by modules/admin's test: each of its routes, from the API
 * reference, as a non-admin and signed out.
 */
const ASKED_IN: Record<Permission | RouteGuard, readonly MatrixTable[] | 'modules/admin'> = {
  'video.read': ['one video', 'playlists', 'teams'],
  'video.edit': ['one video', 'teams'],
  'video.share': ['one video', 'teams'],
  'annotation.create': ['one video'],
  'annotation.read': ['one video'],
  'annotation.edit': ['one video'],
  'annotation.delete': ['one video'],
  'team.read': ['teams'],
  'team.manage': ['teams'],
  'team.share': ['teams'],
  'team.member.remove': ['teams'],
  'person.read': ['one video', 'own and public'],
  'clip.read': ['playlists'],
  'clip.edit': ['playlists'],
  'clip.share': ['playlists'],
  'playlist.read': ['playlists', 'teams'],
  'playlist.edit': ['playlists', 'teams'],
  'playlist.share': ['playlists', 'teams'],
  'export.read': ['one video'],
  'export.delete': ['one video'],
  'template.read': ['teams'],
  'template.edit': ['teams'],
  public: ['own and public', 'roster invitation'],
  'signed-in': [
    'own and public',
    'playlists',
    'resumable uploads',
    'roster',
    'roster invitation',
    'teams',
  ],
  own: ['own and public'],
  admin: 'modules/admin',
  coach: ['teams'],
  'roster.manage': ['roster'],
  'roster.answer': ['roster invitation'],
  'file.read': ['one video', 'own and public', 'playlists', 'teams'],
  'upload.own': ['resumable uploads'],
  'export.create': ['one video'],
};

/** The permissions and guards the cases of a table ask, through the routes they ask. */
function askedBy(table: MatrixTable): Set<string> {
  return new Set(MATRIX[table].flatMap(([name]) => [ROUTE_ACCESS[declaredRouteOf(name)]!].flat()));
}

describe('the permission matrix, generated from the permission list and the routes', () => {
  it('declares what every route the server serves needs, and no other route', async () => {
    const { routes } = await listServerRoutes(ctx.app);
    // A GET answers HEAD too, by the same handler: declared once, as GET.
    const served = routes.flatMap((route) =>
      route.methods
        .filter((method) => method !== 'HEAD' || !route.methods.includes('GET'))
        .map((method) => `${method} ${route.path}`),
    );
    expect(served.length).toBeGreaterThan(100);
    expect(served.filter((route) => !(route in ROUTE_ACCESS))).toEqual([]);
    expect(Object.keys(ROUTE_ACCESS).filter((route) => !served.includes(route))).toEqual([]);
  });

  const declared = [...Object.keys(PERMISSIONS), ...Object.keys(ROUTE_GUARDS)];
  it.each(declared)('asks %s in the tables it names, and in no other', (name) => {
    const tables = ASKED_IN[name as keyof typeof ASKED_IN];
    expect(tables, `${name} names no table of the matrix`).toBeDefined();
    if (tables === 'modules/admin') return;
    const asking = (Object.keys(MATRIX) as MatrixTable[]).filter((table) =>
      askedBy(table).has(name),
    );
    expect(tables.length, `${name} names no table of the matrix`).toBeGreaterThan(0);
    expect(asking.sort()).toEqual([...tables].sort());
  });

  // The administrators' routes are asked by modules/admin's test.
  const askedHere = Object.entries(ROUTE_ACCESS).filter(
    ([, needs]) => ![needs].flat().every((name) => ASKED_IN[name] === 'modules/admin'),
  );
  it.each(askedHere.map(([route]) => route))('asks %s in the matrix', (route) => {
    const cases = Object.values(MATRIX)
      .flat()
      .filter(([name]) => declaredRouteOf(name) === route);
    expect(cases.length, `no case of the matrix asks ${route}`).toBeGreaterThan(0);
  });
});
