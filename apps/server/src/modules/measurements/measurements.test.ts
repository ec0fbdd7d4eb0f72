import type { Measurement, MeasurementBody } from '@filmroom/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { registerAccount } from '../../../test/accounts';
import { listenToEvents, type ServerSentEvent } from '../../../test/http-client';
import { useTestApp } from '../../../test/test-app';
import { insertReadyVideo, insertViewShare } from '../../../test/videos';
import { VideoEvents } from '../events';

const ctx = useTestApp();

type Account = Awaited<ReturnType<typeof registerAccount>>;
let owner: Account;
let viewer: Account;

const call = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  cookie: string,
  payload?: object,
) => ctx.app.inject({ method, url, payload, headers: { cookie } });

const BAR_PATH: MeasurementBody = {
  name: 'Bar path',
  calibration: { from: { x: 40, y: 70 }, to: { x: 52, y: 70 }, metres: 0.45 },
  subject: {
    kind: 'tracked-point',
    samples: [
      { t: 0, x: 46, y: 40 },
      { t: 0.5, x: 46.2, y: 55 },
    ],
  },
};

beforeAll(async () => {
  owner = await registerAccount(ctx.app, { name: 'Coach', isCoach: true });
  viewer = await registerAccount(ctx.app, { name: 'Athlete' });
});

async function sharedVideo() {
  const id = await insertReadyVideo(ctx.runtime.deps, owner.user.id, { duration: 4 });
  await insertViewShare(ctx.runtime.deps.db, id, owner, viewer);
  return `/api/videos/${id}/measurements`;
}

describe('measurements', () => {
  it('keeps a bar path with its calibration; the viewer reads it; the owner changes and deletes it', async () => {
    const url = await sharedVideo();
    const created = await call('POST', url, owner.cookie, BAR_PATH);
    expect(created.statusCode).toBe(201);
    const measurement = created.json<Measurement>();
    expect(measurement).toMatchObject({
      name: 'Bar path',
      calibration: BAR_PATH.calibration,
      slowMotionFactor: null,
      subject: BAR_PATH.subject,
      user: { name: 'Coach' },
    });

    const listed = await call('GET', url, viewer.cookie);
    expect(listed.json<Measurement[]>().map((m) => m.id)).toEqual([measurement.id]);

    // Calibrated on the athlete instead: a 1.83 m head-to-foot line, kept as such.
    const byHeight = { from: { x: 50, y: 8 }, to: { x: 50, y: 92 }, metres: 1.83 };
    const onTheAthlete = await call('POST', url, owner.cookie, {
      ...BAR_PATH,
      calibration: { ...byHeight, basis: 'athlete-height' },
    });
    expect(onTheAthlete.statusCode).toBe(201);
    expect(onTheAthlete.json<Measurement>().calibration).toEqual({
      ...byHeight,
      basis: 'athlete-height',
    });
    expect(
      (await call('DELETE', `${url}/${onTheAthlete.json<Measurement>().id}`, owner.cookie))
        .statusCode,
    ).toBe(200);

    const corrected = {
      ...BAR_PATH,
      subject: { ...BAR_PATH.subject, samples: [{ t: 0, x: 47, y: 41 }] },
    };
    const updated = await call('PUT', `${url}/${measurement.id}`, owner.cookie, corrected);
    expect(updated.statusCode).toBe(200);
    expect(updated.json<Measurement>().subject).toEqual(corrected.subject);

    expect((await call('DELETE', `${url}/${measurement.id}`, owner.cookie)).statusCode).toBe(200);
    expect((await call('GET', url, viewer.cookie)).json()).toEqual([]);
    expect((await call('DELETE', `${url}/${measurement.id}`, owner.cookie)).statusCode).toBe(404);
  });

  it('says plainly what is wrong with a bad measurement', async () => {
    const url = await sharedVideo();
    const cases: [object, RegExp][] = [
      [{ ...BAR_PATH, name: ' ' }, /name is required/],
      [{ ...BAR_PATH, calibration: { ...BAR_PATH.calibration, metres: 0 } }, /calibration.metres/],
      [
        { ...BAR_PATH, calibration: { from: { x: 5, y: 5 }, to: { x: 5, y: 5 }, metres: 1 } },
        /two different ends/,
      ],
      [{ ...BAR_PATH, subject: { kind: 'angle', joints: ['left_knee', 'nose'] } }, /three joints/],
      [{ ...BAR_PATH, subject: { kind: 'joint-path', joint: 'tail' } }, /joint must be one of/],
      [{ ...BAR_PATH, subject: { kind: 'stopwatch', start: 1, end: 9 } }, /within the video/],
      [{ ...BAR_PATH, slowMotionFactor: 0.5 }, /slowMotionFactor must be at least 1/],
      [
        { ...BAR_PATH, calibration: { ...BAR_PATH.calibration, basis: 'eyeballed' } },
        /calibration.basis must be one of known-length athlete-height/,
      ],
    ];
    for (const [body, message] of cases) {
      const response = await call('POST', url, owner.cookie, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json<{ message: string }>().message).toMatch(message);
    }
  });

  it('keeps a court plane with its corners, size and preset; refuses corners that are no rectangle', async () => {
    const url = await sharedVideo();
    const plane = {
      basis: 'plane',
      corners: [
        { x: 30, y: 40 },
        { x: 62, y: 40 },
        { x: 80, y: 85 },
        { x: 12, y: 85 },
      ],
      across: 4.9,
      along: 5.8,
      preset: 'basketball-key-fiba',
    };
    const created = await call('POST', url, owner.cookie, { ...BAR_PATH, calibration: plane });
    expect(created.statusCode).toBe(201);
    expect(created.json<Measurement>().calibration).toEqual(plane);
    const listed = (await call('GET', url, viewer.cookie)).json<Measurement[]>();
    expect(listed[0]!.calibration).toEqual(plane);

    const [a, b, c, d] = plane.corners;
    const cases: [object, RegExp][] = [
      [{ ...plane, corners: [a, b, d, c] }, /corners are marked crosswise/],
      [{ ...plane, corners: [a, { x: 46, y: 40.1 }, b, c] }, /corners 1, 2 and 3 are in a line/],
      [{ ...plane, corners: [a, a, c, d] }, /corners 1 and 2 are on the same spot/],
      [{ ...plane, corners: [a, b, c] }, /four points, in order around the rectangle/],
      [{ ...plane, along: 0 }, /calibration.along must be at least/],
      [{ ...plane, preset: 'quidditch-pitch' }, /calibration.preset must be one of/],
      [{ ...plane, basis: 'floor' }, /calibration.basis must be one of .*plane/],
    ];
    for (const [calibration, message] of cases) {
      const response = await call('POST', url, owner.cookie, { ...BAR_PATH, calibration });
      expect(response.statusCode, JSON.stringify(calibration)).toBe(400);
      expect(response.json<{ message: string }>().message).toMatch(message);
    }
  });

  it('documents both kinds of calibration in the API reference', async () => {
    const document = (await ctx.app.inject({ url: '/api/openapi.json' })).json<{
      components: { schemas: Record<string, { required?: string[] }> };
    }>();
    const { schemas } = document.components;
    expect(schemas.MeasurementCalibrationInput).toEqual({
      oneOf: [
        { $ref: '#/components/schemas/CalibrationLineInput' },
        { $ref: '#/components/schemas/CalibrationPlaneInput' },
      ],
    });
    expect(schemas.CalibrationPlaneInput!.required).toEqual(
      expect.arrayContaining(['basis', 'corners', 'across', 'along']),
    );
  });

  it('does not change a measurement through another video', async () => {
    const url = await sharedVideo();
    const other = await sharedVideo();
    const { id } = (await call('POST', url, owner.cookie, BAR_PATH)).json<Measurement>();
    expect((await call('PUT', `${other}/${id}`, owner.cookie, BAR_PATH)).statusCode).toBe(404);
    expect((await call('DELETE', `${other}/${id}`, owner.cookie)).statusCode).toBe(404);
  });
});

describe('live', () => {
  /** Waits until `events` holds one that `matches` (the stream delivers them as they come). */
  async function heard(events: ServerSentEvent[], matches: (event: ServerSentEvent) => boolean) {
    const deadline = Date.now() + 20_000;
    while (!events.some(matches)) {
      if (Date.now() > deadline) throw new Error(`not heard: ${JSON.stringify(events)}`);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }

  it("tells a viewer's open page when an editor saves, changes or deletes a measurement, and nobody without access", async () => {
    const url = await sharedVideo();
    const videoId = url.split('/')[3]!;
    const stranger = await registerAccount(ctx.app, { name: 'Stranger' });
    const origin = await ctx.app.listen({ host: '127.0.0.1', port: 0 });
    // A stream subscribes before its headers go out: both hear everything sent from here on.
    const [viewerStream, strangerStream] = await Promise.all([
      listenToEvents(origin, viewer.cookie),
      listenToEvents(origin, stranger.cookie),
    ]);
    try {
      const { id } = (await call('POST', url, owner.cookie, BAR_PATH)).json<Measurement>();
      expect((await call('PUT', `${url}/${id}`, owner.cookie, BAR_PATH)).statusCode).toBe(200);
      expect((await call('DELETE', `${url}/${id}`, owner.cookie)).statusCode).toBe(200);
      // Sent after the changes on the same channel: once the stranger hears it, every
      // measurement event would have reached them before it.
      await VideoEvents.publishNotificationsChanged(ctx.database.pool, stranger.user.id, 0);

      const measurementEvents = (events: ServerSentEvent[]) =>
        events.filter((event) => event.event === 'measurement').map((event) => event.data);
      await heard(viewerStream.events, (event) => {
        const data = event.data as { change?: string };
        return event.event === 'measurement' && data.change === 'deleted';
      });
      expect(measurementEvents(viewerStream.events)).toEqual([
        { videoId, change: 'created', measurementId: id },
        { videoId, change: 'updated', measurementId: id },
        { videoId, change: 'deleted', measurementId: id },
      ]);
      await heard(strangerStream.events, (event) => event.event === 'notifications');
      expect(measurementEvents(strangerStream.events)).toEqual([]);
    } finally {
      await Promise.all([viewerStream.close(), strangerStream.close()]);
    }
  });
});
