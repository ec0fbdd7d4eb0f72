import { spawnTied } from '@filmroom/child-process';

export class MediaToolError extends Error {
  constructor(
    message: string,
    readonly stderr: string,
  ) {
    super(message);
    this.name = 'MediaToolError';
  }
}

/**
 * Runs ffmpeg or ffprobe to completion. Resolves with stdout; rejects with the tail of stderr,
 * which is what says why a file could not be read. `onStdoutLine` sees progress as it comes.
 */
export function runMediaTool(
  binary: string,
  args: string[],
  options: { signal?: AbortSignal; onStdoutLine?: (line: string) => void } = {},
): Promise<string> {
  return new Promise((resolve, reject) => {
    // Tied to this process: a transcode never outlives a crashed or killed server.
    const child = spawnTied(binary, args, {
      stdio: ['ignore', 'pipe', 'pipe'],
      signal: options.signal,
      // Stopped means stopped: on SIGTERM ffmpeg first finishes writing what it has.
      killSignal: 'SIGKILL',
    });
    let stdout = '';
    let pending = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      const text = chunk.toString();
      if (!options.onStdoutLine) {
        stdout += text;
        return;
      }
      pending += text;
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      lines.forEach(options.onStdoutLine);
    });
    child.stderr.on('data', (chunk: Buffer) => {
      // Keep the end: that is where the reason is, and a long run must not grow memory.
      stderr = (stderr + chunk.toString()).slice(-8_000);
    });
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0) resolve(stdout);
      else reject(new MediaToolError(`${binary.split('/').pop()} exited with ${code}`, stderr));
    });
  });
}
