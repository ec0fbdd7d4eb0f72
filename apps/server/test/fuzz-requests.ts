import fc from 'fast-check';
import type { FuzzWorld } from './fuzz-world';
import {
  BROKEN_JSON_TEXT,
  DISGUISED_FILES,
  HOSTILE_BLOB_KEYS,
  HOSTILE_PATH_SEGMENTS,
  HOSTILE_QUERIES,
  HOSTILE_TEXT,
  hostileText,
} from './hostile-values';
import {
  boundaryValue,
  oneFieldOff,
  poisoned,
  validValue,
  withUnknownFields,
  wrongTypeValue,
  type JsonSchema,
  type SchemaResolver,
} from './json-schema-arbitrary';
import type { ServerRoute } from './route-inventory';

/** One generated request, as it goes on the wire, with a word on what its body is. */
export type FuzzRequest = {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
  /** What kind of body was sent, for the failure report. */
  body: string;
};

/** A multipart form a route reads itself (its fields are not a declared schema). */
export type FormSpec = {
  fields: JsonSchema;
  /** Field values the route accepts, for mutating one at a time. */
  example: Record<string, string>;
  fileField: string;
  /** A file the route accepts, cheap to receive. */
  validFile: { data: Buffer; filename: string; contentType: string };
  /** More files worth trying, named for the report (real images of every odd kind, say). */
  moreFiles?: { name: string; data: Buffer; contentType: string }[];
};

type Body = { contentType?: string; payload?: string | Buffer; body: string };

/** Everything a route takes, as the fuzzer needs to know it. */
export type FuzzTarget = {
  method: string;
  route: ServerRoute;
  /** The JSON body: the declared one, or one the route checks itself. */
  jsonBody?: JsonSchema;
  form?: FormSpec;
};

const BODYLESS = new Set(['GET', 'HEAD']);

/** Requests for one route and method: its ids, query, headers and body, valid to hostile. */
export function requestArbitrary(
  target: FuzzTarget,
  world: FuzzWorld,
  resolve: SchemaResolver,
): fc.Arbitrary<FuzzRequest> {
  const { route, method } = target;
  // A GET route answers HEAD with the same handler: try both.
  const methods = method === 'GET' && route.methods.includes('HEAD') ? ['GET', 'HEAD'] : [method];
  return fc
    .record({
      method: fc.constantFrom(...methods),
      params: fc.tuple(...route.params.map((name) => paramArbitrary(name, route, world))),
      query: fc.option(queryArbitrary, { freq: 4, nil: '' }),
      headers: headersArbitrary,
      body: BODYLESS.has(method)
        ? fc.constant<Body>({ body: 'none' })
        : bodyArbitrary(target, resolve),
    })
    .map(({ method: chosen, params, query, headers, body }) => {
      let index = 0;
      const path = route.path.replace(/:\w+|\*/g, () => params[index++]!);
      return {
        method: chosen,
        url: `${path}${query}`,
        headers: { ...headers, ...(body.contentType ? { 'content-type': body.contentType } : {}) },
        ...(body.payload !== undefined ? { payload: body.payload } : {}),
        body: body.body,
      };
    });
}

// ---------------------------------------------------------------------------------------------
// Path parameters and query strings

/** Which of the world's ids a parameter name takes. */
export function idsFor(name: string, route: ServerRoute, world: FuzzWorld): string[] {
  switch (name) {
    case 'id':
      if (route.path.startsWith('/api/exports')) return world.ids.export;
      return route.path.startsWith('/api/user/photos') ? world.ids.photo : world.ids.video;
    case 'videoId':
      return world.ids.video;
    case 'annotationId':
      return world.ids.annotation;
    case 'measurementId':
      return world.ids.measurement;
    case 'shareId':
      return world.ids.share;
    case 'studentId':
      return world.ids.student;
    case 'playerMatchId':
      return world.ids.player;
    case 'linkId':
      return world.ids.rosterLink;
    case 'clipId':
      return world.ids.clip;
    case 'playlistId':
      return world.ids.playlist;
    case 'itemId':
      return world.ids.playlistItem;
    case 'teamId':
      return world.ids.team;
    case 'teamShareId':
      return world.ids.teamShare;
    case 'athleteId':
      return world.ids.student;
    case 'templateId':
      return world.ids.tagTemplate;
    case 'eventId':
      return world.ids.tagEvent;
    case 'suggestionId':
      return world.ids.tagSuggestion;
    default:
      return Object.values(world.ids).flat();
  }
}

/**
 * Any text as one path segment. A lone surrogate cannot be percent-encoded; browsers send
 * U+FFFD for it, and so does this.
 */
const asSegment = (text: string) => encodeURIComponent(text.replace(/[\ud800-\udfff]/gu, '\ufffd'));

function paramArbitrary(name: string, route: ServerRoute, world: FuzzWorld): fc.Arbitrary<string> {
  if (name === '*') return blobKeyArbitrary(world);
  const allIds = Object.values(world.ids).flat();
  return fc.oneof(
    { weight: 8, arbitrary: fc.constantFrom(...idsFor(name, route, world)) },
    // Someone else's kind of id: a photo's id where a video's goes.
    { weight: 1, arbitrary: fc.constantFrom(...allIds) },
    { weight: 1, arbitrary: fc.uuid() },
    { weight: 3, arbitrary: fc.constantFrom(...HOSTILE_PATH_SEGMENTS) },
    { weight: 1, arbitrary: fc.string({ maxLength: 120, unit: 'binary' }).map(asSegment) },
  );
}

/**
 * Ids as they may appear in an /uploads path: real ones of every kind, UUIDs of nothing, and
 * 36 characters of hex and dashes that are not a UUID (which once reached PostgreSQL's cast).
 */
function uploadIdArbitrary(world: FuzzWorld): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...Object.values(world.ids).flat()) },
    { weight: 2, arbitrary: fc.uuid() },
    { weight: 1, arbitrary: fc.uuid().map((id) => id.toUpperCase()) },
    { weight: 1, arbitrary: fc.uuid().map((id) => id.replaceAll('-', '')) },
    { weight: 3, arbitrary: fc.stringMatching(/^[0-9a-f-]{36}$/) },
    { weight: 1, arbitrary: fc.stringMatching(/^[0-9a-fA-F-]{30,40}$/) },
    { weight: 1, arbitrary: fc.constantFrom(...HOSTILE_PATH_SEGMENTS) },
  );
}

/** Paths shaped like the files /uploads serves: a video's media and stills, photos, voice notes. */
export function uploadsKeyArbitrary(world: FuzzWorld): fc.Arbitrary<string> {
  const id = uploadIdArbitrary(world);
  return fc.oneof(
    fc
      .tuple(
        id,
        fc.constantFrom('media.mp4', 'poster.jpg', 'thumbnail.jpg', 'original', 'MEDIA.MP4', ''),
      )
      .map(([video, file]) => `videos/${video}/${file}`),
    fc
      .tuple(id, id, fc.constantFrom('jpg', 'png', 'JPG', 'jpg.', ''))
      .map(([user, photo, extension]) => `users/${user}/photos/${photo}.${extension}`),
    fc
      .tuple(id, id, fc.constantFrom('webm', 'ogg', 'mp3', 'WEBM'))
      .map(([video, note, extension]) => `videos/${video}/annotations/${note}.${extension}`),
  );
}

function blobKeyArbitrary(world: FuzzWorld): fc.Arbitrary<string> {
  const [someVideo] = world.ids.video;
  return fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...world.blobKeys) },
    { weight: 4, arbitrary: uploadsKeyArbitrary(world) },
    { weight: 3, arbitrary: fc.constantFrom(...HOSTILE_BLOB_KEYS) },
    {
      weight: 2,
      arbitrary: fc
        .tuple(fc.constantFrom(...world.blobKeys), fc.constantFrom(...HOSTILE_PATH_SEGMENTS))
        .map(([key, tail]) => `${key}/${tail}`),
    },
    {
      weight: 1,
      arbitrary: fc
        .array(
          fc.oneof(
            fc.constantFrom('..', '.', '%2e%2e', 'videos', someVideo!),
            fc.string().map(asSegment),
          ),
          {
            maxLength: 6,
          },
        )
        .map((segments) => segments.join('/')),
    },
  );
}

const queryArbitrary: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(...HOSTILE_QUERIES),
  fc
    .dictionary(
      fc.string({ maxLength: 10 }),
      fc.oneof(fc.string(), fc.constantFrom(...HOSTILE_TEXT)),
      {
        maxKeys: 4,
      },
    )
    .map(
      (query) =>
        `?${Object.entries(query)
          .map(([key, value]) => `${asSegment(key)}=${asSegment(value)}`)
          .join('&')}`,
    ),
);

// ---------------------------------------------------------------------------------------------
// Headers

/** Now and then a header a browser would not send, or an attacker would. */
const headersArbitrary: fc.Arbitrary<Record<string, string>> = fc
  .record(
    {
      origin: fc.option(fc.constantFrom('http://localhost:80', 'https://evil.example', 'null'), {
        freq: 8,
      }),
      accept: fc.option(fc.constantFrom('text/html', '*/*', 'application/xml', ';;;'), { freq: 4 }),
      range: fc.option(
        fc.constantFrom('bytes=0-1', 'bytes=-0', 'bytes=9999999999-', 'bytes=a-b', 'bytes=0-1,3-4'),
        { freq: 4 },
      ),
      'if-none-match': fc.option(fc.constantFrom('*', '"', 'W/"x"'), { freq: 8 }),
      'x-forwarded-for': fc.option(fc.constantFrom('1.2.3.4', 'not an address', '::1, 10.0.0.1'), {
        freq: 8,
      }),
    },
    { requiredKeys: [] },
  )
  .map(
    (headers) =>
      Object.fromEntries(
        Object.entries(headers).filter(([, value]) => value !== null && value !== undefined),
      ) as Record<string, string>,
  );

// ---------------------------------------------------------------------------------------------
// Bodies

const json = (value: unknown, body: string): Body => ({
  contentType: 'application/json',
  payload: JSON.stringify(value) ?? 'null',
  body,
});

/** A body that is JSON in name only, or JSON of the wrong shape altogether. */
const notAnObjectBody: fc.Arbitrary<Body> = fc.oneof(
  fc.constantFrom(...BROKEN_JSON_TEXT).map((text) => ({
    contentType: 'application/json',
    payload: text,
    body: `broken JSON ${JSON.stringify(text.slice(0, 40))}`,
  })),
  wrongTypeValue.map((value) => json(value, 'JSON that is not an object')),
  fc.constantFrom(1_000, 100_000).map((depth) => ({
    contentType: 'application/json',
    payload: `${'['.repeat(depth)}${']'.repeat(depth)}`,
    body: `arrays nested ${depth} deep`,
  })),
  fc.constant({
    contentType: 'application/json',
    payload: JSON.stringify({ padding: 'x'.repeat(1024 * 1024) }),
    body: 'JSON past the 1 MiB body limit',
  }),
);

/** A body of a type the route does not read. */
const wrongContentTypeBody: fc.Arbitrary<Body> = fc
  .tuple(
    fc.constantFrom(
      'text/plain',
      'application/x-www-form-urlencoded',
      'application/xml',
      'multipart/form-data; boundary=x',
      'multipart/form-data',
      'application/octet-stream',
      'image/svg+xml',
      ';;;',
    ),
    fc.constantFrom('{"title":"x"}', 'a=1&b=2', '<x/>', '--x\r\n', ''),
  )
  .map(([contentType, payload]) => ({ contentType, payload, body: `a ${contentType} body` }));

/**
 * JSON bodies, by kind. Each kind is about as likely as the others, since a route gets only a
 * few runs per role: enough that each kind is tried, rather than the rarest never.
 */
function jsonBodyArbitrary(schema: JsonSchema | undefined, resolve: SchemaResolver) {
  if (!schema) return fc.oneof(notAnObjectBody, wrongContentTypeBody);
  const as = (kind: string) => (value: unknown) => json(value, kind);
  return fc.oneof(
    { weight: 2, arbitrary: validValue(schema, resolve).map(as('valid JSON')) },
    { weight: 2, arbitrary: oneFieldOff(schema, resolve).map(as('JSON with one field off')) },
    {
      weight: 2,
      arbitrary: poisoned(schema, resolve, 'text').map(as('JSON with hostile text throughout')),
    },
    {
      weight: 1,
      arbitrary: poisoned(schema, resolve, 'number').map(as('JSON with hostile numbers')),
    },
    { weight: 1, arbitrary: withUnknownFields(schema, resolve).map(as('JSON with extra fields')) },
    { weight: 1, arbitrary: notAnObjectBody },
    { weight: 1, arbitrary: wrongContentTypeBody },
  );
}

function bodyArbitrary(target: FuzzTarget, resolve: SchemaResolver): fc.Arbitrary<Body> {
  const { jsonBody, form } = target;
  if (form) {
    return fc.oneof(
      { weight: 5, arbitrary: formBodyArbitrary(form, resolve) },
      { weight: 2, arbitrary: jsonBodyArbitrary(jsonBody, resolve) },
    );
  }
  if (jsonBody) return jsonBodyArbitrary(jsonBody, resolve);
  // Routes that take no body (logout, delete, detect players): none, or junk.
  return fc.oneof(
    { weight: 3, arbitrary: fc.constant<Body>({ body: 'none' }) },
    { weight: 1, arbitrary: jsonBodyArbitrary(undefined, resolve) },
  );
}

// ---------------------------------------------------------------------------------------------
// Multipart forms

type Part = {
  name: string;
  filename?: string;
  contentType?: string;
  data: string | Buffer;
  /** What the data is, for the report. */
  label?: string;
};

/** A multipart/form-data body built by hand, so every byte of it can be got wrong. */
function encodeForm(parts: Part[], boundary: string): Buffer {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${
      part.filename === undefined ? '' : `; filename="${part.filename}"`
    }`;
    const type = part.contentType ? `\r\nContent-Type: ${part.contentType}` : '';
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}${type}\r\n\r\n`));
    chunks.push(Buffer.from(part.data), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(chunks);
}

const HOSTILE_FILENAMES = [
  '../../x.mp4',
  '..\\..\\x.mp4',
  '/etc/passwd',
  'C:\\Windows\\win.ini',
  'a\u0000.mp4',
  'x.mp4\r\nContent-Type: text/html',
  '💪.mp4',
  `${'x'.repeat(1000)}.mp4`,
  '.htaccess',
  '',
];

function fileArbitrary(form: FormSpec): fc.Arbitrary<Part | undefined> {
  const data = fc.oneof(
    { weight: 2, arbitrary: fc.constant(form.validFile.data) },
    { weight: 3, arbitrary: fc.constantFrom(...Object.values(DISGUISED_FILES)) },
    { weight: 1, arbitrary: fc.constant(Buffer.alloc(0)) },
    { weight: 2, arbitrary: fc.uint8Array({ maxLength: 64 }).map((bytes) => Buffer.from(bytes)) },
    // The real thing's first bytes and then anything: the sniffer says yes, the decoder no.
    {
      weight: 1,
      arbitrary: fc
        .uint8Array({ maxLength: 64 })
        .map((bytes) => Buffer.concat([form.validFile.data.subarray(0, 32), bytes])),
    },
  );
  const named = form.moreFiles?.length
    ? fc.constantFrom(...form.moreFiles).map((file) => ({
        name: form.fileField,
        filename: form.validFile.filename,
        contentType: file.contentType,
        data: file.data,
        label: file.name,
      }))
    : undefined;
  const part = fc.record({
    name: fc.oneof(
      { weight: 5, arbitrary: fc.constant(form.fileField) },
      { weight: 1, arbitrary: fc.constantFrom('file', '__proto__', '') },
    ),
    filename: fc.oneof(
      { weight: 3, arbitrary: fc.constant(form.validFile.filename) },
      { weight: 2, arbitrary: fc.constantFrom(...HOSTILE_FILENAMES) },
    ),
    contentType: fc.constantFrom(form.validFile.contentType, 'image/jpeg', 'text/html', ''),
    data,
  });
  return fc.option(
    named ? fc.oneof({ weight: 2, arbitrary: part }, { weight: 1, arbitrary: named }) : part,
    { freq: 6 },
  ) as fc.Arbitrary<Part | undefined>;
}

function formFieldsArbitrary(form: FormSpec, resolve: SchemaResolver) {
  const properties = resolve(form.fields).properties ?? {};
  const changedField = Object.entries(properties).map(([field, schema]) =>
    fc
      .oneof(
        boundaryValue(schema, resolve).map((value) =>
          typeof value === 'string' ? value : JSON.stringify(value),
        ),
        fc.constant(undefined),
      )
      .map((value) => {
        const fields: Record<string, string> = { ...form.example };
        if (value === undefined) delete fields[field];
        else fields[field] = value;
        return fields;
      }),
  );
  // Every field at once, as in `mutatedObject`: NUL in all of them, say.
  const allPoisoned = hostileText.map((text) =>
    Object.fromEntries(Object.keys(form.example).map((field) => [field, text])),
  );
  return fc.oneof(
    { weight: 2, arbitrary: fc.constant(form.example) },
    { weight: 2, arbitrary: allPoisoned },
    ...changedField.map((arbitrary) => ({ weight: 2, arbitrary })),
    {
      weight: 1,
      arbitrary: fc
        .dictionary(fc.string({ maxLength: 12 }), fc.string({ maxLength: 40, unit: 'binary' }), {
          maxKeys: 4,
        })
        .map((extra) => ({ ...extra, ...form.example })),
    },
  );
}

/** How a well-made form is then broken on the wire. */
type FormDamage =
  | 'none'
  | 'truncated'
  | 'no closing boundary'
  | 'no boundary'
  | 'wrong boundary'
  | 'long boundary'
  | 'bad JSON field';

function formBodyArbitrary(form: FormSpec, resolve: SchemaResolver): fc.Arbitrary<Body> {
  return fc
    .record({
      fields: formFieldsArbitrary(form, resolve),
      file: fileArbitrary(form),
      fileFirst: fc.boolean(),
      damage: fc.oneof(
        { weight: 6, arbitrary: fc.constant<FormDamage>('none') },
        {
          weight: 3,
          arbitrary: fc.constantFrom<FormDamage>(
            'truncated',
            'no closing boundary',
            'no boundary',
            'wrong boundary',
            'long boundary',
            'bad JSON field',
          ),
        },
      ),
      cut: fc.nat(),
    })
    .map(({ fields, file, fileFirst, damage, cut }) => {
      const boundary = damage === 'long boundary' ? 'b'.repeat(300) : 'fuzzboundary';
      const fieldParts: Part[] = Object.entries(fields).map(([name, data]) => ({ name, data }));
      if (damage === 'bad JSON field') {
        fieldParts.push({ name: 'title', contentType: 'application/json', data: '{bad' });
      }
      const parts = file ? (fileFirst ? [file, ...fieldParts] : [...fieldParts, file]) : fieldParts;
      let payload = encodeForm(parts, boundary);
      if (damage === 'truncated') payload = payload.subarray(0, cut % payload.length);
      if (damage === 'no closing boundary') {
        payload = payload.subarray(0, payload.length - `--${boundary}--\r\n`.length);
      }
      const declared =
        damage === 'no boundary'
          ? 'multipart/form-data'
          : `multipart/form-data; boundary=${damage === 'wrong boundary' ? 'other' : boundary}`;
      const fileWord = file
        ? `a ${file.data.length}-byte "${file.name}" file${file.label ? ` (${file.label})` : ''}`
        : 'no file';
      return {
        contentType: declared,
        payload,
        body: `multipart form (${damage === 'none' ? 'well-formed' : damage}) with ${fileWord} and fields ${JSON.stringify(fields).slice(0, 200)}`,
      };
    });
}

/** The request in a few lines, for a failure report that can be replayed by hand. */
export function describeRequest(request: FuzzRequest, role: string): string {
  const payload =
    request.payload === undefined
      ? ''
      : `\n  payload (${request.payload.length} bytes): ${JSON.stringify(
          request.payload.toString().slice(0, 300),
        )}`;
  return (
    `${request.method} ${request.url.slice(0, 300)} as ${role}\n` +
    `  headers: ${JSON.stringify(request.headers)}\n  body: ${request.body}${payload}`
  );
}
