import { scanVideo, type VisionScan } from '@filmroom/vision';
import { createHash } from 'node:crypto';
import { mkdir, readFile, readdir, rename, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  makeVariant,
  sameAsOriginal,
  smallScale,
  sourceFrameRate,
  type VariantKind,
} from './variants';

/**
 * What a scan's result depends on: the vision code, and in the media package only what decodes
 * frames for it (a change to streaming or exports does not make every clip scan again).
 */
const scanSources: { folder: string; only?: string[]; except?: string[] }[] = [
  // The point tracker follows a spot the coach picks, in the browser; photos are read one by
  // one on the photo worker. No scan runs either.
  {
    folder: '../packages/vision/src/',
    except: ['point-tracker.ts', 'photos.ts', 'photo-inference.ts'],
  },
  {
    folder: '../packages/media/src/',
    only: ['frames.ts', 'probe.ts', 'run.ts', 'tools.ts', 'binaries.ts'],
  },
].map((source) => ({ ...source, folder: fileURLToPath(new URL(source.folder, import.meta.url)) }));

let fingerprint: Promise<string> | undefined;

/** A fingerprint of the scan code: a changed scan invalidates every cached result. */
function visionFingerprint(): Promise<string> {
  return (fingerprint ??= (async () => {
    const hash = createHash('sha256');
    for (const { folder, only, except } of scanSources) {
      for (const entry of (await readdir(folder, { withFileTypes: true })).sort((a, b) =>
        a.name.localeCompare(b.name),
      )) {
        if (!entry.isFile() || (only && !only.includes(entry.name))) continue;
        if (except?.includes(entry.name)) continue;
        hash.update(entry.name).update(await readFile(path.join(folder, entry.name)));
      }
    }
    return hash.digest('hex').slice(0, 12);
  })());
}

export type ScanSettings = { fps: number };

/** The originals' scans, shared by every run (and every worktree) on this machine. */
const ORIGINALS = path.join(os.tmpdir(), 'filmroom-eval');
/** The variants' files and scans, apart so they can be cleared without the originals. */
const VARIANTS = path.join(os.tmpdir(), 'filmroom-eval-variants');

/**
 * A clip's identity in a cache key: its name, size and a hash of its bytes, so a copy of the
 * same clip (CI's copy of the fixtures beside a fresh clone) finds the same scans.
 */
async function sourceKey(file: string): Promise<string> {
  const bytes = await readFile(file);
  const digest = createHash('sha256').update(bytes).digest('hex').slice(0, 12);
  return [path.basename(file), bytes.length, digest].join('.');
}

/** Reads a cached scan, or scans `file` and caches it (written whole, then renamed into place). */
async function scanOnce(cached: string, file: string, settings: ScanSettings): Promise<VisionScan> {
  try {
    return JSON.parse(await readFile(cached, 'utf8')) as VisionScan;
  } catch {
    const { timings: _timings, ...scan } = await scanVideo(file, { fps: settings.fps });
    await mkdir(path.dirname(cached), { recursive: true });
    await writeFile(`${cached}.${process.pid}.tmp`, JSON.stringify(scan));
    await rename(`${cached}.${process.pid}.tmp`, cached);
    return scan;
  }
}

/**
 * The production scan of a clip, kept in the machine's temporary folder so a second run of the
 * evaluation only re-analyses (the coach step takes milliseconds, the scan minutes).
 */
export async function cachedScan(file: string, settings: ScanSettings): Promise<VisionScan> {
  const key = [await sourceKey(file), settings.fps, await visionFingerprint()].join('.');
  return scanOnce(path.join(ORIGINALS, `${key}.json`), file, settings);
}

/**
 * The production scan of a variant of a clip (see variants.ts). The variant file and its scan
 * are cached by clip, variant and vision fingerprint (the "small" variant is sized from the
 * original's scan). A variant that would show the original's very picture (15 fps of a 5 fps
 * clip, an athlete already small) is the original's scan; `same` says so.
 */
export async function cachedVariantScan(
  file: string,
  kind: VariantKind,
  settings: ScanSettings,
): Promise<{ scan: VisionScan; same: boolean }> {
  const original = await cachedScan(file, settings);
  const scale = smallScale(original);
  if (sameAsOriginal(kind, { frameRate: await sourceFrameRate(file), smallScale: scale })) {
    return { scan: original, same: true };
  }
  const key = [await sourceKey(file), kind, await visionFingerprint()].join('.');
  const video = path.join(VARIANTS, `${key}.mp4`);
  try {
    await stat(video);
  } catch {
    await mkdir(VARIANTS, { recursive: true });
    const partial = path.join(VARIANTS, `${key}.${process.pid}.partial.mp4`);
    await makeVariant(file, kind, partial, scale);
    await rename(partial, video);
  }
  const scan = await scanOnce(path.join(VARIANTS, `${key}.${settings.fps}.json`), video, settings);
  return { scan, same: false };
}
