#!/usr/bin/env node
// Reads a front-end stack trace (the monitoring's error view, a browser console, an RUM event) and
// prints it with each bundle position mapped to its source file, line and column, through the
// source maps the web build writes beside its assets. The server never serves those maps
// (docs/decisions/044-response-headers.md): they are read here, from the build that was deployed.
//
//   node scripts/resolve-stack.mjs [--maps apps/web/dist/assets] < stack.txt
//   pbpaste | node scripts/resolve-stack.mjs --maps /path/to/release/apps/web/dist/assets
//
// A frame is anything like `…/assets/index-Bx3k9.js:1:23456`; lines without one are printed as
// they are. The maps must come from the same build as the page that failed (the file names carry
// its content hash, so a map of another build is simply not found).
//
//   node scripts/resolve-stack.mjs --api [--maps apps/api/dist] < api-stack.txt
//
// --api reads a stack from the API's log instead: the server runs without --enable-source-maps
// (docs/decisions/058-api-memory.md), so its frames name the bundle (`…/apps/api/dist/main.js:812:11`),
// and the map the API build wrote beside it must be the deployed build's too.
import { existsSync, readFileSync } from 'node:fs';
import { SourceMap } from 'node:module';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const at = process.argv.indexOf('--maps');
const api = process.argv.includes('--api');
const mapsDir = resolve(at > 0 ? process.argv[at + 1] : join(root, api ? 'apps/api/dist' : 'apps/web/dist/assets'));
const FRAME = api
  ? /(?:[a-z]+:\/\/[^\s()]*?)?\/?dist\/([\w.-]+\.js):(\d+):(\d+)/g
  : /(?:[a-z]+:\/\/[^\s()]*?)?\/?assets\/([\w.-]+\.js):(\d+):(\d+)/g;

const maps = new Map();
function mapOf(file) {
  if (!maps.has(file)) {
    const path = join(mapsDir, `${file}.map`);
    maps.set(file, existsSync(path) ? new SourceMap(JSON.parse(readFileSync(path, 'utf8'))) : null);
  }
  return maps.get(file);
}

/** "src/…:line:col (name)" for a 1-based bundle position, or null when no map knows it. */
function original(file, line, column) {
  const entry = mapOf(file)?.findEntry(line - 1, column - 1);
  if (!entry || entry.originalSource === undefined) return null;
  // Vite writes sources relative to the map ("../../src/…"): shown relative to where it runs.
  const source = relative(process.cwd(), resolve(mapsDir, entry.originalSource));
  const name = entry.name ? ` (${entry.name})` : '';
  return `${source}:${entry.originalLine + 1}:${entry.originalColumn + 1}${name}`;
}

let missing = 0;
const input = readFileSync(0, 'utf8');
for (const line of input.split('\n')) {
  const found = [...line.matchAll(FRAME)].map(([, file, l, c]) => {
    const where = original(file, Number(l), Number(c));
    if (!where) missing++;
    return where ?? `${file}:${l}:${c} (no map in ${mapsDir})`;
  });
  console.log(found.length ? `${line}\n    → ${found.join('\n    → ')}` : line);
}
if (missing) process.exitCode = 1;
