// Type-checks every workspace (tsc -p each; the projects do not emit).
import { spawnSync } from 'node:child_process';
const projects = ['packages/domain', 'apps/api', 'apps/web', 'e2e'];
let failed = false;
for (const p of projects) {
  const r = spawnSync('npx', ['tsc', '-p', `${p}/tsconfig.json`], { stdio: 'inherit' });
  if (r.status !== 0) failed = true;
}
process.exit(failed ? 1 : 0);
