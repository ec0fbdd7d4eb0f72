import { scanVideo, type VisionScan } from '@filmroom/vision';
import { createHash } from 'node:crypto';
import { mkdir, readFile, readdir, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const visionSource = fileURLToPath(new URL('../packages/vision/src/', import.meta.url));

/** A fingerprint of the vision code: a changed scan invalidates every cached result. */
async function visionFingerprint(): Promise<string> {
  const hash = createHash('sha256');
  for (const name of (await readdir(visionSource)).sort()) {
    hash.update(name).update(await readFile(path.join(visionSource, name)));
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
