import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFile } from 'node:fs/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { childrenDieWithParent, spawnTied } from './index';

const running = async (pid: number) => {
  const status = await readFile(`/proc/${pid}/status`, 'utf8').catch(() => '');
  return status !== '' && !/^State:\s+Z/m.test(status);
};

describe('spawnTied', () => {
  it('is on wherever setpriv is (always on Debian)', () => {
    expect(childrenDieWithParent).toBe(true);
  });

  it('starts programs that die when their parent is killed with SIGKILL', async () => {
    // A parent process that starts `sleep` through spawnTied and prints its pid.
    const parent = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        '--input-type=module',
        '-e',
        `import { spawnTied } from ${JSON.stringify(new URL('./index.ts', import.meta.url).pathname)};
         const child = spawnTied('sleep', ['300'], { stdio: 'ignore' });
         console.log(child.pid);
         setInterval(() => undefined, 1000);`,
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    const [line] = (await once(parent.stdout!, 'data')) as [Buffer];
    const pid = Number(line.toString().trim());
    expect(pid).toBeGreaterThan(0);
    try {
      // Same pid, the program's own command line once setpriv has replaced itself with it.
      const commandLine = async () =>
        (await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '')).split('\0');
      for (let waited = 0; !(await commandLine())[0]?.endsWith('sleep'); waited += 20) {
        if (waited > 5_000)
          throw new Error(`never became sleep: ${(await commandLine()).join(' ')}`);
        await sleep(20);
      }
      expect((await commandLine()).slice(1, 2)).toEqual(['300']);

      parent.kill('SIGKILL');
      await once(parent, 'exit');
      let alive = true;
      for (let waited = 0; alive && waited < 5_000; waited += 50) {
        await sleep(50);
        alive = await running(pid);
      }
      expect(alive).toBe(false);
    } finally {
      parent.kill('SIGKILL');
      // Never leave it behind, even when failing.
      if (await running(pid)) process.kill(pid, 'SIGKILL');
    }
  });

  it('answers ENOENT for a program that does not exist, as spawn does', async () => {
    const child = spawnTied('filmroom-no-such-program', [], { stdio: 'ignore' });
    const [error] = (await once(child, 'error').catch((e: unknown) => [e])) as [
      NodeJS.ErrnoException,
    ];
    expect(error.code).toBe('ENOENT');
  });

  it('passes arguments and output through untouched', async () => {
    const child = spawnTied('printf', ['%s|', 'a b', '--pdeathsig'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const [code] = await once(child, 'close');
    expect(code).toBe(0);
    expect(output).toBe('a b|--pdeathsig|');
  });
});
