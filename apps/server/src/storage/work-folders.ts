import { mkdir, mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';

/** Leftovers younger than this may belong to work still going on in another process. */
const UNOWNED_LEFTOVER_AGE_MS = 60 * 60 * 1000;

export type WorkFolder = {
  name: string;
  /** The process that made it, when its name says so. */
  pid: number | null;
  /** That process is still running (it may still be working in the folder). */
  running: boolean;
  modifiedAt: Date;
};

/**
 * Scratch space for work in progress (a transcode's output before it goes to the blob store, a
 * download from S3 for ffmpeg to read, audio converted for speech to text), under
 * DATA_DIR/work: on the data disk rather than a /tmp that may be memory, and where the start-up
 * sweep and `npm run doctor` look. A folder's name carries the pid of the process that made it,
 * so whatever a killed process left is known for a leftover the moment that process is gone.
 */
export class WorkFolders {
  constructor(readonly root: string) {}

  static in(dataDir: string): WorkFolders {
    return new WorkFolders(path.join(dataDir, 'work'));
  }

  /** Makes the folder that holds the work folders, for a program that makes its own in it. */
  async ensureRoot(): Promise<string> {
    await mkdir(this.root, { recursive: true });
    return this.root;
  }

  /** A new empty folder; `purpose` starts its name (letters, digits and dashes). */
  async create(purpose: string): Promise<string> {
    await this.ensureRoot();
    return mkdtemp(path.join(this.root, `${purpose}-pid${process.pid}-`));
  }

  /** Runs `work` in a new folder and removes the folder after, however the work ends. */
  async use<T>(purpose: string, work: (folder: string) => Promise<T>): Promise<T> {
    const folder = await this.create(purpose);
    try {
      return await work(folder);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  }

  async list(): Promise<WorkFolder[]> {
    const names = await readdir(this.root).catch(() => [] as string[]);
    const folders: WorkFolder[] = [];
    for (const name of names) {
      const info = await stat(path.join(this.root, name)).catch(() => null);
      if (!info) continue; // removed since it was listed: its work has ended
      const pid = Number(/-pid(\d+)-/.exec(name)?.[1] ?? NaN) || null;
      folders.push({ name, pid, running: pid !== null && isRunning(pid), modifiedAt: info.mtime });
    }
    return folders;
  }

  /**
   * Folders no running process is working in: those of processes that have stopped, and those
   * that name no process (another program's temporary files) once idle for an hour.
   */
  async leftovers(now = new Date()): Promise<WorkFolder[]> {
    return (await this.list()).filter((folder) =>
      folder.pid !== null
        ? !folder.running
        : now.getTime() - folder.modifiedAt.getTime() > UNOWNED_LEFTOVER_AGE_MS,
    );
  }

  /**
   * Removes leftovers. `exclusive`: no other process uses this DATA_DIR (the embedded database
   * is ours alone), so everything but this process's own folders is left over.
   */
  async sweep(options: { exclusive: boolean }): Promise<number> {
    const doomed = options.exclusive
      ? (await this.list()).filter((folder) => folder.pid !== process.pid)
      : await this.leftovers();
    for (const folder of doomed) {
      await rm(path.join(this.root, folder.name), { recursive: true, force: true });
    }
    return doomed.length;
  }
}

function isRunning(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, as another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
