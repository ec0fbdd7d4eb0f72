import { chmod, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { locateMediaBinaries } from './binaries';

// Stand-in binaries that print an ffmpeg-style banner: which one is chosen is what is tested.
let folder: string;
async function fakeBinary(name: string, version: string, dir = folder) {
  await mkdir(dir, { recursive: true });
  const file = path.join(dir, name);
  await writeFile(
    file,
    `#!/bin/sh\necho "${name} version ${version} Copyright (c) the FFmpeg developers"\n`,
  );
  await chmod(file, 0o755);
  return file;
}

beforeAll(async () => {
  folder = await mkdtemp(path.join(tmpdir(), 'filmroom-media-'));
});
afterAll(() => rm(folder, { recursive: true, force: true }));

describe('locateMediaBinaries', () => {
  it('takes FFMPEG_PATH and FFPROBE_PATH first, with their versions', async () => {
    const ffmpeg = await fakeBinary('my-ffmpeg', '7.1');
    const ffprobe = await fakeBinary('my-ffprobe', '7.1');
    const found = await locateMediaBinaries({
      FFMPEG_PATH: ffmpeg,
      FFPROBE_PATH: ffprobe,
      PATH: '',
    });
    expect(found.ffmpeg).toEqual({ path: ffmpeg, version: '7.1', source: 'env' });
    expect(found.ffprobe).toEqual({ path: ffprobe, version: '7.1', source: 'env' });
    expect(found.warning).toBeUndefined();
  });

  it('takes a system ffmpeg of version 5 or newer on PATH', async () => {
    const dir = path.join(folder, 'current');
    await fakeBinary('ffmpeg', '5.1.9-0+deb12u1', dir);
    await fakeBinary('ffprobe', '5.1.9-0+deb12u1', dir);
    const found = await withPath(dir, () => locateMediaBinaries({}));
    expect(found.ffmpeg).toEqual({ path: 'ffmpeg', version: '5.1.9-0+deb12u1', source: 'system' });
    expect(found.warning).toBeUndefined();
  });

  it('falls back to the static build from npm, with a warning, when the system has only 4.x', async () => {
    const dir = path.join(folder, 'old');
    await fakeBinary('ffmpeg', '4.4.2', dir);
    await fakeBinary('ffprobe', '4.4.2', dir);
    const found = await withPath(dir, () => locateMediaBinaries({}));
    expect(found.ffmpeg.source).toBe('npm');
    expect(found.ffmpeg.path).toMatch(/@ffmpeg-installer/);
    expect(found.ffmpeg.version).toBeDefined();
    expect(found.warning).toMatch(/sudo apt-get install ffmpeg/);
  });
});

/** Runs `work` with PATH set to one folder (the lookup of a bare "ffmpeg" reads process.env). */
async function withPath<T>(dir: string, work: () => Promise<T>): Promise<T> {
  const saved = process.env.PATH;
  process.env.PATH = dir;
  try {
    return await work();
  } finally {
    process.env.PATH = saved;
  }
}
