import {
  annotationUploadFieldsSchema,
  createAnnotationBodySchema,
  uploadFieldsSchema,
} from '@filmroom/contract';
import fc from 'fast-check';
import { createHash, randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { registerAccount } from '../test/accounts';
import {
  describeRequest,
  idsFor,
  requestArbitrary,
  uploadsKeyArbitrary,
  type FormSpec,
  type FuzzRequest,
  type FuzzTarget,
} from '../test/fuzz-requests';
import { ROLES, seedFuzzWorld, type FuzzWorld, type Role } from '../test/fuzz-world';
import type { JsonSchema, SchemaResolver } from '../test/json-schema-arbitrary';
import { plainPhotoBodies } from '../test/photo-bodies';
import { listServerRoutes, type ServerRoute } from '../test/route-inventory';
import { useTestApp } from '../test/test-app';
import { hostileUploadPaths, rawTus, tusMetadata } from '../test/tus-client';
import { MP4_HEADER } from '../test/videos';
import { voiceNote } from '../test/voice-notes';

/**
 * Every route the server has, asked by every kind of person, with requests generated from the
 * contract's schemas: valid ones, ones at and past each limit, malformed ones, hostile ids and
 * query strings. Whatever comes in, the answer is below 500, in time, JSON `{message}` when it
 * is an error, and never shows one person's private things to another.
 *
 * FUZZ_SEED replays a run (the seed of each route and role derives from it); FUZZ_RUNS sets the
 * requests per route and role; FUZZ_SHRINK=1 shrinks a failing request to its simplest form;
 * FUZZ_VERBOSE=1 reports each route and role as it is done; FUZZ_ONLY='GET /uploads/*' fuzzes
 * only the routes whose method and path contain that text.
 */
const ctx = useTestApp({
  // The fuzz signs in and registers far more often than anyone would.
  AUTH_RATE_LIMIT_PER_IP: '1000000',
  AUTH_RATE_LIMIT_PER_USERNAME: '1000000',
  REGISTRATIONS_PER_NETWORK_PER_HOUR: '1000000',
});

const BASE_SEED = Number(process.env.FUZZ_SEED ?? 20_250_807);
const RUNS = Number(process.env.FUZZ_RUNS ?? 6);
const SHRINK = process.env.FUZZ_SHRINK === '1';
const VERBOSE = process.env.FUZZ_VERBOSE === '1';
const ONLY = process.env.FUZZ_ONLY;
// A request still waiting after this is hanging. Generous: on a loaded two-core machine the
// thread pool can sit behind password hashing for seconds (a HEAD of a static file once took 9).
const ANSWER_TIMEOUT_MS = 20_000;
/** Streams that never end on their own: read the status over a socket, then hang up. */
const ENDLESS_STREAMS = new Set(['/api/events']);
// Routes fuzzed side by side: a request mostly waits on PostgreSQL, so a few at once use the
// machine better without crowding it.
const ROUTES_AT_ONCE = 3;

/** A contract schema as JSON Schema, its `$defs` (schemas with an id) put in place. */
function toJsonSchema(schema: z.ZodType): JsonSchema {
  const { $defs = {}, ...root } = z.toJSONSchema(schema, {
    io: 'input',
    unrepresentable: 'any',
  }) as JsonSchema & { $defs?: Record<string, JsonSchema> };
  const inline = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(inline);
    if (typeof value !== 'object' || value === null) return value;
    const ref = (value as JsonSchema).$ref;
    if (ref?.startsWith('#/$defs/')) return inline($defs[ref.slice('#/$defs/'.length)]);
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, inline(inner)]));
  };
  return inline(root) as JsonSchema;
}

/**
 * Routes that read their bodies themselves, so the OpenAPI document declares no body for
 * them: their multipart forms, and the annotation route's JSON. The valid files are cheap to
 * receive: real speech would run a transcription for a second, so the transcription route
 * gets a file that passes the type check and then fails. Photos are also real images with
 * nothing in them for the face step (plain colours, gradients, 1×1 and 2×2, PNG and JPEG).
 */
async function bodiesRoutesReadThemselves(): Promise<
  Record<string, { jsonBody?: JsonSchema; form?: FormSpec }>
> {
  const jpeg = await sharp({
    create: { width: 16, height: 16, channels: 3, background: { r: 1, g: 2, b: 3 } },
  })
    .jpeg()
    .toBuffer();
  const webm = await voiceNote('webm');
  const pin = { timestamp: '1', xPosition: '50', yPosition: '50' };
  return {
    'POST /api/videos': {
      form: {
        fields: toJsonSchema(uploadFieldsSchema),
        example: { title: 'Fuzz clip', description: 'Week 3' },
        fileField: 'video',
        validFile: { data: MP4_HEADER, filename: 'clip.mp4', contentType: 'video/mp4' },
      },
    },
    'POST /api/videos/:videoId/annotations': {
      jsonBody: toJsonSchema(createAnnotationBodySchema),
      form: {
        fields: toJsonSchema(annotationUploadFieldsSchema),
        example: {
          ...pin,
          content: 'Hips lower',
          audioDuration: '2.8',
          endTime: '2',
          drawing: JSON.stringify({
            shapes: [
              {
                kind: 'arrow',
                colour: '#ff3b30',
                width: 'thick',
                from: { x: 40, y: 60 },
                to: { x: 55, y: 30 },
              },
            ],
          }),
          displaySeconds: '5',
          pauseHere: 'true',
        },
        fileField: 'audio',
        validFile: { data: webm, filename: 'note.webm', contentType: 'audio/webm' },
      },
    },
    'POST /api/user/photos': {
      form: {
        fields: { type: 'object', properties: {} },
        example: {},
        fileField: 'photo',
        validFile: { data: jpeg.subarray(0, 64), filename: 'me.jpg', contentType: 'image/jpeg' },
        moreFiles: await plainPhotoBodies(),
      },
    },
    'POST /api/test/transcribe': {
      form: {
        fields: { type: 'object', properties: {} },
        example: {},
        fileField: 'audio',
        validFile: {
          data: webm.subarray(0, 200),
          filename: 'note.webm',
          contentType: 'audio/webm',
        },
      },
    },
  };
}

let routes: ServerRoute[];
let unmatched: string[];
let resolve: SchemaResolver;
let targets: FuzzTarget[];
let origin: string;

beforeAll(async () => {
  ({ routes, resolve, unmatched } = await listServerRoutes(ctx.app));
  const readThemselves = await bodiesRoutesReadThemselves();
  const everything = routes.flatMap((route) =>
    route.methods
      // HEAD is tried beside GET, which it shares a handler with.
      .filter((method) => method !== 'HEAD' || !route.methods.includes('GET'))
      .map((method) => {
        const own = readThemselves[`${method} ${route.path}`];
        const jsonBody = route.jsonBody ?? own?.jsonBody;
        return {
          method,
          route,
          ...(jsonBody ? { jsonBody } : {}),
          ...(own?.form ? { form: own.form } : {}),
        };
      }),
  );
  targets = everything.filter(
    (target) => !ONLY || `${target.method} ${target.route.path}`.includes(ONLY),
  );
  origin = await ctx.app.listen({ host: '127.0.0.1', port: 0 });
});

type Answer = { status: number; headers: Record<string, unknown>; body: string };

/** Sends the request as `cookie`'s owner; rejects when no answer comes in time. */
async function send(request: FuzzRequest, cookie: string | undefined): Promise<Answer> {
  const headers = { ...request.headers, ...(cookie ? { cookie } : {}) };
  const path = request.url.split('?')[0]!;
  const answer = ENDLESS_STREAMS.has(path)
    ? readStreamStatus(request, headers)
    : ctx.app
        .inject({
          method: request.method as 'GET',
          url: request.url,
          headers,
          ...(request.payload !== undefined ? { payload: request.payload } : {}),
        })
        .then((response) => ({
          status: response.statusCode,
          headers: response.headers,
          body: response.body,
        }));
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`no answer within ${ANSWER_TIMEOUT_MS / 1000} s`)),
      ANSWER_TIMEOUT_MS,
    );
  });
  try {
    return await Promise.race([answer, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

async function readStreamStatus(
  request: FuzzRequest,
  headers: Record<string, string>,
): Promise<Answer> {
  const abort = new AbortController();
  const response = await fetch(`${origin}${request.url}`, {
    method: request.method,
    headers,
    signal: abort.signal,
  });
  const streaming = response.headers.get('content-type')?.startsWith('text/event-stream');
  const body = streaming ? '' : await response.text();
  abort.abort();
  return { status: response.status, headers: Object.fromEntries(response.headers), body };
}

// Traces of the server's insides that an error must never carry: SQL, stack frames, paths.
const INTERNALS = /Failed query|node_modules|\bat .+:\d+:\d+\)|\/apps\/server\//;
// No answer at all may carry a password hash.
const PASSWORD_HASH = /\$argon2|password_?hash/i;

/** What is wrong with an answer, or undefined when nothing is. */
function problemWith(answer: Answer, request: FuzzRequest, role: Role, world: FuzzWorld) {
  if (answer.status >= 500) return `answered ${answer.status}: ${answer.body.slice(0, 300)}`;
  const seen = `${answer.body}\n${JSON.stringify(answer.headers)}`;
  const leaked = world.forbidden[role].filter((secret) => seen.includes(secret));
  if (leaked.length > 0) return `showed ${role} what is not theirs: ${leaked.join(', ')}`;
  if (PASSWORD_HASH.test(answer.body)) return `answered with a password hash: ${answer.body}`;
  if (answer.status >= 400 && INTERNALS.test(answer.body)) {
    return `answered with the server's insides: ${answer.body.slice(0, 300)}`;
  }
  if (answer.status >= 400 && request.method !== 'HEAD') {
    const message = parseMessage(answer.body);
    if (message === undefined) {
      return `answered ${answer.status} without a JSON {message}: ${answer.body.slice(0, 300)}`;
    }
  }
  return undefined;
}

function parseMessage(body: string): string | undefined {
  try {
    const parsed = JSON.parse(body) as { message?: unknown };
    return typeof parsed.message === 'string' ? parsed.message : undefined;
  } catch {
    return undefined;
  }
}

/** A seed of each route and role's own, so one of them can be replayed alone. */
function seedOf(target: FuzzTarget, role: Role): number {
  const digest = createHash('sha256')
    .update(`${BASE_SEED} ${target.method} ${target.route.path} ${role}`)
    .digest();
  return digest.readInt32LE(0);
}

/** Fuzzes one route as one role; the failure report, if a request got a wrong answer. */
async function fuzzCell(target: FuzzTarget, role: Role, world: FuzzWorld) {
  const cookie = world.cookies[role];
  const started = performance.now();
  const result = await fc.check(
    fc.asyncProperty(requestArbitrary(target, world, resolve), async (request) => {
      requestsSent += 1;
      let problem: string | undefined;
      try {
        problem = problemWith(await send(request, cookie), request, role, world);
      } catch (error) {
        problem = (error as Error).message;
      }
      if (problem) throw new Error(`${problem}\n  ${describeRequest(request, role)}`);
    }),
    // Shrinking replays a failure many times; a hanging request would make that minutes.
    // The report names the whole request anyway; FUZZ_SHRINK=1 shrinks it.
    { seed: seedOf(target, role), numRuns: RUNS, endOnFailure: !SHRINK },
  );
  const cell = `${target.method} ${target.route.path} as ${role}`;
  if (VERBOSE) console.info(`${cell}: ${Math.round(performance.now() - started)} ms`);
  if (!result.failed) return undefined;
  const failure =
    `${cell} (FUZZ_SEED=${BASE_SEED}, seed ${result.seed}): ` +
    (result.errorInstance as Error | undefined)?.message;
  if (VERBOSE) console.info(failure);
  return failure;
}

/** `work` on every item, at most `limit` at a time; the results in the items' order. */
async function mapConcurrently<T, R>(
  items: T[],
  limit: number,
  work: (item: T) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

let requestsSent = 0;

describe('contract fuzz', () => {
  it('reads every documented operation from the router, plus the undocumented routes', () => {
    expect(unmatched).toEqual([]);
    const documented = routes.filter((route) => route.documented);
    expect(documented.length).toBeGreaterThan(30);
    expect(routes.map((route) => route.path)).toEqual(
      expect.arrayContaining(['/uploads/*', '/api/openapi.json', '/api/docs/static/*']),
    );
    expect(routes.map((route) => route.path)).toEqual(
      expect.arrayContaining(['/api/videos/:videoId/measurements/:measurementId']),
    );
    // The JSON bodies come from the contract: a route with one the fuzz did not find would
    // only ever get junk.
    expect(targets.filter((target) => target.jsonBody).length).toBeGreaterThanOrEqual(16);
  });

  it('answers every route, as every role, below 500, in time, with JSON errors and no leaks', async () => {
    // Reads share one world; each route that may change data gets a fresh one, so a DELETE
    // that works cannot starve the routes after it.
    const readersWorld = await seedFuzzWorld(ctx);
    const failures = await mapConcurrently(targets, ROUTES_AT_ONCE, async (target) => {
      const readOnly = target.method === 'GET' || target.method === 'HEAD';
      const world = readOnly ? readersWorld : await seedFuzzWorld(ctx);
      const found: string[] = [];
      // One role after another: the roles that may destroy the shared data come last.
      for (const role of ROLES) {
        const failure = await fuzzCell(target, role, world);
        if (failure) found.push(failure);
      }
      return found;
    });
    const all = failures.flat();
    expect(all, all.join('\n\n')).toEqual([]);
  }, 300_000);

  it('answers /uploads/ paths of every shape, ids real, UUID-like or not, below 500', async () => {
    const world = await seedFuzzWorld(ctx);
    await fc.assert(
      fc.asyncProperty(
        uploadsKeyArbitrary(world),
        fc.constantFrom(...ROLES),
        fc.constantFrom('GET', 'HEAD'),
        async (key, role, method) => {
          const cookie = world.cookies[role];
          const answer = await ctx.app.inject({
            method,
            url: `/uploads/${key}`,
            headers: cookie ? { cookie } : {},
          });
          const request = { method, url: `/uploads/${key}`, headers: {}, body: 'none' };
          const problem = problemWith(
            { status: answer.statusCode, headers: answer.headers, body: answer.body },
            request,
            role,
            world,
          );
          if (problem) throw new Error(`${problem}\n  ${describeRequest(request, role)}`);
          // Only a real file of someone the role may see is served; nothing made up is.
          if (answer.statusCode < 400) expect(world.blobKeys).toContain(key);
        },
      ),
      { seed: BASE_SEED, numRuns: RUNS * 100 },
    );
  });

  it('takes every plain, gradient and tiny photo as PNG or JPEG, and serves it back', async () => {
    const outcomes: string[] = [];
    for (const photo of await plainPhotoBodies()) {
      const { cookie } = await registerAccount(ctx.app);
      const boundary = 'photoboundary';
      const answer = await ctx.app.inject({
        method: 'POST',
        url: '/api/user/photos',
        headers: { cookie, 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload: Buffer.concat([
          Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data; name="photo"; filename="me"\r\n` +
              `Content-Type: ${photo.contentType}\r\n\r\n`,
          ),
          photo.data,
          Buffer.from(`\r\n--${boundary}--\r\n`),
        ]),
      });
      if (answer.statusCode !== 201) {
        outcomes.push(`${photo.name}: ${answer.statusCode} ${answer.body}`);
        continue;
      }
      const served = await ctx.app.inject({
        url: answer.json<{ url: string }>().url,
        headers: { cookie },
      });
      if (served.statusCode !== 200 || served.headers['content-type'] !== 'image/jpeg') {
        outcomes.push(
          `${photo.name}: served as ${served.statusCode} ${served.headers['content-type']}`,
        );
      }
    }
    expect(outcomes).toEqual([]);
  }, 180_000);

  it('shows no role a secret from any read route, asked with every id the world has', async () => {
    // The random runs may miss the one id that matters (a pending invitee's); this asks each
    // read route with each id its parameters take, as every role.
    const world = await seedFuzzWorld(ctx);
    const reads = targets.filter(
      (target) =>
        target.method === 'GET' &&
        target.route.params.length > 0 &&
        !target.route.params.includes('*') &&
        !ENDLESS_STREAMS.has(target.route.path),
    );
    expect(reads.length).toBeGreaterThanOrEqual(7);
    const problems: string[] = [];
    // The lists too, and the video list of each team: a team's videos and members are its own.
    const lists = [
      '/api/teams',
      '/api/videos',
      ...world.ids.team.map((id) => `/api/videos?teamId=${id}`),
    ];
    for (const target of [...reads, ...lists]) {
      let urls = [typeof target === 'string' ? target : target.route.path];
      for (const param of typeof target === 'string' ? [] : target.route.params) {
        const ids = idsFor(param, (target as FuzzTarget).route, world);
        urls = urls.flatMap((url) => ids.map((id) => url.replace(`:${param}`, id)));
      }
      for (const url of urls) {
        for (const role of ROLES) {
          const request: FuzzRequest = { method: 'GET', url, headers: {}, body: 'none' };
          const problem = problemWith(
            await send(request, world.cookies[role]),
            request,
            role,
            world,
          );
          if (problem) problems.push(`GET ${url} as ${role}: ${problem}`);
        }
      }
    }
    expect(problems, problems.join('\n')).toEqual([]);
  }, 180_000);

  it('finds a resumable upload by its path alone, however the URL is written', async () => {
    // Each signed-in role has an upload under way; every role then asks for another's through
    // addresses that name its own upload (or none) in the path and the other's elsewhere in the
    // URL: its answer shows nothing of it, and the other's upload is as it was.
    const world = await seedFuzzWorld(ctx);
    const signedIn = ROLES.filter((role) => world.cookies[role]);
    const file = Buffer.concat([MP4_HEADER, Buffer.alloc(16_000)]);
    const sent = 8192;
    const uploads = new Map<Role, { id: string; title: string }>();
    const asRole = (role: Role) => (world.cookies[role] ? { cookie: world.cookies[role] } : null);
    const RESUMABLE = '/api/resumable-uploads';
    const offsetOf = async (role: Role) => {
      const answer = await rawTus(
        origin,
        asRole(role),
        'HEAD',
        `${RESUMABLE}/${uploads.get(role)!.id}`,
      );
      return answer.status === 200 ? Number(answer.headers['upload-offset']) : answer.status;
    };
    /** The role's upload, part sent; a new one if their own requests finished or cancelled it. */
    const ensureUpload = async (role: Role) => {
      if (uploads.has(role) && (await offsetOf(role)) === sent) return uploads.get(role)!;
      const title = `UPLOAD-OF-${role}-${randomUUID()}`;
      const created = await rawTus(origin, asRole(role), 'POST', RESUMABLE, {
        headers: {
          'upload-length': String(file.length),
          'upload-metadata': tusMetadata({ title }),
        },
      });
      expect(created.status, created.body).toBe(201);
      const id = String(created.headers.location).split('/').pop()!;
      const patched = await rawTus(origin, asRole(role), 'PATCH', `${RESUMABLE}/${id}`, {
        headers: { 'upload-offset': '0' },
        body: file.subarray(0, sent),
      });
      expect(patched.status, patched.body).toBe(204);
      uploads.set(role, { id, title });
      return uploads.get(role)!;
    };
    const none = '0'.repeat(32);
    const shapes = hostileUploadPaths(none, none).length;
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...ROLES),
        fc.constantFrom(...signedIn),
        fc.nat(shapes - 1),
        fc.constantFrom('HEAD', 'PATCH', 'DELETE'),
        async (role, victim, shape, method) => {
          if (role === victim) return;
          const theirs = await ensureUpload(victim);
          const mine = world.cookies[role] ? (await ensureUpload(role)).id : none;
          const url = hostileUploadPaths(mine, theirs.id)[shape]!;
          // A PATCH with what would finish the other's upload: its offset and the rest.
          const answer = await rawTus(origin, asRole(role), method, url, {
            ...(method === 'PATCH'
              ? { headers: { 'upload-offset': String(sent) }, body: file.subarray(sent) }
              : {}),
          });
          const request: FuzzRequest = { method, url, headers: {}, body: 'none' };
          const problem = problemWith(
            { status: answer.status, headers: answer.headers, body: answer.body },
            request,
            role,
            world,
          );
          if (problem) throw new Error(`${problem}\n  ${describeRequest(request, role)}`);
          const seen = `${answer.body}\n${JSON.stringify(answer.headers)}`;
          const title = Buffer.from(theirs.title).toString('base64');
          expect(seen, `${describeRequest(request, role)} showed ${victim}'s upload`).not.toContain(
            title,
          );
          expect(
            await offsetOf(victim),
            `${describeRequest(request, role)} changed ${victim}'s`,
          ).toBe(sent);
        },
      ),
      { seed: BASE_SEED, numRuns: RUNS * 40 },
    );
  }, 180_000);

  it('is still up and serving signed-in people after all of it', async () => {
    const world = await seedFuzzWorld(ctx);
    const me = await ctx.app.inject({
      url: '/api/user',
      headers: { cookie: world.cookies.coach! },
    });
    expect(me.statusCode).toBe(200);
    const reference = await ctx.app.inject({ url: '/api/openapi.json' });
    expect(reference.statusCode).toBe(200);
  });
});

afterAll(() => {
  const cells = (targets?.length ?? 0) * ROLES.length;
  console.info(
    `contract fuzz: ${targets?.length} routes × ${ROLES.length} roles × ${RUNS} runs ` +
      `(${cells} cells), ${requestsSent} requests, FUZZ_SEED=${BASE_SEED}`,
  );
});
