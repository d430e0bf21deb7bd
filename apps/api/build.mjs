// Bundles the API and the domain package into one ESM file; npm dependencies stay external.
import { build } from 'esbuild';
import { readFileSync } from 'node:fs';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
await build({
  entryPoints: [new URL('./src/main.ts', import.meta.url).pathname],
  // OUTFILE lets the e2e suite build a private copy (it must stay inside the repo to find node_modules).
  outfile: process.env.OUTFILE ?? new URL('./dist/main.js', import.meta.url).pathname,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node24',
  sourcemap: true,
  // The workspace's own packages are TypeScript sources: bundled, never left as imports.
  external: Object.keys(pkg.dependencies ?? {}).filter((name) => !name.startsWith('@portal/')),
  logLevel: 'warning',
});
