import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';

export type MediaBinary = {
  path: string;
  /** "5.1.9-0+deb12u1", as the binary reports it; undefined when it would not say. */
  version: string | undefined;
  /** FFMPEG_PATH / FFPROBE_PATH, the system's (on PATH), or the static build from npm. */
  source: 'env' | 'system' | 'npm';
};

export type MediaBinaries = {
  ffmpeg: MediaBinary;
  ffprobe: MediaBinary;
  /** Set when the old static build from npm is used: say it in the log and in the doctor. */
  warning: string | undefined;
};

/** The oldest system ffmpeg used: 4.x fails on some JPEGs and no longer gets security fixes. */
export const MIN_SYSTEM_MAJOR = 5;

const require = createRequire(import.meta.url);

const run = promisify(execFile);

async function versionOf(path: string): Promise<string | undefined> {
  try {
    const { stdout } = await run(path, ['-version'], { encoding: 'utf8', timeout: 10_000 });
    return /version (n?[\w.+~-]+)/.exec(stdout)?.[1];
  } catch {
    return undefined;
  }
}

const majorOf = (version: string | undefined) => Number(/^n?(\d+)/.exec(version ?? '')?.[1] ?? 0);

async function locate(
  name: 'ffmpeg' | 'ffprobe',
  fromEnv: string | undefined,
  npmPackage: string,
): Promise<MediaBinary> {
  if (fromEnv) return { path: fromEnv, version: await versionOf(fromEnv), source: 'env' };
  const system = await versionOf(name);
  if (system !== undefined && majorOf(system) >= MIN_SYSTEM_MAJOR) {
    return { path: name, version: system, source: 'system' };
  }
  const bundled = (require(npmPackage) as { path: string }).path;
  return { path: bundled, version: await versionOf(bundled), source: 'npm' };
}

/**
 * Which ffmpeg and ffprobe FFmpeg work runs: FFMPEG_PATH / FFPROBE_PATH when set, else the
 * system's when it is version 5 or newer (Debian's `ffmpeg` package), else the static 4.1 build
 * that installs with npm, so a fresh machine still works, with a warning.
 */
export async function locateMediaBinaries(
  env: NodeJS.ProcessEnv = process.env,
): Promise<MediaBinaries> {
  const [ffmpeg, ffprobe] = await Promise.all([
    locate('ffmpeg', env.FFMPEG_PATH, '@ffmpeg-installer/ffmpeg'),
    locate('ffprobe', env.FFPROBE_PATH, '@ffprobe-installer/ffprobe'),
  ]);
  const old = [ffmpeg, ffprobe].filter((b) => b.source === 'npm');
  return {
    ffmpeg,
    ffprobe,
    warning: old.length
      ? `Using the static ${old.map((b) => path.basename(b.path)).join(' and ')} from npm (a 2018 build, no security fixes) to read uploaded video: install a current one (sudo apt-get install ffmpeg) or set FFMPEG_PATH and FFPROBE_PATH.`
      : undefined,
  };
}
