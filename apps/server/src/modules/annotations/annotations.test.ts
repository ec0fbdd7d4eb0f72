import type { Annotation, AnnotationReply, Drawing, ReactionSummary } from '@filmroom/contract';
import { probeMedia } from '@filmroom/media';
import { eq, inArray, or } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { beforeAll, describe, expect, it } from 'vitest';
import { registerAccount } from '../../../test/accounts';
import { useTestApp } from '../../../test/test-app';
import type { multipartBody } from '../../../test/uploads';
import { insertReadyVideo } from '../../../test/videos';
import { SPOKEN_WORDS, voiceNote, voiceNoteForm } from '../../../test/voice-notes';
import { annotationReactions, annotations, userPhotos, videoShares } from '../../db/schema';
import { profilePhotoKey } from '../users/profile-photos';

const ctx = useTestApp();

type Account = Awaited<ReturnType<typeof registerAccount>>;
type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

const call = (method: Method, url: string, cookie?: string, payload?: object) =>
  ctx.app.inject({ method, url, payload, headers: cookie ? { cookie } : {} });

const send = (url: string, cookie: string, form: ReturnType<typeof multipartBody>) =>
  ctx.app.inject({
    method: 'POST',
    url,
    headers: { cookie, 'content-type': form.contentType },
    payload: form.body,
  });

let owner: Account;
let editor: Account;
let viewer: Account;
let otherViewer: Account;
let stranger: Account;

/** A prepared 4-second video of the owner's, shared at view and at edit access. */
async function sharedVideo(options: { duration?: number | null } = {}) {
  const id = await insertReadyVideo(ctx.runtime.deps, owner.user.id, options);
  await ctx.database.db.insert(videoShares).values(
    [
      [viewer, 'view'],
      [otherViewer, 'view'],
      [editor, 'edit'],
    ].map(([person, accessLevel]) => ({
      videoId: id,
      sharedWithEmail: (person as Account).username,
      accessLevel: accessLevel as 'view' | 'edit',
      sharedById: owner.user.id,
    })),
  );
  return {
    id,
    url: `/api/videos/${id}/annotations`,
    annotate: (cookie: string, body: object) =>
      call('POST', `/api/videos/${id}/annotations`, cookie, body),
    list: async (cookie: string) =>
      (await call('GET', `/api/videos/${id}/annotations`, cookie)).json<Annotation[]>(),
  };
}
type SharedVideo = Awaited<ReturnType<typeof sharedVideo>>;

const at = (content: string, timestamp = 1.5) => ({
  content,
  timestamp,
  xPosition: 25,
  yPosition: 75,
});

async function annotated(video: SharedVideo, content = 'Keep your elbow at 90 degrees') {
  const response = await video.annotate(owner.cookie, at(content));
  expect(response.statusCode).toBe(201);
  return response.json<Annotation>();
}

async function replyTo(video: SharedVideo, annotationId: string, cookie: string, content: string) {
  const response = await call('POST', `${video.url}/${annotationId}/replies`, cookie, { content });
  expect(response.statusCode).toBe(201);
  return response.json<AnnotationReply>();
}

const point = (x: number, y: number) => ({ x, y });
const arrow = {
  kind: 'arrow',
  colour: '#ffd60a',
  width: 'thick',
  from: point(10, 20),
  to: point(30, 40),
} as const;
/** One shape of each kind that has its own fields, at the frame's edges and inside. */
const DRAWING: Drawing = {
  shapes: [
    arrow,
    { kind: 'spotlight', colour: '#ffffff', width: 'thin', from: point(0, 0), to: point(100, 100) },
    {
      kind: 'pen',
      colour: '#ff3b30',
      width: 'thin',
      points: [point(1, 1), point(2.5, 3), point(4, 2)],
    },
    { kind: 'text', colour: '#111111', width: 'thin', at: point(50, 50), text: 'Knee over toe' },
    {
      kind: 'angle',
      colour: '#00e5ff',
      width: 'thick',
      points: [point(40, 30), point(45, 60), point(60, 62)],
      description: 'Angle 94° at the left knee',
    },
  ],
};

const NO_REACTIONS: ReactionSummary = {
  '👍': { count: 0, mine: false },
  '👎': { count: 0, mine: false },
  '❤️': { count: 0, mine: false },
  '🎯': { count: 0, mine: false },
  '💪': { count: 0, mine: false },
};

beforeAll(async () => {
  [owner, editor, viewer, otherViewer, stranger] = await Promise.all([
    registerAccount(ctx.app, { name: 'Coach Carter', isCoach: true }),
    registerAccount(ctx.app, { name: 'Assistant Ed' }),
    registerAccount(ctx.app, { name: 'Athlete Val' }),
    registerAccount(ctx.app, { name: 'Athlete Otto' }),
    registerAccount(ctx.app, { name: 'Stranger Sam' }),
  ]);
});

describe('POST /api/videos/:videoId/annotations (text)', () => {
  it('pins a note at a time and place, with its sentiment, and lists it to viewers', async () => {
    const video = await sharedVideo();
    const response = await video.annotate(owner.cookie, {
      content: '  Great footwork on that drive!  ',
      timestamp: 2.25,
      xPosition: 12.5,
      yPosition: 80,
    });
    expect(response.statusCode).toBe(201);
    const annotation = response.json<Annotation>();
    expect(annotation).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      parentId: null,
      content: 'Great footwork on that drive!',
      timestamp: 2.25,
      xPosition: 12.5,
      yPosition: 80,
      audioUrl: null,
      audioDuration: null,
      sentiment: { label: 'positive', confidence: expect.any(Number) },
      drawing: null,
      endTime: null,
      displaySeconds: 3,
      pauseHere: false,
      resolvedAt: null,
      resolvedBy: null,
      reactions: NO_REACTIONS,
      user: { id: owner.user.id, name: 'Coach Carter', avatarUrl: null },
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      replies: [],
    });
    expect(annotation.sentiment!.confidence).toBeGreaterThan(0.5);
    expect(annotation.sentiment!.confidence).toBeLessThanOrEqual(1);

    for (const person of [owner, editor, viewer]) {
      expect(await video.list(person.cookie)).toEqual([annotation]);
    }
    expect((await call('GET', video.url, stranger.cookie)).statusCode).toBe(404);
    expect((await call('GET', video.url)).statusCode).toBe(401);
  });

  it.each([
    ['Great footwork on that drive!', 'positive'],
    ['You dropped your shoulder again, too slow', 'negative'],
    ['Keep your elbow at 90 degrees', 'neutral'],
  ])('reads "%s" as %s', async (content, label) => {
    const video = await sharedVideo();
    const { sentiment } = await annotated(video, content);
    expect(sentiment?.label).toBe(label);
    expect(sentiment?.confidence).toBeGreaterThan(0);
    expect(sentiment?.confidence).toBeLessThanOrEqual(1);
  });

  it('lists annotations by time, whoever wrote them when', async () => {
    const video = await sharedVideo();
    await video.annotate(owner.cookie, at('Third', 3));
    await video.annotate(editor.cookie, at('First', 0));
    await video.annotate(owner.cookie, at('Second', 1.5));
    const listed = await video.list(viewer.cookie);
    expect(listed.map((annotation) => annotation.content)).toEqual(['First', 'Second', 'Third']);
    expect(listed[0]!.user).toEqual({ id: editor.user.id, name: 'Assistant Ed', avatarUrl: null });
  });

  it.each([
    [
      'no text',
      { timestamp: 1, xPosition: 1, yPosition: 1 },
      'An annotation needs text, a voice recording or a drawing',
    ],
    ['blank text', at('   '), 'An annotation needs text, a voice recording or a drawing'],
    ['text too long', at('x'.repeat(5001)), 'content must be at most 5000 characters'],
    ['text that is not text', { ...at('x'), content: 5 }, 'content must be text'],
    [
      'a negative x',
      { ...at('x'), xPosition: -0.1 },
      'xPosition must be a percentage from 0 to 100',
    ],
    [
      'an x past 100',
      { ...at('x'), xPosition: 100.01 },
      'xPosition must be a percentage from 0 to 100',
    ],
    [
      'no y',
      { content: 'x', timestamp: 1, xPosition: 1 },
      'yPosition must be a percentage from 0 to 100',
    ],
    [
      'a y past 100',
      { ...at('x'), yPosition: 150 },
      'yPosition must be a percentage from 0 to 100',
    ],
    ['a negative time', at('x', -1), 'timestamp must be 0 seconds or more'],
    ['a time past the end', at('x', 4.2), 'timestamp must be within the video: 0 to 4 seconds'],
    ['a time as text', { ...at('x'), timestamp: '1' }, 'timestamp must be a number of seconds'],
    [
      'no time',
      { content: 'x', xPosition: 1, yPosition: 1 },
      'timestamp must be a number of seconds',
    ],
  ])('refuses %s with 400 and a message naming the field', async (_case, body, message) => {
    const video = await sharedVideo();
    const response = await video.annotate(owner.cookie, body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message });
    expect(await video.list(owner.cookie)).toEqual([]);
  });

  it('refuses a body that is not a JSON object', async () => {
    const video = await sharedVideo();
    const response = await ctx.app.inject({
      method: 'POST',
      url: video.url,
      headers: { cookie: owner.cookie, 'content-type': 'application/json' },
      payload: '[1, 2]',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'The request body must be a JSON object' });
  });

  it('takes the edges: 0 and 100 percent, the first and the last moment', async () => {
    const video = await sharedVideo();
    for (const body of [
      { content: 'corner', timestamp: 0, xPosition: 0, yPosition: 0 },
      { content: 'corner', timestamp: 4, xPosition: 100, yPosition: 100 },
    ]) {
      expect((await video.annotate(owner.cookie, body)).statusCode).toBe(201);
    }
    // A frame past ffprobe's end, as a browser paused on the last frame may report it.
    const last = await video.annotate(owner.cookie, at('last frame', 4.04));
    expect(last.statusCode).toBe(201);
    expect(last.json<Annotation>().timestamp).toBe(4);
  });

  it('waits for a video still being prepared (409): its length is not known yet', async () => {
    const video = await sharedVideo({ duration: null });
    const response = await video.annotate(owner.cookie, at('Too early'));
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      message: 'This video is still being prepared: annotate it once it plays',
    });
  });

  it('takes annotations from the owner and editors; viewers 403, strangers 404', async () => {
    const video = await sharedVideo();
    expect((await video.annotate(owner.cookie, at('Owner'))).statusCode).toBe(201);
    expect((await video.annotate(editor.cookie, at('Editor'))).statusCode).toBe(201);
    const byViewer = await video.annotate(viewer.cookie, at('Viewer'));
    expect(byViewer.statusCode).toBe(403);
    expect(byViewer.json()).toEqual({
      message:
        'You have view access to this video: only its owner or an editor can add annotations. You can reply and react.',
    });
    const byStranger = await video.annotate(stranger.cookie, at('Stranger'));
    expect(byStranger.statusCode).toBe(404);
    expect(byStranger.json()).toEqual({ message: 'Video not found' });
    expect((await call('POST', video.url, undefined, at('Nobody'))).statusCode).toBe(401);
    expect((await video.list(owner.cookie)).map((a) => a.content)).toEqual(['Owner', 'Editor']);
  });

  it('answers 404 for a video that does not exist, 400 for an id that is not one', async () => {
    const missing = await call(
      'POST',
      '/api/videos/00000000-0000-4000-8000-000000000000/annotations',
      owner.cookie,
      at('x'),
    );
    expect(missing.statusCode).toBe(404);
    const bad = await call('GET', '/api/videos/not-a-uuid/annotations', owner.cookie);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ message: 'Video id must be a UUID' });
  });
});

describe('POST /api/videos/:videoId/annotations (voice note, multipart)', () => {
  const fields = (extra: Record<string, string> = {}) => ({
    timestamp: '1.25',
    xPosition: '40',
    yPosition: '60',
    ...extra,
  });

  it('stores the recording under the video and serves it, with ranges, to viewers only', async () => {
    const video = await sharedVideo();
    const webm = await voiceNote('webm');
    const response = await send(
      video.url,
      owner.cookie,
      voiceNoteForm(
        fields({
          content: SPOKEN_WORDS,
          audioDuration: '2.8',
          // What the transcription said; checked, then computed again from the final text.
          sentiment: JSON.stringify({ label: 'positive', confidence: 0.99 }),
        }),
        { data: webm },
      ),
    );
    expect(response.statusCode).toBe(201);
    const annotation = response.json<Annotation>();
    expect(annotation).toMatchObject({
      content: SPOKEN_WORDS,
      timestamp: 1.25,
      xPosition: 40,
      yPosition: 60,
      audioUrl: `/uploads/videos/${video.id}/annotations/${annotation.id}.webm`,
      audioDuration: 2.8,
      sentiment: { label: 'neutral', confidence: 1 },
    });

    const audioUrl = annotation.audioUrl!;
    const served: Buffer[] = [];
    for (const person of [owner, editor, viewer]) {
      const whole = await call('GET', audioUrl, person.cookie);
      expect(whole.statusCode).toBe(200);
      expect(whole.headers['content-type']).toBe('audio/webm');
      expect(whole.headers['accept-ranges']).toBe('bytes');
      served.push(whole.rawPayload);
    }
    // The browser's live-stream recording is rewritten so players know its length and can
    // seek; the audio itself is copied, not re-encoded.
    const stored = served[0]!;
    expect(served.every((copy) => copy.equals(stored))).toBe(true);
    const folder = await mkdtemp(path.join(tmpdir(), 'filmroom-served-note-'));
    await writeFile(path.join(folder, 'note.webm'), stored);
    expect((await probeMedia(path.join(folder, 'note.webm'))).duration).toBeCloseTo(2.8, 1);
    await rm(folder, { recursive: true, force: true });
    expect(Math.abs(stored.length - webm.length)).toBeLessThan(webm.length * 0.1);

    const part = await ctx.app.inject({
      url: audioUrl,
      headers: { cookie: viewer.cookie, range: 'bytes=0-99' },
    });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 0-99/${stored.length}`);
    expect(part.rawPayload.equals(stored.subarray(0, 100))).toBe(true);

    const refused = await call('GET', audioUrl, stranger.cookie);
    expect(refused.statusCode).toBe(404);
    expect(refused.rawPayload.includes(stored.subarray(0, 64))).toBe(false);
    expect((await call('GET', audioUrl)).statusCode).toBe(401);
    expect(await ctx.runtime.deps.blobs.list('incoming/')).toEqual([]);
  });

  it('takes Ogg recordings (Firefox) too', async () => {
    const video = await sharedVideo();
    const response = await send(
      video.url,
      editor.cookie,
      voiceNoteForm(fields(), {
        data: await voiceNote('ogg'),
        filename: 'recording.ogg',
        contentType: 'audio/ogg',
      }),
    );
    expect(response.statusCode).toBe(201);
    const { audioUrl } = response.json<Annotation>();
    expect(audioUrl).toMatch(/\.ogg$/);
    const served = await call('GET', audioUrl!, viewer.cookie);
    expect(served.headers['content-type']).toBe('audio/ogg');
  });

  it('saves a voice note with no words: no text, no sentiment (a grey marker)', async () => {
    const video = await sharedVideo();
    const response = await send(
      video.url,
      owner.cookie,
      voiceNoteForm(fields({ content: '  ', sentiment: 'null' }), {
        data: await voiceNote('webm'),
      }),
    );
    expect(response.statusCode).toBe(201);
    // No length was sent: the server measures it from the recording.
    expect(response.json()).toMatchObject({ content: '', sentiment: null, audioDuration: 2.8 });
  });

  it('treats an empty recording as none: saved with text, refused without', async () => {
    const video = await sharedVideo();
    const empty = { data: Buffer.alloc(0) };
    const withText = await send(
      video.url,
      owner.cookie,
      voiceNoteForm(fields({ content: 'Said nothing in time' }), empty),
    );
    expect(withText.statusCode).toBe(201);
    expect(withText.json()).toMatchObject({ content: 'Said nothing in time', audioUrl: null });

    const alone = await send(video.url, owner.cookie, voiceNoteForm(fields(), empty));
    expect(alone.statusCode).toBe(400);
    expect(alone.json()).toEqual({
      message: 'An annotation needs text, a voice recording or a drawing',
    });
  });

  it.each([
    ['no timestamp', { xPosition: '1', yPosition: '1' }, 'timestamp is required'],
    ['an empty timestamp', fields({ timestamp: '' }), 'timestamp is required'],
    [
      'a timestamp that is not a number',
      fields({ timestamp: 'soon' }),
      'timestamp must be a number of seconds',
    ],
    [
      'a time past the end',
      fields({ timestamp: '9' }),
      'timestamp must be within the video: 0 to 4 seconds',
    ],
    ['an x past 100', fields({ xPosition: '101' }), 'xPosition must be a percentage from 0 to 100'],
    [
      'a negative audio duration',
      fields({ audioDuration: '-2' }),
      'audioDuration must be 0 seconds or more',
    ],
    [
      'a sentiment that is not JSON',
      fields({ sentiment: 'happy' }),
      'sentiment must be JSON such as {"label":"positive","confidence":0.8}',
    ],
    [
      'an unknown sentiment label',
      fields({ sentiment: '{"label":"joyful","confidence":0.5}' }),
      'sentiment.label must be positive, negative or neutral',
    ],
    [
      'a confidence past 1',
      fields({ sentiment: '{"label":"positive","confidence":1.5}' }),
      'sentiment.confidence must be a number from 0 to 1',
    ],
  ])('refuses %s with 400 and keeps no file', async (_case, form, message) => {
    const video = await sharedVideo();
    const response = await send(
      video.url,
      owner.cookie,
      voiceNoteForm(form, { data: await voiceNote('webm') }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message });
    expect(await ctx.runtime.deps.blobs.list(`videos/${video.id}/annotations/`)).toEqual([]);
    expect(await ctx.runtime.deps.blobs.list('incoming/')).toEqual([]);
  });

  it.each([
    ['a WAV file named .webm', 'wav', 'This file is audio/wav, not a WebM or Ogg voice recording.'],
    [
      'an MP3 file named .webm',
      'mp3',
      'This file is audio/mpeg, not a WebM or Ogg voice recording.',
    ],
    ['a web page named .webm', 'html', 'This file is not audio we recognise.'],
  ] as const)('refuses %s with 415, judged by its bytes', async (_case, format, message) => {
    const video = await sharedVideo();
    const data =
      format === 'html'
        ? Buffer.from('<!doctype html><script>alert(1)</script>')
        : await voiceNote(format);
    const response = await send(
      video.url,
      owner.cookie,
      voiceNoteForm(fields({ content: 'Looks like audio' }), { data, filename: 'note.webm' }),
    );
    expect(response.statusCode).toBe(415);
    expect(response.json<{ message: string }>().message).toMatch(new RegExp(`^${escape(message)}`));
    expect(await video.list(owner.cookie)).toEqual([]);
    expect(await ctx.runtime.deps.blobs.list('incoming/')).toEqual([]);
  });

  it('refuses a viewer before reading the recording (403)', async () => {
    const video = await sharedVideo();
    const response = await send(
      video.url,
      viewer.cookie,
      voiceNoteForm(fields({ content: 'Me too' }), { data: await voiceNote('webm') }),
    );
    expect(response.statusCode).toBe(403);
    expect(await ctx.runtime.deps.blobs.list(`videos/${video.id}/annotations/`)).toEqual([]);
  });
});

describe('POST /api/videos/:videoId/annotations (drawings and ranges)', () => {
  it('keeps a drawing, a range, its display time and pause-here, and lists them', async () => {
    const video = await sharedVideo();
    const response = await video.annotate(owner.cookie, {
      ...at(''),
      timestamp: 1,
      endTime: 3.5,
      drawing: DRAWING,
      displaySeconds: 6.5,
      pauseHere: true,
    });
    expect(response.statusCode).toBe(201);
    const annotation = response.json<Annotation>();
    // A drawing alone is a note: no text, so no sentiment (a grey marker).
    expect(annotation).toMatchObject({
      content: '',
      sentiment: null,
      timestamp: 1,
      endTime: 3.5,
      drawing: DRAWING,
      displaySeconds: 6.5,
      pauseHere: true,
      resolvedAt: null,
      resolvedBy: null,
    });
    expect(await video.list(viewer.cookie)).toEqual([annotation]);
  });

  it('takes a range to the last frame, a browser’s frame past the end counting as the end', async () => {
    const video = await sharedVideo();
    const response = await video.annotate(owner.cookie, { ...at('Whole rep', 0), endTime: 4.04 });
    expect(response.statusCode).toBe(201);
    expect(response.json<Annotation>()).toMatchObject({ timestamp: 0, endTime: 4 });
  });

  const tooManyShapes = { shapes: Array.from({ length: 51 }, () => arrow) };
  const longStroke = {
    shapes: [
      {
        kind: 'pen',
        colour: '#ff3b30',
        width: 'thin',
        points: Array.from({ length: 1001 }, (_, i) => point(i / 10, 50)),
      },
    ],
  };
  it.each([
    [
      'an unknown shape kind',
      { drawing: { shapes: [{ ...arrow, kind: 'star' }] } },
      "a shape's kind must be one of arrow line ellipse rectangle pen text angle spotlight",
    ],
    ['too many shapes', { drawing: tooManyShapes }, 'a drawing may have at most 50 shapes'],
    ['a drawing with no shapes', { drawing: { shapes: [] } }, 'a drawing needs at least one shape'],
    ['a drawing that is text', { drawing: 'arrow' }, 'drawing must be an object with shapes'],
    ['too many pen points', { drawing: longStroke }, 'a pen stroke may have at most 1000 points'],
    [
      'a point past 100',
      { drawing: { shapes: [{ ...arrow, to: point(100.5, 40) }] } },
      'drawing point x must be from 0 to 100',
    ],
    [
      'a negative point',
      { drawing: { shapes: [{ ...arrow, from: point(10, -1) }] } },
      'drawing point y must be from 0 to 100',
    ],
    [
      'an angle of two points',
      { drawing: { shapes: [{ ...arrow, kind: 'angle', points: [point(1, 1), point(2, 2)] }] } },
      'an angle needs exactly 3 points',
    ],
    [
      'a colour off the palette',
      { drawing: { shapes: [{ ...arrow, colour: '#00ff00' }] } },
      'colour must be one of #ffd60a #ff3b30 #00e5ff #ff2dd1 #ff8c00 #ffffff #111111',
    ],
    ['an end before the start', { endTime: 1 }, 'endTime must be after the timestamp'],
    ['an end at the start', { endTime: 1.5 }, 'endTime must be after the timestamp'],
    ['an end past the video', { endTime: 4.2 }, 'endTime must be within the video: 0 to 4 seconds'],
    ['an end as text', { endTime: '3' }, 'endTime must be a number of seconds'],
    ['too short a display', { displaySeconds: 0.4 }, 'displaySeconds must be at least 0.5 seconds'],
    ['too long a display', { displaySeconds: 31 }, 'displaySeconds must be at most 30 seconds'],
    ['pause-here as text', { pauseHere: 'yes' }, 'pauseHere must be true or false'],
  ])('refuses %s with 400 and a message naming the field', async (_case, extra, message) => {
    const video = await sharedVideo();
    const response = await video.annotate(owner.cookie, { ...at('Look here'), ...extra });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message });
    expect(await video.list(owner.cookie)).toEqual([]);
  });

  it('takes them with a voice note too (multipart)', async () => {
    const video = await sharedVideo();
    const response = await send(
      video.url,
      owner.cookie,
      voiceNoteForm(
        {
          timestamp: '0.5',
          xPosition: '40',
          yPosition: '60',
          endTime: '2',
          drawing: JSON.stringify(DRAWING),
          displaySeconds: '10',
          pauseHere: 'true',
        },
        { data: await voiceNote('webm') },
      ),
    );
    expect(response.statusCode).toBe(201);
    expect(response.json<Annotation>()).toMatchObject({
      timestamp: 0.5,
      endTime: 2,
      drawing: DRAWING,
      displaySeconds: 10,
      pauseHere: true,
      audioUrl: expect.stringMatching(/\.webm$/),
    });
  });

  it('saves a drawing with no recording and no words (multipart)', async () => {
    const video = await sharedVideo();
    const response = await send(
      video.url,
      owner.cookie,
      voiceNoteForm(
        { timestamp: '1', xPosition: '1', yPosition: '1', drawing: JSON.stringify(DRAWING) },
        { data: Buffer.alloc(0) },
      ),
    );
    expect(response.statusCode).toBe(201);
    expect(response.json<Annotation>()).toMatchObject({
      audioUrl: null,
      content: '',
      drawing: DRAWING,
      endTime: null,
      displaySeconds: 3,
      pauseHere: false,
    });
  });

  it.each([
    [
      'drawing that is not JSON',
      { drawing: '{"shapes":[' },
      'drawing must be JSON such as {"shapes":[...]}',
    ],
    [
      'drawing with too many shapes',
      { drawing: JSON.stringify(tooManyShapes) },
      'a drawing may have at most 50 shapes',
    ],
    ['an end past the video', { endTime: '5' }, 'endTime must be within the video: 0 to 4 seconds'],
    ['an end before the start', { endTime: '0.5' }, 'endTime must be after the timestamp'],
    [
      'a display time that is not a number',
      { displaySeconds: 'long' },
      'displaySeconds must be a number of seconds',
    ],
    [
      'pause-here that is not true or false',
      { pauseHere: 'on' },
      'pauseHere must be true or false',
    ],
  ])('refuses a multipart %s with 400 and keeps no file', async (_case, extra, message) => {
    const video = await sharedVideo();
    const response = await send(
      video.url,
      owner.cookie,
      voiceNoteForm(
        { timestamp: '1', xPosition: '1', yPosition: '1', ...extra },
        { data: await voiceNote('webm') },
      ),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message });
    expect(await ctx.runtime.deps.blobs.list(`videos/${video.id}/annotations/`)).toEqual([]);
    expect(await ctx.runtime.deps.blobs.list('incoming/')).toEqual([]);
  });
});

describe('the size limit on recordings', () => {
  const small = useTestApp({ MAX_AUDIO_MB: '0.02' });

  it('refuses a recording over MAX_AUDIO_MB with 413 and keeps nothing', async () => {
    const coach = await registerAccount(small.app);
    const videoId = await insertReadyVideo(small.runtime.deps, coach.user.id);
    const webm = await voiceNote('webm');
    expect(webm.length).toBeGreaterThan(0.02 * 1024 * 1024);
    const form = voiceNoteForm({ timestamp: '1', xPosition: '1', yPosition: '1' }, { data: webm });
    const response = await small.app.inject({
      method: 'POST',
      url: `/api/videos/${videoId}/annotations`,
      headers: { cookie: coach.cookie, 'content-type': form.contentType },
      payload: form.body,
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({
      message: 'The voice recording is larger than the 0.02 MB limit',
    });
    expect(await small.runtime.deps.blobs.list('incoming/')).toEqual([]);
    expect(await small.runtime.deps.blobs.list(`videos/${videoId}/annotations/`)).toEqual([]);
  });
});

describe('POST /api/videos/:videoId/annotations/:annotationId/replies', () => {
  it('lets anyone who may view the video reply; replies come oldest first', async () => {
    const video = await sharedVideo();
    const annotation = await annotated(video);
    const first = await replyTo(video, annotation.id, viewer.cookie, '  Got it, coach!  ');
    expect(first).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      parentId: annotation.id,
      content: 'Got it, coach!',
      timestamp: annotation.timestamp,
      xPosition: annotation.xPosition,
      yPosition: annotation.yPosition,
      audioUrl: null,
      audioDuration: null,
      sentiment: { label: 'neutral', confidence: expect.any(Number) },
      drawing: null,
      reactions: NO_REACTIONS,
      user: { id: viewer.user.id, name: 'Athlete Val', avatarUrl: null },
      createdAt: expect.any(String),
      replies: [],
    });
    const second = await replyTo(video, annotation.id, owner.cookie, 'Great work today!');
    expect(second.sentiment?.label).toBe('positive');

    // A profile photo becomes the author's avatar beside their words, and others may load it.
    const photoKey = profilePhotoKey(viewer.user.id, randomUUID());
    await ctx.database.db.insert(userPhotos).values({ userId: viewer.user.id, blobKey: photoKey });
    await ctx.runtime.deps.blobs.write(photoKey, Readable.from([Buffer.from('jpeg')]), {
      contentType: 'image/jpeg',
    });
    const avatarUrl = `/uploads/${photoKey}`;
    expect((await call('GET', avatarUrl, owner.cookie)).statusCode).toBe(200);
    expect((await call('GET', avatarUrl, stranger.cookie)).statusCode).toBe(404);

    const [listed] = await video.list(editor.cookie);
    expect(listed!.replies).toEqual([{ ...first, user: { ...first.user, avatarUrl } }, second]);
    expect(listed!.user).toEqual({ id: owner.user.id, name: 'Coach Carter', avatarUrl: null });
    // Replies live in their annotation's discussion, not as annotations of their own.
    expect(await video.list(viewer.cookie)).toHaveLength(1);
  });

  it.each([
    ['blank', { content: '   ' }],
    ['missing', {}],
  ])('refuses a %s reply with 400', async (_case, body) => {
    const video = await sharedVideo();
    const annotation = await annotated(video);
    const response = await call(
      'POST',
      `${video.url}/${annotation.id}/replies`,
      viewer.cookie,
      body,
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'A reply needs text or a drawing' });
  });

  it('takes a drawing alone from a viewer, on the annotation’s frame', async () => {
    const video = await sharedVideo();
    const annotation = await annotated(video);
    const circled = { shapes: [{ ...arrow, kind: 'ellipse' }] } as Drawing;
    const response = await call('POST', `${video.url}/${annotation.id}/replies`, viewer.cookie, {
      drawing: circled,
    });
    expect(response.statusCode).toBe(201);
    const reply = response.json<AnnotationReply>();
    expect(reply).toMatchObject({
      content: '',
      sentiment: null,
      drawing: circled,
      timestamp: annotation.timestamp,
    });
    // A reply has no range, display time or resolution of its own.
    expect(reply).not.toHaveProperty('endTime');
    expect(reply).not.toHaveProperty('resolvedAt');
    const [listed] = await video.list(owner.cookie);
    expect(listed!.replies).toEqual([reply]);
    expect(listed!.drawing).toBeNull();

    const withText = await call('POST', `${video.url}/${annotation.id}/replies`, viewer.cookie, {
      content: 'This bit',
      drawing: circled,
    });
    expect(withText.json()).toMatchObject({ content: 'This bit', drawing: circled });
  });

  it.each([
    [
      'neither text nor a drawing',
      { content: ' ', drawing: null },
      'A reply needs text or a drawing',
    ],
    [
      'a drawing with a point off the frame',
      { drawing: { shapes: [{ ...arrow, from: point(-5, 5) }] } },
      'drawing point x must be from 0 to 100',
    ],
  ])('refuses a reply with %s (400)', async (_case, body, message) => {
    const video = await sharedVideo();
    const annotation = await annotated(video);
    const response = await call(
      'POST',
      `${video.url}/${annotation.id}/replies`,
      viewer.cookie,
      body,
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message });
    expect((await video.list(owner.cookie))[0]!.replies).toEqual([]);
  });

  it('refuses a reply to a reply (400), and annotations of other videos are not found (404)', async () => {
    const video = await sharedVideo();
    const annotation = await annotated(video);
    const reply = await replyTo(video, annotation.id, viewer.cookie, 'First');
    const nested = await call('POST', `${video.url}/${reply.id}/replies`, owner.cookie, {
      content: 'Nested',
    });
    expect(nested.statusCode).toBe(400);

    const other = await sharedVideo();
    const elsewhere = await call('POST', `${other.url}/${annotation.id}/replies`, owner.cookie, {
      content: 'Wrong video',
    });
    expect(elsewhere.statusCode).toBe(404);
    expect(elsewhere.json()).toEqual({ message: 'Annotation not found' });

    const byStranger = await call(
      'POST',
      `${video.url}/${annotation.id}/replies`,
      stranger.cookie,
      {
        content: 'Hi',
      },
    );
    expect(byStranger.statusCode).toBe(404);
  });
});

describe('DELETE /api/videos/:videoId/annotations/:annotationId', () => {
  it('removes the annotation with its replies, their reactions and the recording', async () => {
    const video = await sharedVideo();
    const created = await send(
      video.url,
      owner.cookie,
      voiceNoteForm(
        { content: SPOKEN_WORDS, timestamp: '1', xPosition: '1', yPosition: '1' },
        { data: await voiceNote('webm') },
      ),
    );
    const annotation = created.json<Annotation>();
    const audioKey = annotation.audioUrl!.replace('/uploads/', '');
    const reply = await replyTo(video, annotation.id, viewer.cookie, 'On it');
    await call('POST', `/api/annotations/${annotation.id}/reactions`, viewer.cookie, {
      reaction: '💪',
    });
    await call('POST', `/api/annotations/${reply.id}/reactions`, owner.cookie, { reaction: '👍' });
    const kept = await annotated(video, 'Another note');

    const response = await call('DELETE', `${video.url}/${annotation.id}`, owner.cookie);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Annotation deleted successfully' });

    const { db } = ctx.database;
    const ids = [annotation.id, reply.id];
    expect(
      await db
        .select()
        .from(annotations)
        .where(or(inArray(annotations.id, ids), inArray(annotations.parentId, ids))),
    ).toEqual([]);
    expect(
      await db
        .select()
        .from(annotationReactions)
        .where(inArray(annotationReactions.annotationId, ids)),
    ).toEqual([]);
    expect(await ctx.runtime.deps.blobs.stat(audioKey)).toBeNull();
    expect((await call('GET', annotation.audioUrl!, owner.cookie)).statusCode).toBe(404);
    expect((await video.list(owner.cookie)).map((a) => a.id)).toEqual([kept.id]);

    const again = await call('DELETE', `${video.url}/${annotation.id}`, owner.cookie);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ message: 'Annotation not found' });
  });

  it('is for its author or an editor: viewers get 403, strangers 404', async () => {
    const video = await sharedVideo();
    const byOwner = await annotated(video, 'By the owner');
    const byViewer = await call('DELETE', `${video.url}/${byOwner.id}`, viewer.cookie);
    expect(byViewer.statusCode).toBe(403);
    expect(byViewer.json()).toEqual({
      message: 'Only the author of this annotation or an editor of the video can delete it',
    });
    expect((await call('DELETE', `${video.url}/${byOwner.id}`, stranger.cookie)).statusCode).toBe(
      404,
    );
    expect((await call('DELETE', `${video.url}/${byOwner.id}`, editor.cookie)).statusCode).toBe(
      200,
    );

    // The author keeps the right to take back their own words after losing edit access.
    const byEditor = (await video.annotate(editor.cookie, at('By the editor'))).json<Annotation>();
    await ctx.database.db
      .update(videoShares)
      .set({ accessLevel: 'view' })
      .where(eq(videoShares.sharedWithEmail, editor.username));
    expect((await call('DELETE', `${video.url}/${byEditor.id}`, editor.cookie)).statusCode).toBe(
      200,
    );
  });

  it('lets a reply go alone: by its author or an editor, not by another viewer', async () => {
    const video = await sharedVideo();
    const annotation = await annotated(video);
    const mine = await replyTo(video, annotation.id, viewer.cookie, 'Mine');
    const theirs = await replyTo(video, annotation.id, otherViewer.cookie, 'Theirs');
    const ownerReply = await replyTo(video, annotation.id, owner.cookie, 'Coach says');

    const notMine = await call('DELETE', `${video.url}/${theirs.id}`, viewer.cookie);
    expect(notMine.statusCode).toBe(403);
    expect(notMine.json()).toEqual({
      message: 'Only the author of this reply or an editor of the video can delete it',
    });
    expect((await call('DELETE', `${video.url}/${mine.id}`, viewer.cookie)).statusCode).toBe(200);
    expect((await call('DELETE', `${video.url}/${theirs.id}`, editor.cookie)).statusCode).toBe(200);

    const [listed] = await video.list(owner.cookie);
    expect(listed!.replies.map((reply) => reply.id)).toEqual([ownerReply.id]);
  });

  it('goes with the video: rows and recordings', async () => {
    const video = await sharedVideo();
    const created = await send(
      video.url,
      owner.cookie,
      voiceNoteForm(
        { timestamp: '1', xPosition: '1', yPosition: '1' },
        { data: await voiceNote('webm') },
      ),
    );
    const annotation = created.json<Annotation>();
    await replyTo(video, annotation.id, viewer.cookie, 'Heard');
    await call('POST', `/api/annotations/${annotation.id}/reactions`, viewer.cookie, {
      reaction: '🎯',
    });

    expect((await call('DELETE', `/api/videos/${video.id}`, owner.cookie)).statusCode).toBe(200);
    const { db } = ctx.database;
    expect(await db.select().from(annotations).where(eq(annotations.videoId, video.id))).toEqual(
      [],
    );
    expect(
      await db
        .select()
        .from(annotationReactions)
        .where(eq(annotationReactions.annotationId, annotation.id)),
    ).toEqual([]);
    expect(await ctx.runtime.deps.blobs.list(`videos/${video.id}/`)).toEqual([]);
  });
});

describe('PATCH /api/videos/:videoId/annotations/:annotationId (resolve)', () => {
  const resolve = (video: SharedVideo, id: string, cookie: string | undefined, resolved: unknown) =>
    call('PATCH', `${video.url}/${id}`, cookie, { resolved });

  it('lets the owner and editors resolve and reopen any note, and says who and when', async () => {
    const video = await sharedVideo();
    const annotation = await annotated(video);
    await replyTo(video, annotation.id, viewer.cookie, 'Done it');

    const byEditor = await resolve(video, annotation.id, editor.cookie, true);
    expect(byEditor.statusCode).toBe(200);
    const resolved = byEditor.json<Annotation>();
    expect(resolved).toMatchObject({
      id: annotation.id,
      content: annotation.content,
      resolvedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      resolvedBy: { id: editor.user.id, name: 'Assistant Ed', avatarUrl: null },
    });
    // The whole note comes back, discussion and all, as the list shows it.
    expect(resolved.replies.map((reply) => reply.content)).toEqual(['Done it']);
    expect(await video.list(viewer.cookie)).toEqual([resolved]);

    // Resolving again keeps who dealt with it first.
    const again = await resolve(video, annotation.id, owner.cookie, true);
    expect(again.json()).toMatchObject({
      resolvedAt: resolved.resolvedAt,
      resolvedBy: { id: editor.user.id },
    });

    const reopened = await resolve(video, annotation.id, owner.cookie, false);
    expect(reopened.statusCode).toBe(200);
    expect(reopened.json()).toMatchObject({ resolvedAt: null, resolvedBy: null });
    const byOwner = await resolve(video, annotation.id, owner.cookie, true);
    expect(byOwner.json()).toMatchObject({ resolvedBy: { id: owner.user.id } });
  });

  it('lets the author resolve their own note after losing edit access, not others’', async () => {
    const author = await registerAccount(ctx.app, { name: 'Former Editor' });
    const video = await sharedVideo();
    await ctx.database.db.insert(videoShares).values({
      videoId: video.id,
      sharedWithEmail: author.username,
      accessLevel: 'edit',
      sharedById: owner.user.id,
    });
    const mine = (await video.annotate(author.cookie, at('Mine'))).json<Annotation>();
    const others = await annotated(video, 'The coach’s');
    await ctx.database.db
      .update(videoShares)
      .set({ accessLevel: 'view' })
      .where(eq(videoShares.sharedWithEmail, author.username));

    const response = await resolve(video, mine.id, author.cookie, true);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ resolvedBy: { id: author.user.id } });
    expect((await resolve(video, mine.id, author.cookie, false)).statusCode).toBe(200);
    expect((await resolve(video, others.id, author.cookie, true)).statusCode).toBe(403);

    // Whoever resolved a note is shown beside it: their photo loads for the video's viewers.
    await resolve(video, mine.id, author.cookie, true);
    const photoKey = profilePhotoKey(author.user.id, randomUUID());
    await ctx.database.db.insert(userPhotos).values({ userId: author.user.id, blobKey: photoKey });
    await ctx.runtime.deps.blobs.write(photoKey, Readable.from([Buffer.from('jpeg')]), {
      contentType: 'image/jpeg',
    });
    await ctx.database.db.delete(annotations).where(eq(annotations.id, others.id));
    await ctx.database.db
      .update(annotations)
      .set({ userId: owner.user.id })
      .where(eq(annotations.id, mine.id));
    const [listed] = await video.list(viewer.cookie);
    expect(listed!.resolvedBy).toEqual({
      id: author.user.id,
      name: 'Former Editor',
      avatarUrl: `/uploads/${photoKey}`,
    });
    expect((await call('GET', `/uploads/${photoKey}`, viewer.cookie)).statusCode).toBe(200);
    expect((await call('GET', `/uploads/${photoKey}`, stranger.cookie)).statusCode).toBe(404);
  });

  it('refuses a viewer who did not write the note (403) and a stranger (404)', async () => {
    const video = await sharedVideo();
    const annotation = await annotated(video);
    const byViewer = await resolve(video, annotation.id, viewer.cookie, true);
    expect(byViewer.statusCode).toBe(403);
    expect(byViewer.json()).toEqual({
      message:
        'Only the author of this annotation or an editor of the video can resolve or reopen it',
    });
    const byStranger = await resolve(video, annotation.id, stranger.cookie, true);
    expect(byStranger.statusCode).toBe(404);
    expect(byStranger.json()).toEqual({ message: 'Video not found' });
    expect((await resolve(video, annotation.id, undefined, true)).statusCode).toBe(401);
    const [listed] = await video.list(owner.cookie);
    expect(listed!.resolvedAt).toBeNull();

    const elsewhere = await sharedVideo();
    const wrongVideo = await resolve(elsewhere, annotation.id, owner.cookie, true);
    expect(wrongVideo.statusCode).toBe(404);
    expect(wrongVideo.json()).toEqual({ message: 'Annotation not found' });
  });

  it('refuses to resolve a reply (400): the note it belongs to is resolved', async () => {
    const video = await sharedVideo();
    const annotation = await annotated(video);
    const reply = await replyTo(video, annotation.id, viewer.cookie, 'Fixed');
    const response = await resolve(video, reply.id, owner.cookie, true);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: 'A reply cannot be resolved: resolve the annotation it belongs to',
    });
  });

  it.each([['yes'], [1], [null], [undefined]])('refuses resolved: %s (400)', async (resolved) => {
    const video = await sharedVideo();
    const annotation = await annotated(video);
    const response = await resolve(video, annotation.id, owner.cookie, resolved);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'resolved must be true or false' });
  });
});

describe('reactions', () => {
  const react = (annotationId: string, cookie: string | undefined, reaction: unknown) =>
    call('POST', `/api/annotations/${annotationId}/reactions`, cookie, { reaction });
  const summary = async (annotationId: string, cookie: string) =>
    (
      await call('GET', `/api/annotations/${annotationId}/reactions`, cookie)
    ).json<ReactionSummary>();

  it('toggles each of the asker’s reactions and counts everyone’s', async () => {
    const video = await sharedVideo();
    const annotation = await annotated(video);

    const given = await react(annotation.id, viewer.cookie, '👍');
    expect(given.statusCode).toBe(200);
    expect(given.json()).toEqual({ ...NO_REACTIONS, '👍': { count: 1, mine: true } });
    expect(await summary(annotation.id, owner.cookie)).toEqual({
      ...NO_REACTIONS,
      '👍': { count: 1, mine: false },
    });

    await react(annotation.id, owner.cookie, '👍');
    await react(annotation.id, viewer.cookie, '❤️');
    expect(await summary(annotation.id, viewer.cookie)).toEqual({
      ...NO_REACTIONS,
      '👍': { count: 2, mine: true },
      '❤️': { count: 1, mine: true },
    });

    // Again takes it back.
    const takenBack = await react(annotation.id, viewer.cookie, '👍');
    expect(takenBack.json()).toEqual({
      ...NO_REACTIONS,
      '👍': { count: 1, mine: false },
      '❤️': { count: 1, mine: true },
    });

    // The annotation list carries the same summary, from the asker's side.
    const [listed] = await video.list(owner.cookie);
    expect(listed!.reactions).toEqual({
      ...NO_REACTIONS,
      '👍': { count: 1, mine: true },
      '❤️': { count: 1, mine: false },
    });
  });

  it('works on replies too', async () => {
    const video = await sharedVideo();
    const annotation = await annotated(video);
    const reply = await replyTo(video, annotation.id, viewer.cookie, 'Thanks');
    await react(reply.id, owner.cookie, '🎯');
    const [listed] = await video.list(viewer.cookie);
    expect(listed!.replies[0]!.reactions['🎯']).toEqual({ count: 1, mine: false });
    expect(listed!.reactions).toEqual(NO_REACTIONS);
  });

  it.each([['😀'], ['thumbs up'], [''], [1], [undefined]])(
    'refuses %s: only the five reactions (400)',
    async (reaction) => {
      const video = await sharedVideo();
      const annotation = await annotated(video);
      const response = await react(annotation.id, viewer.cookie, reaction);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: 'reaction must be one of 👍 👎 ❤️ 🎯 💪' });
    },
  );

  it('does not tell strangers the annotation exists (404)', async () => {
    const video = await sharedVideo();
    const annotation = await annotated(video);
    for (const response of [
      await react(annotation.id, stranger.cookie, '👍'),
      await call('GET', `/api/annotations/${annotation.id}/reactions`, stranger.cookie),
      await call(
        'GET',
        '/api/annotations/00000000-0000-4000-8000-000000000000/reactions',
        owner.cookie,
      ),
    ]) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: 'Annotation not found' });
    }
    expect((await react(annotation.id, undefined, '👍')).statusCode).toBe(401);
    expect(await summary(annotation.id, owner.cookie)).toEqual(NO_REACTIONS);
  });
});

describe('live updates', () => {
  let origin: string;
  beforeAll(async () => {
    origin = await ctx.app.listen({ host: '127.0.0.1', port: 0 });
  });

  /**
   * Opens the event stream as a page would; `next` is the first `annotations` event about the
   * video. The stream is subscribed once its headers arrive (`open`).
   */
  async function listen(cookie: string, videoId: string) {
    const abort = new AbortController();
    const response = await fetch(`${origin}/api/events`, {
      headers: { cookie },
      signal: abort.signal,
    });
    const next = (async () => {
      let buffer = '';
      for await (const chunk of response.body!) {
        buffer += Buffer.from(chunk as Uint8Array).toString();
        for (const match of buffer.matchAll(/event: annotations\ndata: (.*)\n\n/g)) {
          if (JSON.parse(match[1]!).id === videoId) return match[1]!;
        }
        buffer = buffer.slice(buffer.lastIndexOf('\n\n') + 2);
      }
      return null;
    })();
    return {
      next: next.finally(() => abort.abort()),
    };
  }

  it('tells open pages when a note is resolved or reopened', async () => {
    const video = await sharedVideo();
    // Written straight to the database, so the only event about the video is the resolution's.
    const [note] = await ctx.database.db
      .insert(annotations)
      .values({ videoId: video.id, userId: owner.user.id, ...at('Hips') })
      .returning();
    for (const resolved of [true, false]) {
      const page = await listen(viewer.cookie, video.id);
      const response = await call('PATCH', `${video.url}/${note!.id}`, editor.cookie, {
        resolved,
      });
      expect(response.statusCode).toBe(200);
      expect(await page.next).toBe(JSON.stringify({ id: video.id }));
    }
  });

  it('tells open pages of the video that its annotations changed, and nobody else', async () => {
    const video = await sharedVideo();
    const heard = (cookie: string) => {
      const abort = new AbortController();
      const events = (async () => {
        const found: string[] = [];
        const response = await fetch(`${origin}/api/events`, {
          headers: { cookie },
          signal: abort.signal,
        });
        let buffer = '';
        try {
          for await (const chunk of response.body!) {
            buffer += Buffer.from(chunk as Uint8Array).toString();
            for (const match of buffer.matchAll(/event: annotations\ndata: (.*)\n\n/g)) {
              found.push(match[1]!);
            }
            buffer = buffer.slice(buffer.lastIndexOf('\n\n') + 2);
          }
        } catch (error) {
          if (!abort.signal.aborted) throw error;
        }
        return found;
      })();
      return { stop: () => abort.abort(), events };
    };
    const viewerStream = heard(viewer.cookie);
    const strangerStream = heard(stranger.cookie);
    await new Promise((resolve) => setTimeout(resolve, 300));

    await annotated(video);
    await new Promise((resolve) => setTimeout(resolve, 500));
    viewerStream.stop();
    strangerStream.stop();
    expect(await viewerStream.events).toEqual([JSON.stringify({ id: video.id })]);
    expect(await strangerStream.events).toEqual([]);
  });
});

function escape(text: string) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
