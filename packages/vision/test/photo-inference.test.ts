import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { faceEmbedding } from '../src/index';
import { fixture } from './fixtures';

const run = promisify(execFile);

describe('the shared photo worker', () => {
  it('reads photo after photo, at once or one after another', async () => {
    const photos = ['face_obama_1.jpg', 'face_obama_2.jpg', 'three_people.jpg'];
    const together = await Promise.all(
      photos.map((name) => faceEmbedding(fixture(`images/${name}`))),
    );
    const inTurn = [];
    for (const name of photos) inTurn.push(await faceEmbedding(fixture(`images/${name}`)));
    expect(together.every((face) => face?.embedding?.length === 1024)).toBe(true);
    expect(inTurn.map((face) => face?.embedding)).toEqual(together.map((face) => face?.embedding));
  });

  it('lets a process that is done with photos exit, without waiting for the worker to close', async () => {
    // The worker stays loaded for half a minute after a photo; an idle one must not hold a
    // process (a CLI, a test run, a server shutting down) open for that long.
    const folder = await mkdtemp(path.join(tmpdir(), 'photo-exit-'));
    const script = path.join(folder, 'one-photo.mts');
    const entry = fileURLToPath(new URL('../src/index.ts', import.meta.url));
    await writeFile(
      script,
      `import { faceEmbedding } from ${JSON.stringify(entry)};
       const face = await faceEmbedding(${JSON.stringify(fixture('images/face_obama_1.jpg'))});
       console.log(face?.embedding?.length);`,
    );
    try {
      const { stdout } = await run(process.execPath, ['--import', 'tsx', script], {
        timeout: 20_000,
        killSignal: 'SIGKILL',
      });
      expect(stdout.trim()).toBe('1024');
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });
});
