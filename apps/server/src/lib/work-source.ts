import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, readFileSync } from 'node:fs';

/**
 * Which code runs: the build's own stamp (scripts/build.mjs writes a fingerprint of every server
 * input beside the bundle: the vision and media packages, the models' lockfile entries). Run
 * from sources there is no stamp, and the identity is this process's own: work is then shared
 * only within the process that did it, so a developer's edit is never hidden behind work an
 * earlier version did.
 */
const codeIdentity = (() => {
  try {
    return `build:${readFileSync(new URL('./.build-stamp', import.meta.url), 'utf8').trim()}`;
  } catch {
    return `process:${randomUUID()}`;
  }
})();

/**
 * Names what a piece of work on a file is a function of: the file's bytes, the settings it ran
 * with and the code that ran it. Two videos with the same source may share the work's result
 * (a scan, the prepared files) instead of paying minutes of CPU twice.
 */
export async function workSourceOf(file: string, settings: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return createHash('sha256')
    .update(`${hash.digest('hex')}\n${settings}\n${codeIdentity}`)
    .digest('base64url');
}
