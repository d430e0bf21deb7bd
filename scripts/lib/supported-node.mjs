// The Node.js versions the portal runs on are the root package.json's `engines.node` (`>=N`). On an
// older Node the SQLite driver (better-sqlite3 13, a Node-API 10 addon) crashes the process with a
// segmentation fault at its first query: `npm start` and `npm test` stop first with a sentence instead.
import { readFileSync } from 'node:fs';

const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'));
const range = pkg.engines.node;
const minimum = /^>=\s*(\d+)$/.exec(range);
if (!minimum) throw new Error(`engines.node must read ">=N" (got "${range}")`);

export function exitUnlessSupportedNode() {
  const major = Number(process.versions.node.split('.')[0]);
  if (major >= Number(minimum[1])) return;
  console.error(
    `Node.js ${process.versions.node} is not supported: the portal needs Node.js ${range} (package.json engines). ` +
      'Install Node.js 24 LTS (README.md, "Quick start").',
  );
  process.exit(1);
}
