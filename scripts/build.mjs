#!/usr/bin/env node
// Builds what `npm start` runs, each part only when its sources changed since its last build:
// the web app (Vite, into apps/web/dist) and the server (esbuild, into apps/server/dist: plain
// JavaScript, so neither the server nor its vision worker threads compile TypeScript at run time).
// Usage: node scripts/build.mjs [web|server ...] [--force]
import { createHash } from 'node:crypto';
import { cp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { spawn } from 'node:child_process';

const root = fileURLToPath(new URL('..', import.meta.url));
const STAMP = '.build-stamp';
const SKIPPED = new Set(['node_modules', 'dist', 'test-results', 'playwright-report']);

const targets = {
  web: {
    out: 'apps/web/dist',
    inputs: ['apps/web', 'packages/contract/src', 'package-lock.json'],
    build: () => run('npm', ['run', 'build', '-w', '@filmroom/web']),
  },
  server: {
    out: 'apps/server/dist',
    inputs: [
      'apps/server/src',
      'apps/server/package.json',
      'packages/contract/src',
      'packages/coach/src',
      'packages/vision/src',
      'packages/speech/src',
      'packages/child-process/src',
      'packages/media/src',
      'package-lock.json',
      'scripts/build.mjs',
    ],
    build: buildServer,
  },
};

/** Tests and test helpers never ship. */
const isSource = (file) =>
  !/\.(test|spec)\.[cm]?[jt]sx?$/.test(file) && !file.includes('/testing/');

async function filesUnder(relative) {
  const full = path.join(root, relative);
  const info = await stat(full).catch(() => undefined);
  if (!info) return [];
  if (info.isFile()) return [relative];
  const found = [];
  for (const entry of await readdir(full, { withFileTypes: true })) {
    if (SKIPPED.has(entry.name)) continue;
    found.push(...(await filesUnder(path.join(relative, entry.name))));
  }
  return found;
}

/** A fingerprint of the inputs: every file's path, size and modification time. */
async function fingerprint(inputs) {
  const hash = createHash('sha256');
  for (const input of inputs) {
    for (const file of (await filesUnder(input)).filter(isSource).sort()) {
      const info = await stat(path.join(root, file));
      hash.update(`${file}\0${info.size}\0${info.mtimeMs}\n`);
    }
  }
  return hash.digest('hex');
}

function run(command, args) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: root, stdio: 'inherit' });
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0
        ? resolve()
        : reject(new Error(`${command} ${args.join(' ')} exited with ${code}`)),
    );
  });
}

/**
 * Plain-JavaScript packages of many small modules, bundled in: loaded from node_modules they
 * cost the server tens of MiB and hundreds of milliseconds at every start, nearly all of it for
 * code it never runs (drizzle's other dialects). zod goes with everything that hands it schemas,
 * so there is one zod and one registry of schema descriptions.
 */
const BUNDLED = ['drizzle-orm', 'zod', 'fastify-type-provider-zod'];
const isBundled = (specifier) =>
  specifier.startsWith('@filmroom/') ||
  BUNDLED.some((name) => specifier === name || specifier.startsWith(`${name}/`));

/**
 * Our workspace packages ship TypeScript sources and are bundled in, with the few above;
 * everything else from npm stays an import, loaded from node_modules as it is (native addons,
 * WASM, model files).
 */
const npmPackagesStayExternal = {
  name: 'npm-packages-external',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) =>
      isBundled(args.path) ? undefined : { path: args.path, external: true },
    );
  },
};

async function buildServer() {
  const { build } = await import('esbuild');
  const out = path.join(root, targets.server.out);
  await rm(out, { recursive: true, force: true });
  await build({
    absWorkingDir: root,
    entryPoints: {
      main: 'apps/server/src/main.ts',
      doctor: 'apps/server/src/doctor.ts',
      // Started by the vision package's worker pool from the folder its own code runs in.
      'inference-worker': 'packages/vision/src/inference-worker.ts',
    },
    outdir: out,
    bundle: true,
    // Code behind import() (the S3 store and its AWS SDK) stays in chunks of its own, loaded only
    // when used. Chunks sit beside the entries: code that finds files from import.meta.url (the
    // migrations, the repository root, the inference worker) must see the same folder anywhere.
    splitting: true,
    chunkNames: '[name]-[hash]',
    platform: 'node',
    format: 'esm',
    target: 'node22',
    sourcemap: true,
    logLevel: 'warning',
    plugins: [npmPackagesStayExternal],
  });
  await keepSourcesLatin1(out);
  // The migrator reads the SQL files beside the code that runs it.
  await cp(path.join(root, 'apps/server/src/db/migrations'), path.join(out, 'migrations'), {
    recursive: true,
  });
}

/**
 * V8 holds a script's source for as long as the script lives: as Latin-1 when every character
 * fits, as UTF-16 otherwise, so one "—" in a comment doubles the memory of a whole chunk (about
 * 1.6 MiB of an idle server's heap, issue 33). esbuild escapes such characters in strings but
 * not in the comments it keeps nor in regular expressions; here they become `\uXXXX`, which
 * means the same in both. A raw template literal keeps them, as its text would change: write
 * `\uXXXX` there in the source.
 */
async function keepSourcesLatin1(folder) {
  const { tokenizer } = await import('acorn');
  const beyondLatin1 = /[\u0100-\uffff]/;
  const escaped = (text) =>
    text.replace(
      new RegExp(beyondLatin1, 'g'),
      (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
    );
  for (const file of (await readdir(folder)).filter((name) => name.endsWith('.js'))) {
    const full = path.join(folder, file);
    const text = await readFile(full, 'utf8');
    if (!beyondLatin1.test(text)) continue;
    const spans = [];
    const tokens = tokenizer(text, {
      ecmaVersion: 'latest',
      sourceType: 'module',
      onComment: (_block, _text, start, end) => spans.push([start, end]),
    });
    for (const token of tokens) {
      if (token.type.label === 'regexp') spans.push([token.start, token.end]);
    }
    let rewritten = '';
    let at = 0;
    for (const [start, end] of spans.sort((a, b) => a[0] - b[0])) {
      rewritten += text.slice(at, start) + escaped(text.slice(start, end));
      at = end;
    }
    rewritten += text.slice(at);
    if (beyondLatin1.test(rewritten)) {
      console.warn(`${file}: a character past Latin-1 in a raw template doubles its memory`);
    }
    await writeFile(full, rewritten);
  }
}

const force = process.argv.includes('--force');
const asked = process.argv.slice(2).filter((a) => !a.startsWith('--'));
for (const name of asked.length ? asked : Object.keys(targets)) {
  const target = targets[name];
  if (!target) throw new Error(`unknown build target: ${name}`);
  const stampFile = path.join(root, target.out, STAMP);
  const before = await fingerprint(target.inputs);
  const built = await readFile(stampFile, 'utf8').catch(() => '');
  if (!force && built === before) {
    console.error(`${name}: up to date`);
    continue;
  }
  const started = performance.now();
  await target.build();
  await writeFile(stampFile, before);
  console.error(`${name}: built in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}
