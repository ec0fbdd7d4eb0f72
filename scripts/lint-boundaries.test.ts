import { ESLint } from 'eslint';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { findCycle, serverModuleDependencies } from '../eslint.config.js';

/**
 * The boundaries of eslint.config.js, shown failing a change that crosses them: each source
 * below is linted with the repository's own configuration as if it sat at that path.
 */
const root = fileURLToPath(new URL('..', import.meta.url));
let eslint: ESLint;

beforeAll(() => {
  eslint = new ESLint({ cwd: root });
});

/** The boundary errors for `source` placed at `path`, one line each. */
async function boundaryErrors(path: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(source, { filePath: `${root}${path}` });
  return result!.messages
    .filter((message) => /^no-restricted-(imports|syntax)$/.test(message.ruleId ?? ''))
    .map((message) => `${message.line}: ${message.message}`);
}

describe('web features', () => {
  const feature = 'apps/web/src/features/videos/components/video-card.tsx';

  it('import lib, components, hooks, the contract and their own files', async () => {
    const source = [
      "import type { Video } from '@filmroom/contract';",
      "import { cn } from '@/lib/utils';",
      "import { Button } from '@/components/ui/button';",
      "import { useNow } from '@/hooks/use-now';",
      "import { useVideo } from '../api/get-video';",
      "import { zoom } from '../lib/zoom';",
      'export const parts = [cn, Button, useNow, useVideo, zoom] as unknown as Video[];',
    ].join('\n');
    expect(await boundaryErrors(feature, source)).toEqual([]);
  });

  it('never import another feature, by alias, relative path or lazily', async () => {
    const source = [
      "import { useAnalysis } from '@/features/analysis/api/get-analysis';",
      "import { ChatPanel } from '../../../chat/components/chat-panel';",
      "export const load = () => import('@/features/annotations/components/annotation-dialog');",
      'export const parts = [useAnalysis, ChatPanel];',
    ].join('\n');
    const errors = await boundaryErrors(feature, source);
    expect(errors).toHaveLength(3);
    expect(errors[0]).toMatch(/^1: .*A web feature imports only @\/lib/);
    expect(errors[1]).toMatch(/^2: /);
    expect(errors[2]).toMatch(/^3: /);
  });

  it('never import the app that composes them', async () => {
    const errors = await boundaryErrors(
      'apps/web/src/features/chat/api/ask.ts',
      "import { router } from '@/app/router';\nexport const app = router;",
    );
    expect(errors).toHaveLength(1);
  });

  it('are not imported by shared web code', async () => {
    const errors = await boundaryErrors(
      'apps/web/src/components/layout/header.tsx',
      "import { useMe } from '@/features/auth/api/get-me';\nexport const me = useMe;",
    );
    expect(errors).toEqual([expect.stringMatching(/knows no feature/)]);
  });
});

describe('packages', () => {
  it('never import the apps', async () => {
    const source = [
      "import { loadConfig } from '../../../apps/server/src/config';",
      "import { buildApp } from '@filmroom/server/src/app';",
      "import { analysisSchema } from '@filmroom/contract';",
      'export const parts = [loadConfig, buildApp, analysisSchema];',
    ].join('\n');
    const errors = await boundaryErrors('packages/coach/src/new-file.ts', source);
    expect(errors).toEqual([
      expect.stringMatching(/^1: .*Packages never import the apps/),
      expect.stringMatching(/^2: .*Packages never import the apps/),
    ]);
  });
});

describe('server modules', () => {
  it('reach another module through its public surface only', async () => {
    const source = [
      "import { requireAccess } from '../access';",
      "import { findVideoAccess } from '../access/video-access';",
      "import { findAnalysis } from '../analysis';",
      "import { toChatMessageView } from './chat-service';",
      "import { badRequest } from '../../lib/http-errors';",
      "import { VideoEvents } from '../../modules/events';",
      'export const parts = [requireAccess, findVideoAccess, findAnalysis, toChatMessageView, badRequest, VideoEvents];',
    ].join('\n');
    const errors = await boundaryErrors('apps/server/src/modules/chat/new-file.ts', source);
    expect(errors).toEqual([
      expect.stringMatching(/^2: .*through its public surface/),
      expect.stringMatching(/^6: .*as '\.\.\/<module>'/),
    ]);
  });

  it('import only the modules below them, so no two import each other', async () => {
    const source = [
      "import { findAnalysis } from '../analysis';",
      "import { endAccess } from '../users';",
      'export const parts = [findAnalysis, endAccess];',
    ].join('\n');
    const errors = await boundaryErrors('apps/server/src/modules/access/new-file.ts', source);
    expect(errors).toEqual([
      expect.stringMatching(/^1: .*modules\/access imports no other server module/),
      expect.stringMatching(/^2: .*modules\/access imports no other server module/),
    ]);
  });

  it('never import plugins/auth.ts, which builds on them (a folder circle otherwise)', async () => {
    const source = [
      "import { requireUser } from '../../plugins/auth';",
      "import { sessionTokenOf } from '../auth';",
      'export const parts = [requireUser, sessionTokenOf];',
    ].join('\n');
    const errors = await boundaryErrors('apps/server/src/modules/uploads/new-file.ts', source);
    expect(errors).toEqual([expect.stringMatching(/^1: .*requireUser is in '\.\.\/access'/)]);
  });

  it('never import any plugin: what they share with modules lives in lib/', async () => {
    const source = [
      "import { limitPerNetwork } from '../../plugins/rate-limit';",
      "import { SERVER_FAULT_MESSAGE } from '../../plugins/errors';",
      "import type { Dependencies } from '../../plugins/dependencies';",
      "import { isOutOfSpace } from '../../lib/server-faults';",
      'export const parts = [limitPerNetwork, SERVER_FAULT_MESSAGE, isOutOfSpace] as unknown as Dependencies[];',
    ].join('\n');
    const errors = await boundaryErrors('apps/server/src/modules/coach/new-file.ts', source);
    expect(errors).toEqual([
      expect.stringMatching(/^1: .*plugins\/ build on the modules/),
      expect.stringMatching(/^2: .*plugins\/ build on the modules/),
      expect.stringMatching(/^3: .*plugins\/ build on the modules/),
    ]);
  });

  it('are declared in layers without a cycle, and a cycle is found', () => {
    expect(findCycle(serverModuleDependencies)).toBeNull();
    // access → chat → access
    const cycle = findCycle({ ...serverModuleDependencies, access: ['chat'] });
    expect(cycle?.slice(0, 2)).toEqual(['access', 'chat']);
    expect(cycle?.at(-1)).toBe('access');
  });

  it('list only the modules their files really import, so the layers read true', () => {
    const modules = path.join(root, 'apps/server/src/modules');
    const imported = (name: string) => {
      const sources = readdirSync(path.join(modules, name), { recursive: true, encoding: 'utf8' })
        .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
        .map((file) => readFileSync(path.join(modules, name, file), 'utf8'));
      const others = sources.flatMap((source) =>
        [...source.matchAll(/(?:from|import\()\s*'\.\.\/([a-z-]+)'/g)].map((m) => m[1]!),
      );
      return [...new Set(others)].filter((other) => other in serverModuleDependencies).sort();
    };
    for (const [name, declared] of Object.entries(serverModuleDependencies)) {
      expect({ name, imports: imported(name) }).toEqual({ name, imports: [...declared].sort() });
    }
  });
});

describe('server plugins', () => {
  it('import a module only through its index.ts', async () => {
    const source = [
      "import { SessionService } from '../modules/auth';",
      "import { endAccess } from '../modules/users/end-access';",
      "import type { VideoEvents } from '../modules/events/video-events';",
      'export const parts = [SessionService, endAccess] as unknown as VideoEvents[];',
    ].join('\n');
    const errors = await boundaryErrors('apps/server/src/plugins/new-plugin.ts', source);
    expect(errors).toEqual([
      expect.stringMatching(/^2: .*plugins\/ import a server module through its public surface/),
      expect.stringMatching(/^3: .*plugins\/ import a server module through its public surface/),
    ]);
  });
});

describe('server module schemas', () => {
  it("reference other modules' tables through their schema files, and import nothing else", async () => {
    const source = [
      "import { users } from '../users/users.schema';",
      "import { videos } from '../videos/videos.schema';",
      "import { requireAccess } from '../access';",
      "import { videoKeys } from '../../storage';",
      "import { findVideoAccess } from '../access/video-access';",
      'export const parts = [users, videos, requireAccess, videoKeys, findVideoAccess];',
    ].join('\n');
    const errors = await boundaryErrors('apps/server/src/modules/chat/chat.schema.ts', source);
    expect(errors).toEqual([
      expect.stringMatching(/^3: .*holds its tables only/),
      expect.stringMatching(/^4: .*holds its tables only/),
      expect.stringMatching(/^5: .*holds its tables only/),
    ]);
  });

  it('are not reached into by the rest of a module', async () => {
    const errors = await boundaryErrors(
      'apps/server/src/modules/chat/new-file.ts',
      "import { users } from '../users/users.schema';\nexport const table = users;",
    );
    expect(errors).toContainEqual(expect.stringMatching(/^1: .*through its public surface/));
  });
});
