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

/** Whether a process has libvips (sharp's image library) mapped into its memory. */
async function mapsLibvips(pid: number): Promise<boolean> {
  return (await readFile(`/proc/${pid}/maps`, 'utf8')).includes('libvips');
}

describe('an idle server process', () => {
  it('maps no libvips in either role until it handles a photo', { timeout: 120_000 }, async () => {
    const database = await createProcessDatabase('idle');
    const shared = { DATA_DIR: dataDir, DATABASE_URL: database.url };
    const api = await startServerProcess({ ...shared, ROLE: 'api' });
    const worker = await startServerProcess({ ...shared, ROLE: 'worker' });
    try {
      // Tens of MiB of an idle server's memory, for pictures it may never be sent.
      expect(await mapsLibvips(api.child.pid!)).toBe(false);
      expect(await mapsLibvips(worker.child.pid!)).toBe(false);

      const cookie = await signUp(api.origin, 'Idle');
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
      // The check above can see libvips: it is there once a photo has been made.
      expect(await mapsLibvips(api.child.pid!)).toBe(true);
    } finally {
      expect(await worker.stop('SIGTERM')).toBe(0);
      expect(await api.stop('SIGTERM')).toBe(0);
      await database.drop();
    }
  });
});
