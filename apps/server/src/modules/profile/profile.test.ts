import {
  HEIGHT_MAX_CM,
  HEIGHT_MESSAGE,
  HEIGHT_MIN_CM,
  type JerseyColorOption,
  type Photo,
  type User,
} from '@filmroom/contract';
import { eq } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { registerAccount } from '../../../test/accounts';
import { useTestApp } from '../../../test/test-app';
import { fixture, multipartBody } from '../../../test/uploads';
import { userPhotos } from '../../db/schema';
import { MAX_PROFILE_PHOTOS } from './photo-routes';

const ctx = useTestApp({ MAX_PHOTO_MB: '0.5' });

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, cookie?: string, payload?: object) =>
  ctx.app.inject({ method, url, payload, headers: cookie ? { cookie } : {} });

const uploadPhoto = (
  cookie: string,
  data: Buffer,
  options: { filename?: string; contentType?: string; field?: string } = {},
) => {
  const { body, contentType } = multipartBody(
    {},
    {
      field: options.field ?? 'photo',
      filename: options.filename ?? 'me.jpg',
      contentType: options.contentType ?? 'image/jpeg',
      data,
    },
  );
  return ctx.app.inject({
    method: 'POST',
    url: '/api/user/photos',
    headers: { cookie, 'content-type': contentType },
    payload: body,
  });
};

/** GPS IFD pointer (tag 0x8825) in a little-endian EXIF block. */
const GPS_TAG = Buffer.from([0x25, 0x88]);

describe('PUT /api/user/profile', () => {
  it('changes name and player number; the e-mail stays as it is', async () => {
    const { cookie, username } = await registerAccount(ctx.app, { name: 'Old Name' });
    const updated = await call('PUT', '/api/user/profile', cookie, {
      name: '  New Name ',
      playerNumber: 23,
      username: 'hijack@example.com',
      email: 'hijack@example.com',
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ name: 'New Name', playerNumber: 23, username });
    expect((await call('GET', '/api/user', cookie)).json()).toMatchObject({
      name: 'New Name',
      playerNumber: 23,
      username,
    });

    // The form leaves an emptied number out: that clears it.
    const cleared = await call('PUT', '/api/user/profile', cookie, { name: 'New Name' });
    expect(cleared.json().playerNumber).toBeNull();
    for (const playerNumber of [0, 99]) {
      const edge = await call('PUT', '/api/user/profile', cookie, { playerNumber });
      expect(edge.json()).toMatchObject({ name: 'New Name', playerNumber });
    }
    const nulled = await call('PUT', '/api/user/profile', cookie, { playerNumber: null });
    expect(nulled.json().playerNumber).toBeNull();
  });

  it('keeps a height in whole centimetres, shown to the athlete; an omitted or null one clears it', async () => {
    const { cookie } = await registerAccount(ctx.app, { name: 'Tall Tess' });
    expect((await call('GET', '/api/user', cookie)).json().heightCm).toBeNull();
    const set = await call('PUT', '/api/user/profile', cookie, {
      name: 'Tall Tess',
      heightCm: 183,
    });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toMatchObject({ name: 'Tall Tess', heightCm: 183 });
    expect((await call('GET', '/api/user', cookie)).json().heightCm).toBe(183);
    for (const heightCm of [HEIGHT_MIN_CM, HEIGHT_MAX_CM]) {
      expect((await call('PUT', '/api/user/profile', cookie, { heightCm })).json().heightCm).toBe(
        heightCm,
      );
    }
    // The form leaves an emptied height out, as it does a number: that clears it.
    const cleared = await call('PUT', '/api/user/profile', cookie, { name: 'Tall Tess' });
    expect(cleared.json().heightCm).toBeNull();
    await call('PUT', '/api/user/profile', cookie, { heightCm: 170 });
    const nulled = await call('PUT', '/api/user/profile', cookie, { heightCm: null });
    expect(nulled.json().heightCm).toBeNull();
  });

  it.each([
    [{ heightCm: HEIGHT_MIN_CM - 1 }, HEIGHT_MESSAGE],
    [{ heightCm: HEIGHT_MAX_CM + 1 }, HEIGHT_MESSAGE],
    [{ heightCm: 180.5 }, HEIGHT_MESSAGE],
    [{ heightCm: '180' }, HEIGHT_MESSAGE],
    [{ heightCm: 1.8 }, HEIGHT_MESSAGE],
    [{ playerNumber: 100 }, 'Player number must be a whole number from 0 to 99'],
    [{ playerNumber: -1 }, 'Player number must be a whole number from 0 to 99'],
    [{ playerNumber: 7.5 }, 'Player number must be a whole number from 0 to 99'],
    [{ playerNumber: '23' }, 'Player number must be a whole number from 0 to 99'],
    [{ name: '   ' }, 'Name is required'],
    [{ name: 'n'.repeat(101) }, 'Name must be at most 100 characters'],
  ])('refuses %j with 400 naming the problem', async (body, message) => {
    const { cookie } = await registerAccount(ctx.app);
    const response = await call('PUT', '/api/user/profile', cookie, body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message });
  });
});

describe('jersey colours', () => {
  it('lists the options with swatches, and keeps the colours a user chooses', async () => {
    const { cookie } = await registerAccount(ctx.app);
    const options = (await call('GET', '/api/jersey-colors', cookie)).json<JerseyColorOption[]>();
    expect(options).toHaveLength(13);
    expect(options[0]).toEqual({ id: 1, color: 'Red', swatch: '#c8102e' });
    expect(options.every((option) => /^#[0-9a-f]{6}$/.test(option.swatch))).toBe(true);

    const chosen = await call('PUT', '/api/user/jersey-colors', cookie, { colorIds: [8, 1, 8] });
    expect(chosen.statusCode).toBe(200);
    expect(chosen.json<User>().jerseyColors).toEqual([
      { id: 1, color: 'Red' },
      { id: 8, color: 'Navy' },
    ]);
    const none = await call('PUT', '/api/user/jersey-colors', cookie, { colorIds: [] });
    expect(none.json<User>().jerseyColors).toEqual([]);
  });

  it.each([
    [{ colorIds: [1, 99] }, 'Unknown jersey color id: 99'],
    [{ colorIds: [0, 99] }, 'Unknown jersey color ids: 0, 99'],
    [{ colorIds: 'red' }, 'colorIds must be a list of colour ids'],
    [{ colorIds: ['red'] }, 'colorIds must hold colour ids'],
    [{}, 'colorIds must be a list of colour ids'],
  ])('refuses %j with 400 and changes nothing', async (body, message) => {
    const { cookie } = await registerAccount(ctx.app);
    await call('PUT', '/api/user/jersey-colors', cookie, { colorIds: [3] });
    const response = await call('PUT', '/api/user/jersey-colors', cookie, body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message });
    expect((await call('GET', '/api/user', cookie)).json().jerseyColors).toEqual([
      { id: 3, color: 'Orange' },
    ]);
  });
});

describe('profile photos', () => {
  let gpsTagged: Buffer;
  beforeAll(async () => {
    gpsTagged = await sharp(await readFile(fixture('images/face_obama_1.jpg')))
      .withExif({
        IFD0: { Make: 'PhoneCam', Copyright: 'Where I live' },
        IFD3: {
          GPSLatitudeRef: 'N',
          GPSLatitude: '51/1 30/1 26/1',
          GPSLongitudeRef: 'W',
          GPSLongitude: '0/1 7/1 39/1',
        },
      })
      .jpeg({ quality: 80 })
      .toBuffer();
  });

  it('keeps a resized JPEG with every bit of metadata gone, and its face for recognition', async () => {
    const { cookie, user } = await registerAccount(ctx.app);
    const input = await sharp(gpsTagged).metadata();
    expect(input.exif?.includes(GPS_TAG)).toBe(true);
    expect(input.exif?.includes(Buffer.from('PhoneCam'))).toBe(true);

    const response = await uploadPhoto(cookie, gpsTagged);
    expect(response.statusCode).toBe(201);
    const photo = response.json<Photo>();
    expect(photo).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      url: `/uploads/users/${user.id}/photos/${photo.id}.jpg`,
    });

    const served = await call('GET', photo.url, cookie);
    expect(served.statusCode).toBe(200);
    const stored = served.rawPayload;
    const meta = await sharp(stored).metadata();
    expect(meta.format).toBe('jpeg');
    expect(Math.max(meta.width!, meta.height!)).toBe(1024);
    expect(meta.exif).toBeUndefined();
    expect(meta.icc).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(stored.includes(Buffer.from('Exif'))).toBe(false);
    expect(stored.includes(Buffer.from('PhoneCam'))).toBe(false);

    const [row] = await ctx.database.db
      .select()
      .from(userPhotos)
      .where(eq(userPhotos.id, photo.id));
    expect(row!.faceEmbedding).toHaveLength(1024);

    expect((await call('GET', '/api/user/photos', cookie)).json()).toEqual([photo]);
    expect((await call('GET', '/api/user', cookie)).json()).toMatchObject({
      photos: [photo],
      avatarUrl: photo.url,
    });
  });

  it('takes a PNG whatever the browser calls it, and keeps a small image at its size', async () => {
    const { cookie } = await registerAccount(ctx.app);
    const png = await sharp(await readFile(fixture('images/pose_yoga_single_person.jpg')))
      .resize(400)
      .png()
      .toBuffer();
    const response = await uploadPhoto(cookie, png, {
      filename: 'photo.bin',
      contentType: 'application/octet-stream',
    });
    expect(response.statusCode).toBe(201);
    const stored = (await call('GET', response.json<Photo>().url, cookie)).rawPayload;
    expect(await sharp(stored).metadata()).toMatchObject({ format: 'jpeg', width: 400 });
  });

  it.each([
    ['a plain white PNG', { r: 255, g: 255, b: 255 }, 'png'],
    ['a plain black JPEG', { r: 0, g: 0, b: 0 }, 'jpeg'],
    ['a plain grey PNG', { r: 128, g: 128, b: 128 }, 'png'],
  ] as const)(
    'keeps %s (no face in it to learn) instead of failing',
    async (_name, colour, format) => {
      const { cookie } = await registerAccount(ctx.app);
      const plain = await sharp({
        create: { width: 800, height: 800, channels: 3, background: colour },
      })
        .toFormat(format)
        .toBuffer();
      const response = await uploadPhoto(cookie, plain);
      expect(response.statusCode).toBe(201);
      const [row] = await ctx.database.db
        .select()
        .from(userPhotos)
        .where(eq(userPhotos.id, response.json<Photo>().id));
      expect(row!.faceEmbedding).toBeNull();
    },
  );

  it.each([
    [
      'an SVG with a script, named .jpg',
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      'This file is not an image we recognise. Choose a photo (JPEG, PNG, WebP, ...).',
    ],
    [
      'an HTML page named .jpg',
      Buffer.from('<!doctype html><html><script>alert(document.cookie)</script></html>'),
      'This file is not an image we recognise. Choose a photo (JPEG, PNG, WebP, ...).',
    ],
    [
      'a PDF named .jpg',
      Buffer.from('%PDF-1.7\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n%%EOF\n'),
      'This file is application/pdf, not a photo. Choose a photo (JPEG, PNG, WebP, ...).',
    ],
    [
      'a JPEG cut short',
      Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01]),
      'This image could not be read. Choose a photo (JPEG, PNG, WebP, ...).',
    ],
  ])('refuses %s with 415 and keeps nothing', async (_name, data, message) => {
    const { cookie } = await registerAccount(ctx.app);
    const response = await uploadPhoto(cookie, data);
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({ message });
    expect((await call('GET', '/api/user/photos', cookie)).json()).toEqual([]);
  });

  it('refuses a photo over MAX_PHOTO_MB with 413, a form without one and a JSON body with 400', async () => {
    const { cookie } = await registerAccount(ctx.app);
    const big = Buffer.concat([gpsTagged, Buffer.alloc(600 * 1024)]);
    const tooBig = await uploadPhoto(cookie, big);
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json()).toEqual({ message: 'The photo is larger than the 0.5 MB limit' });

    const wrongField = await uploadPhoto(cookie, gpsTagged, { field: 'video' });
    expect(wrongField.statusCode).toBe(400);
    expect(wrongField.json()).toEqual({ message: 'A photo file is required (field "photo")' });
    const json = await call('POST', '/api/user/photos', cookie, { photo: 'data:image/png' });
    expect(json.statusCode).toBe(400);
    expect(json.json()).toEqual({
      message: 'Send the photo as multipart/form-data with a "photo" file',
    });
    expect((await call('GET', '/api/user/photos', cookie)).json()).toEqual([]);
  });

  it(`keeps at most ${MAX_PROFILE_PHOTOS} photos`, async () => {
    const { cookie, user } = await registerAccount(ctx.app);
    await ctx.database.db.insert(userPhotos).values(
      Array.from({ length: MAX_PROFILE_PHOTOS }, () => ({
        userId: user.id,
        blobKey: `users/${user.id}/photos/${randomUUID()}.jpg`,
      })),
    );
    const response = await uploadPhoto(cookie, gpsTagged);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      message: 'You can keep at most 20 profile photos. Delete one to add another.',
    });
  });

  it("deletes the user's own photo with its file, and nobody else's", async () => {
    const owner = await registerAccount(ctx.app);
    const other = await registerAccount(ctx.app);
    const small = await sharp(gpsTagged).resize(200).jpeg().toBuffer();
    const photo = (await uploadPhoto(owner.cookie, small)).json<Photo>();
    const key = photo.url.replace('/uploads/', '');
    const remove = (cookie: string, id = photo.id) =>
      call('DELETE', `/api/user/photos/${id}`, cookie);

    const byOther = await remove(other.cookie);
    expect(byOther.statusCode).toBe(404);
    expect(byOther.json()).toEqual({ message: 'Photo not found' });
    expect(await ctx.runtime.deps.blobs.stat(key)).not.toBeNull();

    const deleted = await remove(owner.cookie);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ message: 'Photo deleted successfully' });
    expect(await ctx.runtime.deps.blobs.stat(key)).toBeNull();
    expect((await call('GET', '/api/user', owner.cookie)).json()).toMatchObject({
      photos: [],
      avatarUrl: null,
    });
    expect((await remove(owner.cookie)).statusCode).toBe(404);
    const badId = await remove(owner.cookie, 'nope');
    expect(badId.statusCode).toBe(400);
    expect(badId.json()).toEqual({ message: 'Photo id must be a UUID' });
  });
});
