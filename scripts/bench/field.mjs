// The field part of `npm run bench` (BENCH_ONLY=field; docs/field-bench.md): what a phone in the field
// costs. The API's peak resident memory while 20 documents of ~4 MB arrive by tus at once, straight
// from Node (no proxy), against the 150 MB budget of docs/decisions/005-documents.md; then the browser
// half (scripts/bench/field-browser.mjs): Chromium at 390 px on an emulated 750 kbit/s uplink with a
// 150 ms round trip and two cuts, today's client against the old one, and one 7 MB photo.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { root } from './common.mjs';
import { benchFieldBrowser } from './field-browser.mjs';

export const FIELD_TARGET_MB = 150;

export async function benchField(results) {
  benchFieldMemory(results);
  await benchFieldBrowser(results);
}

// Two runs of scripts/upload-memory.mjs, 20 uploads of 4 MB at once: as fast as loopback carries
// them (the worst case: far more bytes in flight than any phone sends) and paced at 750 kbit/s
// each, as twenty phones on the field bench's link would send them.
function benchFieldMemory(results) {
  const once = (extra) => {
    const r = spawnSync(
      process.execPath,
      [
        join(root, 'scripts/upload-memory.mjs'),
        ...['--files', '20', '--mb', '4', '--concurrency', '20', '--target', String(FIELD_TARGET_MB)],
        ...extra,
      ],
      { cwd: root, encoding: 'utf8' },
    );
    const json = /\{[\s\S]*\}/.exec(r.stdout ?? '');
    if (!json) {
      console.log('field (tus memory) failed:', r.stderr?.slice(-800));
      return null;
    }
    console.log(r.stdout.trim().split('\n').at(-1));
    return JSON.parse(json[0]);
  };
  results.field = { ...results.field, tusMemory: once([]), tusMemoryPhones: once(['--kbps', '750']) };
}

export function printField(results) {
  printFieldMemory(results);
  printFieldBrowser(results);
}

function printFieldMemory(results) {
  const rows = [
    ['loopback (as fast as it goes)', results.field?.tusMemory],
    ['20 phones at 750 kbit/s', results.field?.tusMemoryPhones],
  ].filter(([, m]) => m);
  if (!rows.length) return;
  console.log('\nField: 20 tus uploads of 4 MB at once, straight to the API');
  console.table(
    rows.map(([pace, m]) => ({
      pace,
      seconds: m.seconds,
      'RSS before (MB)': m.rssBeforeUploadsMb,
      'peak RSS (MB)': m.peakRssMb,
      'budget (MB)': m.targetMb,
    })),
  );
}

const mb = (bytes) => +(bytes / 1e6).toFixed(2);

function printFieldBrowser(results) {
  const b = results.field?.browser;
  if (!b?.after || !b.before) return;
  console.log(
    `\nField: ${b.photos} photos of ~4 MB from Chromium at 390 px, ${(b.link.bytesPerSecond * 8) / 1000} kbit/s up, ${b.link.rttMs} ms RTT, ${b.before.cuts} + ${b.after.cuts} cuts (before + after)`,
  );
  const row = (name, r) => ({
    client: name,
    seconds: r.seconds,
    'MB up on the wire': mb(r.wireUpBytes),
    cuts: r.cuts,
    creations: r.creations,
    PATCHes: r.patches,
    'restarted from zero': r.restartsFromZero,
    stored: r.stored,
    lost: r.lost,
    'MB stored': mb(r.storedBytes),
    'API peak RSS (MB)': r.apiPeakRssMb,
  });
  console.table([row('before (raw, one request, from zero)', b.before), row('after (shrunk, tus)', b.after)]);
  const p = b.photo;
  if (p)
    console.log(
      `One ${mb(p.rawBytes)} MB 4000 × 3000 photo ("Tirar foto", no cut): stored after ${p.seconds} s, ${p.storedKb} KB, ${p.width} × ${p.height}, EXIF ${p.exif}, GPS ${p.gps}; API peak RSS ${p.apiPeakRssMb} MB`,
    );
}

export const fieldTargets = (results) => {
  const b = results.field?.browser;
  const p = b?.photo;
  const both = b?.after && b?.before;
  return {
    [`API peak RSS < ${FIELD_TARGET_MB} MB with 20 tus uploads of 4 MB at once (loopback)`]: results.field?.tusMemory
      ? results.field.tusMemory.peakRssMb < FIELD_TARGET_MB
      : null,
    [`API peak RSS < ${FIELD_TARGET_MB} MB with 20 phones uploading 4 MB at 750 kbit/s`]: results.field?.tusMemoryPhones
      ? results.field.tusMemoryPhones.peakRssMb < FIELD_TARGET_MB
      : null,
    [`API peak RSS < ${FIELD_TARGET_MB} MB through the field runs (8 photos, 2 cuts; 7 MB photo)`]: b?.after
      ? [b.after, b.before, b.photo].every((r) => !r || (r.apiPeakRssMb ?? Infinity) < FIELD_TARGET_MB)
      : null,
    '7 MB photo at 390 px on 750 kbit/s stored in <= 20 s': p ? p.seconds !== null && p.seconds <= 20 : null,
    '7 MB photo stored at <= 800 KB': p ? p.storedKb <= 800 : null,
    '7 MB photo stored with a long edge of 1 200–2 400 px': p ? p.longEdge >= 1200 && p.longEdge <= 2400 : null,
    '7 MB photo stored without EXIF location': p ? p.gps === false : null,
    'field bench (8 photos, 2 cuts): total time <= 1/5 of the old client': both
      ? b.after.seconds <= b.before.seconds / 5
      : null,
    'field bench: 0 uploads restarted from zero': b?.after ? b.after.restartsFromZero === 0 : null,
    'field bench: 0 files lost': b?.after ? b.after.lost === 0 : null,
  };
};
