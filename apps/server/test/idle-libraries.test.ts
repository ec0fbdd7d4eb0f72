import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { signUp } from './http-client';
import { createProcessDatabase } from './process-database';
import { startServerProcess } from './server-process';

const dataDir = await mkdtemp(path.join(tmpdir(), 'filmroom-idle-'));
afterAll(() => rm(dataDir, { recursive: true, force: true }));

// Native libraries loaded at their first use: libvips (sharp's image library, about 27 MiB of
// RSS with its threads) and argon2 (password hashing).
const LIBVIPS = 'libvips';
const ARGON2 = 'argon2.linux';

/** Whether a process has a shared library whose path contains `name` mapped into its memory. */
async function maps(pid: number, name: string): Promise<boolean> {
  return (await readFile(`/proc/${pid}/maps`, 'utf8')).includes(name);
}

describe('an idle server process', () => {
  it(
    'maps neither libvips nor argon2 in either role until it handles a photo or a password',
    { timeout: 120_000 },
    async () => {
      const database = await createProcessDatabase('idle');
      const shared = { DATA_DIR: dataDir, DATABASE_URL: database.url };
      const api = await startServerProcess({ ...shared, ROLE: 'api' });
      const worker = await startServerProcess({ ...shared, ROLE: 'worker' });
      try {
        for (const pid of [api.child.pid!, worker.child.pid!]) {
          expect(await maps(pid, LIBVIPS)).toBe(false);
          expect(await maps(pid, ARGON2)).toBe(false);
        }

        const cookie = await signUp(api.origin, 'Idle');
        // The checks can see them: each is there once it has been used.
        expect(await maps(api.child.pid!, ARGON2)).toBe(true);
        expect(await maps(api.child.pid!, LIBVIPS)).toBe(false);
        const photo = await sharp({
          create: { width: 64, height: 64, channels: 3, background: '#c00' },
        })
          .png()
          .toBuffer();
        const form = new FormData();
        form.append('photo', new Blob([new Uint8Array(photo)], { type: 'image/png' }), 'me.png');
        const upload = await fetch(`${api.origin}/api/user/photos`, {
          method: 'POST',
          headers: { cookie },
          body: form,
        });
        expect(upload.status).toBe(201);
        expect(await maps(api.child.pid!, LIBVIPS)).toBe(true);
      } finally {
        expect(await worker.stop('SIGTERM')).toBe(0);
        expect(await api.stop('SIGTERM')).toBe(0);
        await database.drop();
      }
    },
  );
});
