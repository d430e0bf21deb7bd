// The field part of `npm run bench` (BENCH_ONLY=field; docs/field-bench.md): what a phone in the field
// costs the API. Measured here: the API's peak resident memory while 20 documents of ~4 MB arrive by
// tus at once, straight from Node (no proxy), against the 150 MB budget of docs/decisions/005-documents.md.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { root } from './common.mjs';

export const FIELD_TARGET_MB = 150;

export function benchField(results) {
  const r = spawnSync(
    process.execPath,
    [
      join(root, 'scripts/upload-memory.mjs'),
      '--tus',
      ...['--files', '20', '--mb', '4', '--concurrency', '20', '--target', String(FIELD_TARGET_MB)],
    ],
    { cwd: root, encoding: 'utf8' },
  );
  const json = /\{[\s\S]*\}/.exec(r.stdout ?? '');
  if (!json) {
    console.log('field (tus memory) failed:', r.stderr?.slice(-800));
    return;
  }
  results.field = { tusMemory: JSON.parse(json[0]) };
  console.log(r.stdout.trim().split('\n').at(-1));
}

export function printField(results) {
  const m = results.field?.tusMemory;
  if (!m) return;
  console.log('\nField: 20 tus uploads at once, straight to the API');
  console.table([
    {
      uploads: m.uploads,
      'MB each': m.fileMb,
      concurrency: m.concurrency,
      seconds: m.seconds,
      'RSS before (MB)': m.rssBeforeUploadsMb,
      'peak RSS (MB)': m.peakRssMb,
      'budget (MB)': m.targetMb,
    },
  ]);
}

export const fieldTargets = (results) => ({
  [`API peak RSS < ${FIELD_TARGET_MB} MB with 20 tus uploads of 4 MB at once`]: results.field?.tusMemory
    ? results.field.tusMemory.peakRssMb < FIELD_TARGET_MB
    : null,
});
