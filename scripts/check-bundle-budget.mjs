#!/usr/bin/env node
// Fails when the JavaScript a first visit downloads before the app can draw anything grows past
// the budget. That is everything apps/web/dist/index.html loads eagerly (its module scripts and
// modulepreloads) plus whatever those statically import; chunks behind import() load on demand
// and are not counted. Usage: node scripts/check-bundle-budget.mjs [dist dir]
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const BUDGET_GZIP_BYTES = 250 * 1024;

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const distDir = path.resolve(process.argv[2] ?? path.join(repoRoot, 'apps/web/dist'));

/** The value of `name` in one HTML start tag, or undefined. */
function attribute(tag, name) {
  return new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i')
    .exec(tag)
    ?.slice(1)
    .find((value) => value !== undefined);
}

/** The files index.html asks for before the app runs: module scripts and modulepreloads. */
function eagerScripts(html) {
  const files = [];
  for (const [tag] of html.matchAll(/<script\b[^>]*>/gi)) {
    const src = attribute(tag, 'src');
    if (src && !/\snomodule\b/i.test(tag)) files.push(src);
  }
  for (const [tag] of html.matchAll(/<link\b[^>]*>/gi)) {
    const href = attribute(tag, 'href');
    if (href && attribute(tag, 'rel')?.toLowerCase() === 'modulepreload') files.push(href);
  }
  return files;
}

/**
 * The chunks a chunk imports statically (`import{a}from"./x.js"`, `import"./y.js"`). A dynamic
 * `import("./z.js")` has a parenthesis after `import`, so it never matches.
 */
function staticImports(code) {
  const pattern = /\bimport\s*(?:[\w$*{}\s,]+?\s*from\s*)?["'](\.{1,2}\/[^"']+\.js)["']/g;
  return [...code.matchAll(pattern)].map((match) => match[1]);
}

function toDistPath(url, fromFile) {
  const clean = url.split(/[?#]/)[0];
  if (/^[a-z]+:\/\//i.test(clean)) throw new Error(`an eager script from another origin: ${url}`);
  return clean.startsWith('/')
    ? path.join(distDir, clean)
    : path.resolve(path.dirname(fromFile), clean);
}

function initialChunks() {
  const indexFile = path.join(distDir, 'index.html');
  let html;
  try {
    html = readFileSync(indexFile, 'utf8');
  } catch {
    throw new Error(`${indexFile} is missing: build the web app first (npm run build)`);
  }
  const queue = eagerScripts(html).map((url) => toDistPath(url, indexFile));
  const seen = new Map();
  while (queue.length > 0) {
    const file = queue.shift();
    if (seen.has(file)) continue;
    const code = readFileSync(file);
    seen.set(file, code);
    for (const url of staticImports(code.toString('utf8'))) queue.push(toDistPath(url, file));
  }
  return seen;
}

function kilobytes(bytes) {
  return `${(bytes / 1024).toFixed(1)} KB`;
}

function main() {
  const chunks = [...initialChunks()].map(([file, code]) => ({
    name: path.relative(distDir, file),
    raw: code.length,
    gzip: gzipSync(code).length,
  }));
  if (chunks.length === 0) throw new Error(`no eager scripts found in ${distDir}/index.html`);
  chunks.sort((a, b) => b.gzip - a.gzip);
  const total = chunks.reduce((sum, chunk) => sum + chunk.gzip, 0);
  const width = Math.max(...chunks.map((chunk) => chunk.name.length));
  console.log('Initial JavaScript (loaded before the app can draw):');
  for (const chunk of chunks) {
    console.log(
      `  ${chunk.name.padEnd(width)}  ${kilobytes(chunk.raw).padStart(9)}  ${kilobytes(chunk.gzip).padStart(9)} gzip`,
    );
  }
  const verdict = `${kilobytes(total)} gzip of a ${kilobytes(BUDGET_GZIP_BYTES)} budget`;
  if (total > BUDGET_GZIP_BYTES) {
    console.error(
      `Bundle budget exceeded: ${verdict}. Load the new weight on demand (React.lazy or import()) ` +
        'instead of from the entry, or cut it.',
    );
    process.exit(1);
  }
  console.log(`Bundle budget met: ${verdict}.`);
}

try {
  main();
} catch (error) {
  console.error(`Bundle budget check failed: ${error.message}`);
  process.exit(1);
}
