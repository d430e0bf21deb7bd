#!/usr/bin/env node
// `npm start`: builds what is missing or older than its sources, then serves API + SPA in one
// process (migrations and demo seed run at start). PORT and DATA_DIR as the README says.
// Arguments go to the server: `npm run migrate` is `start.mjs migrate` (docs/deploy.md).
import { spawnSync, spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { exitUnlessSupportedNode } from './lib/supported-node.mjs';

exitUnlessSupportedNode();

const root = fileURLToPath(new URL('..', import.meta.url));
const newest = (dir) => {
  let latest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const path = join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(path) : statSync(path).mtimeMs);
  }
  return latest;
};
const mtime = (path) => (existsSync(path) ? statSync(path).mtimeMs : 0);

const domain = newest(join(root, 'packages/domain/src'));
const targets = [
  {
    name: '@portal/web',
    output: join(root, 'apps/web/dist/index.html'),
    sources: Math.max(domain, newest(join(root, 'apps/web'))),
  },
  {
    name: '@portal/api',
    output: join(root, 'apps/api/dist/main.js'),
    sources: Math.max(domain, newest(join(root, 'apps/api/src'))),
  },
];
for (const t of targets) {
  if (mtime(t.output) >= t.sources) continue;
  console.log(`Construindo ${t.name}…`);
  const r = spawnSync('npm', ['run', 'build', '-w', t.name], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

// A small young generation keeps the process's memory flat while large uploads stream through
// (measured: 177 MB peak without, 137 MB with, for 200 MB of uploads; scripts/upload-memory.mjs).
// No --enable-source-maps: Node.js then decodes the bundle's whole source map at start (pino asks
// for its caller's file), about 12 MB held for good. Stack traces name dist/main.js; the map beside
// it turns them into source lines offline (scripts/resolve-stack.mjs --api; docs/decisions/058-api-memory.md).
const server = spawn(
  process.execPath,
  ['--max-semi-space-size=2', join(root, 'apps/api/dist/main.js'), ...process.argv.slice(2)],
  {
    cwd: root,
    stdio: 'inherit',
  },
);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
