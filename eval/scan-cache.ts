import { scanVideo, type VisionScan } from '@filmroom/vision';
import { createHash } from 'node:crypto';
import { mkdir, readFile, readdir, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** What a scan's result depends on: the vision code and the frame decoding it is fed by. */
const scanSources = ['../packages/vision/src/', '../packages/media/src/'].map((folder) =>
  fileURLToPath(new URL(folder, import.meta.url)),
);

/** A fingerprint of the scan code: a changed scan invalidates every cached result. */
async function visionFingerprint(): Promise<string> {
  const hash = createHash('sha256');
  for (const folder of scanSources) {
    for (const entry of (await readdir(folder, { withFileTypes: true })).sort((a, b) =>
      a.name.localeCompare(b.name),
    )) {
      if (!entry.isFile()) continue;
      hash.update(entry.name).update(await readFile(path.join(folder, entry.name)));
    }
  }
  return hash.digest('hex').slice(0, 12);
}

export type ScanSettings = { fps: number };

/**
 * The production scan of a clip, kept in the machine's temporary folder so a second run of the
 * evaluation only re-analyses (the coach step takes milliseconds, the scan minutes).
 */
export async function cachedScan(file: string, settings: ScanSettings): Promise<VisionScan> {
  const info = await stat(file);
  const key = [
    path.basename(file),
    info.size,
    Math.round(info.mtimeMs),
    settings.fps,
    await visionFingerprint(),
  ].join('.');
  const folder = path.join(os.tmpdir(), 'filmroom-eval');
  const cached = path.join(folder, `${key}.json`);
  try {
    return JSON.parse(await readFile(cached, 'utf8')) as VisionScan;
  } catch {
    const { timings: _timings, ...scan } = await scanVideo(file, { fps: settings.fps });
    await mkdir(folder, { recursive: true });
    await writeFile(cached, JSON.stringify(scan));
    return scan;
  }
}
