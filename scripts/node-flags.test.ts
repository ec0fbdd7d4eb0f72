import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The server's V8 flags are measured settings (memory given back after load, young generation
 * size; see apps/server/package.json's start script): `npm start`, the systemd units and the
 * units printed in docs/deploy.md must start the API-serving roles with the same ones. They
 * drifted once (8 in the unit file, 4 in the guide); the bench measures only the start script.
 */
const root = fileURLToPath(new URL('..', import.meta.url));
const read = (file: string) => readFileSync(`${root}${file}`, 'utf8');

/** The flags between `node` and the entry point of a command line. */
function nodeFlags(commandLine: string): string[] {
  const words = commandLine.trim().split(/\s+/);
  const entry = words.findIndex((word) => word.endsWith('dist/main.js'));
  if (entry < 1 || !/(^|\/)node$/.test(words[0]!)) {
    throw new Error(`not a node command starting dist/main.js: ${commandLine}`);
  }
  return words.slice(1, entry);
}

/** Every `ExecStart=` of a unit text that runs the given role. */
function execStarts(text: string, role: string): string[] {
  return [...text.matchAll(/^ExecStart=(.*)$/gm)]
    .map((match) => match[1]!)
    .filter((line) => line.includes(`--role ${role}`));
}

const startScript = (JSON.parse(read('apps/server/package.json')) as { scripts: { start: string } })
  .scripts.start;
const expected = nodeFlags(startScript);

describe("the server's node flags", () => {
  it('the start script has some to compare with', () => {
    expect(expected.length).toBeGreaterThan(0);
  });

  it.each([
    ['docs/deploy/filmroom.service', 'all'],
    ['docs/deploy/filmroom-api@.service', 'api'],
    ['docs/deploy.md', 'all'],
    ['docs/deploy.md', 'api'],
  ])('%s starts --role %s with the start script flags', (file, role) => {
    const lines = execStarts(read(file), role);
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) expect(nodeFlags(line)).toEqual(expected);
  });

  it('reads the flags of a command line', () => {
    expect(nodeFlags('node --a=1 --b dist/main.js')).toEqual(['--a=1', '--b']);
    expect(nodeFlags('/opt/x/node --a apps/server/dist/main.js --role api')).toEqual(['--a']);
    expect(() => nodeFlags('sh -c dist/main.js')).toThrow();
  });
});
