// The browser half of the field bench (docs/field-bench.md): Chromium at 390 px sends phone photos
// through scripts/bench/field-link.mjs, a TCP proxy that is a 750 kbit/s uplink with a 150 ms round
// trip and cuts every connection on demand. Three runs, each on a fresh API (fresh data folder, so a
// fresh demo buyer and proposal):
//
// - after: the app as it is — 8 photos of ~4 MB picked at once for one checklist item; the page
//   shrinks them and sends them by tus (resumable); the link is cut twice during PATCHes.
// - before: the old client emulated in the same page — each raw photo (no shrinking) sent whole, all
//   at once, and after a cut the file again from zero (a new tus creation, then the whole file in one
//   PATCH: the same bytes the old one-request upload carried). The same two cuts at the same points.
// - photo: one 7 MB 4000 × 3000 photo picked with "Tirar foto", no cut: seconds until stored, the
//   stored file's size, long edge and metadata.
// FIELD_PHOTOS=<n> sends n photos instead of 8, FIELD_RUNS=after,photo runs only those (quick trials).
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { tsImport } from 'tsx/esm/api';
import { CHROMIUM_ARGS, freePort, prepareBuyer, signInDemo, sleep, startApi, stop } from './common.mjs';
import { startFieldLink } from './field-link.mjs';

export const LINK = { bytesPerSecond: 750_000 / 8, rttMs: 150 };
const PHONE = { width: 390, height: 844 };
const PHOTOS = Number(process.env.FIELD_PHOTOS ?? 8);
/** FIELD_RUNS=after,photo: some of the three runs (a quick trial). */
const RUNS = new Set((process.env.FIELD_RUNS ?? 'after,before,photo').split(','));
/** Where each cut falls: halfway through the body of the first PATCH that starts after it is armed. */
const CUTS = [0.5, 0.5];
/** How long the link stays down after a cut (new connections refused). */
const DOWN_MS = 2_000;
const ITEM = { key: 'income_tax_buyer1', title: 'Declaração de Imposto de Renda — comprador principal' };
const PHOTO_ITEM = { key: 'proof_of_address_buyer1', title: 'Comprovante de residência — comprador principal' };
const PATCH_LINE = 'PATCH /api/v3/uploads/';

/**
 * A 12 MP phone photo (4000 × 3000) of a page: sensor noise of `noise` levels and a few lines of
 * text, as JPEG at `quality`; about 4.4 MB at (40, 0.89), 7 MB at (56, 0.96). `seed` makes each
 * photo different (the upload's fingerprint is its content).
 */
function photoInPage({ seed, noise, quality }) {
  const c = document.createElement('canvas');
  c.width = 4000;
  c.height = 3000;
  const g = c.getContext('2d');
  const img = g.createImageData(4000, 3000);
  let s = seed;
  for (let i = 0; i < img.data.length; i += 4) {
    s = (s * 1103515245 + 12345) & 0x7fffffff;
    const v = 255 - noise + (s % noise);
    img.data[i] = v;
    img.data[i + 1] = v - 4;
    img.data[i + 2] = v - 12;
    img.data[i + 3] = 255;
  }
  g.putImageData(img, 0, 0);
  g.fillStyle = '#111';
  g.font = '67px sans-serif';
  ['DECLARAÇÃO DE AJUSTE ANUAL', `Recibo ${seed}`, 'CPF 529.982.247-25'].forEach((line, i) =>
    g.fillText(line, 300, 600 + i * 120),
  );
  return c.toDataURL('image/jpeg', quality).split(',')[1];
}

/** Notes every tus request the page makes (method, URL, Upload-Offset, file name, body bytes, answer). */
function recordTusInPage() {
  const sent = [];
  window.benchTus = sent;
  const open = XMLHttpRequest.prototype.open;
  const setHeader = XMLHttpRequest.prototype.setRequestHeader;
  const send = XMLHttpRequest.prototype.send;
  const notes = new WeakMap();
  XMLHttpRequest.prototype.open = function (method, url, ...rest) {
    notes.set(this, { method, url: String(url), offset: null, filename: null, bytes: 0, status: null });
    return open.call(this, method, url, ...rest);
  };
  XMLHttpRequest.prototype.setRequestHeader = function (name, value) {
    const note = notes.get(this);
    if (note && name.toLowerCase() === 'upload-offset') note.offset = Number(value);
    const filename = /(?:^|,)filename ([^,]*)/.exec(value);
    if (note && name.toLowerCase() === 'upload-metadata' && filename)
      note.filename = new TextDecoder().decode(Uint8Array.from(atob(filename[1]), (ch) => ch.charCodeAt(0)));
    return setHeader.call(this, name, value);
  };
  XMLHttpRequest.prototype.send = function (body) {
    const note = notes.get(this);
    if (note?.url.includes('/api/v3/uploads')) {
      note.bytes = body instanceof Blob ? body.size : 0;
      note.location = null;
      this.addEventListener('loadend', () => {
        note.status = this.status;
        note.location = this.getResponseHeader('Location');
      });
      sent.push(note);
    }
    return send.call(this, body);
  };
}

/**
 * The old client (before docs/decisions/052 and 053): every picked file as it is, all at once, each
 * in one request; a cut loses it and it goes again from zero, as a new upload, once the person
 * taps "send" again (here 3 s after the failure). Gives up on a file after 20 tries (lost).
 */
async function oldClientInPage({ proposalId, item }) {
  const files = [...document.getElementById('bench-old-client').files];
  const log = { creations: 0, patches: 0, restartsFromZero: 0, lost: 0 };
  const b64 = (s) => btoa(String.fromCharCode(...new TextEncoder().encode(s)));
  const wait = (ms) => new Promise((r) => setTimeout(r, ms));
  const request = (method, url, headers, body = null) =>
    new Promise((resolve) => {
      const x = new XMLHttpRequest();
      x.open(method, url);
      for (const [k, v] of Object.entries(headers)) x.setRequestHeader(k, v);
      x.onload = () => resolve({ status: x.status, location: x.getResponseHeader('Location') });
      x.onerror = () => resolve({ status: 0 });
      x.send(body);
    });
  const sendOne = async (file) => {
    for (let tries = 0; tries < 20; tries++) {
      const created = await request('POST', '/api/v3/uploads', {
        'Tus-Resumable': '1.0.0',
        'Upload-Length': String(file.size),
        'Upload-Metadata': [
          `proposal ${b64(proposalId)}`,
          `item ${b64(item)}`,
          `filename ${b64(file.name)}`,
          `filetype ${b64(file.type)}`,
        ].join(','),
      });
      if (created.status !== 201) {
        await wait(3_000);
        continue;
      }
      log.creations++;
      log.patches++;
      const patched = await request(
        'PATCH',
        created.location,
        { 'Tus-Resumable': '1.0.0', 'Upload-Offset': '0', 'Content-Type': 'application/offset+octet-stream' },
        file,
      );
      if (patched.status === 204) return;
      // The bytes already sent are lost: the next try sends the whole file again.
      log.restartsFromZero++;
      await wait(3_000);
    }
    log.lost++;
  };
  await Promise.all(files.map(sendOne));
  return log;
}

export async function benchFieldBrowser(results) {
  const { chromium } = await import('playwright-core');
  const { readJpegFacts } = await tsImport('../../packages/domain/src/jpeg-metadata.ts', import.meta.url);
  const { exifOrientationGpsSegment, withSegment } = await tsImport(
    '../../packages/domain/src/jpeg-metadata.fixture.ts',
    import.meta.url,
  );
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
  const photoDir = mkdtempSync(join(tmpdir(), 'portal-field-photos-'));
  const out = { link: { ...LINK, downMsAfterCut: DOWN_MS, cutFractions: CUTS }, photos: PHOTOS };
  try {
    // The photos, as a phone camera writes them: EXIF with the orientation and a GPS position. They
    // are files on disk, picked by path (as the phone's file picker hands them over).
    const maker = await browser.newPage();
    const exif = exifOrientationGpsSegment(1);
    const photo = async (name, options) => {
      const buffer = Buffer.from(withSegment(Buffer.from(await maker.evaluate(photoInPage, options), 'base64'), exif));
      const path = join(photoDir, name);
      writeFileSync(path, buffer);
      return { path, buffer };
    };
    const photos = [];
    for (let i = 1; i <= PHOTOS; i++)
      photos.push(await photo(`IMG_20${i}.jpg`, { seed: 1000 + i, noise: 40, quality: 0.89 }));
    const big = await photo('IMG_7MB.jpg', { seed: 77, noise: 56, quality: 0.96 });
    await maker.close();
    const facts = readJpegFacts(big.buffer);
    out.rawPhotoBytes = photos.map((p) => p.buffer.length);
    console.log(
      `field: ${PHOTOS} photos of ${photos.map((p) => (p.buffer.length / 1e6).toFixed(2)).join(' ')} MB; one of ${(big.buffer.length / 1e6).toFixed(2)} MB (${facts.width} × ${facts.height}, GPS ${facts.gps})`,
    );

    if (RUNS.has('after')) {
      out.after = await run(browser, (session) => afterRun(session, photos));
      console.log(`field after: ${JSON.stringify(out.after)}`);
    }
    if (RUNS.has('before')) {
      out.before = await run(browser, (session) => beforeRun(session, photos));
      console.log(`field before: ${JSON.stringify(out.before)}`);
    }
    if (RUNS.has('photo')) {
      out.photo = await run(browser, (session) => photoRun(session, big, readJpegFacts));
      console.log(`field 7 MB photo: ${JSON.stringify(out.photo)}`);
    }
  } finally {
    await browser.close();
    rmSync(photoDir, { recursive: true, force: true });
  }
  results.field = { ...results.field, browser: out };
}

/** A fresh API, the link in front of it, and a 390 px page of the demo buyer on the documents screen. */
async function run(browser, body) {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-field-'));
  // Started with the flags `npm start` uses (scripts/start.mjs), so its memory is the deployed one.
  const server = await startApi({ databaseUrl: '', dataDir, port, nodeArgs: ['--max-semi-space-size=2'] });
  const direct = `http://127.0.0.1:${port}`;
  const link = await startFieldLink(new URL(direct), LINK);
  const context = await browser.newContext({ viewport: PHONE, baseURL: link.url });
  try {
    const page = await context.newPage();
    await page.addInitScript(recordTusInPage);
    await signInDemo(page, '/buyer/login', 'comprador@demo.com.br', '/buyer/select-proposal');
    await prepareBuyer(page);
    const proposalId = await page.evaluate(() => localStorage.getItem('portal:proposal'));
    await page.goto('/buyer/documents/upload');
    await page.getByRole('heading', { name: 'Envio de documentos' }).waitFor();
    // The stored files, asked of the API directly (not through the link: polling costs no wire bytes).
    const stored = async (item) => {
      const res = await page.request.get(`${direct}/api/v3/proposals/${proposalId}/documents`);
      const list = (await res.json()).data.items;
      return list.find((i) => i.key === item)?.files ?? [];
    };
    const content = async (fileId) =>
      (await page.request.get(`${direct}/api/v3/proposals/${proposalId}/documents/files/${fileId}/content`)).body();
    const result = await body({ page, link, proposalId, stored, content });
    // The API's peak resident memory over the whole run (VmHWM: start-up, login and the uploads).
    const hwm = /^VmHWM:\s+(\d+) kB/m.exec(readFileSync(`/proc/${server.pid}/status`, 'utf8'));
    return { ...result, apiPeakRssMb: hwm ? Number((Number(hwm[1]) / 1024).toFixed(1)) : null };
  } finally {
    await context.close();
    await link.close();
    await stop(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The two cuts, one after the other: each halfway through the next PATCH body that starts. */
function cutTwice(link) {
  const cuts = [];
  let stopped = false;
  const done = (async () => {
    for (const fraction of CUTS) {
      const cut = await link.armCut(PATCH_LINE, fraction, DOWN_MS);
      if (stopped) return;
      cuts.push(cut);
      await sleep(DOWN_MS);
    }
  })();
  return {
    cuts,
    done,
    stop() {
      stopped = true;
      link.disarm();
    },
  };
}

/** Waits until `count` files are stored in the item, or nothing new for `idleMs`; the stored files. */
async function untilStored(stored, item, count, { idleMs = 180_000, isBusy = async () => false } = {}) {
  let last = -1;
  let lastChange = Date.now();
  for (;;) {
    const files = await stored(item);
    if (files.length >= count) return files;
    if (files.length !== last || (await isBusy())) {
      last = files.length;
      lastChange = Date.now();
    }
    if (Date.now() - lastChange > idleMs) return files;
    await sleep(250);
  }
}

async function afterRun({ page, link, stored }, photos) {
  const cutter = cutTwice(link);
  const upBefore = link.up;
  const downBefore = link.down;
  const started = Date.now();
  await page.getByLabel(`Escolher arquivos para ${ITEM.title}`).setInputFiles(
    photos.map((p) => p.path),
    { timeout: 120_000 },
  );
  const files = await untilStored(stored, ITEM.key, photos.length);
  const seconds = (Date.now() - started) / 1000;
  cutter.stop();
  const tus = await page.evaluate(() => window.benchTus);
  const creations = tus.filter((r) => r.method === 'POST');
  // A new upload for a file after bytes of an earlier upload of it had reached the server. (A
  // creation whose answer a cut lost is made again without any loss: that upload had no byte.)
  const uploadsOf = new Map();
  for (const c of creations) {
    const id = c.location ? new URL(c.location, link.url).pathname.split('/').pop() : null;
    uploadsOf.set(c.filename, [...(uploadsOf.get(c.filename) ?? []), id]);
  }
  let newUploadsAfterBytes = 0;
  for (const ids of uploadsOf.values()) {
    let hadBytes = false;
    for (const id of ids) {
      if (hadBytes) newUploadsAfterBytes++;
      if (id && link.delivered(id) > 0) hadBytes = true;
    }
  }
  const patches = tus.filter((r) => r.method === 'PATCH');
  const seen = new Set();
  let zeroAgain = 0;
  for (const p of patches) {
    if (p.offset === 0 && seen.has(p.url)) zeroAgain++;
    seen.add(p.url);
  }
  return {
    seconds: +seconds.toFixed(1),
    wireUpBytes: link.up - upBefore,
    wireDownBytes: link.down - downBefore,
    cuts: cutter.cuts.length,
    cutAtSeconds: cutter.cuts.map((c) => +((c.at - started) / 1000).toFixed(1)),
    creations: creations.length,
    creationsAnswered: creations.filter((c) => c.location).length,
    patches: patches.length,
    heads: tus.filter((r) => r.method === 'HEAD').length,
    // A new upload for a file that had bytes on the server, or a PATCH from 0 of an upload that had.
    restartsFromZero: newUploadsAfterBytes + link.restartsFromZero.length,
    // PATCHes from 0 of an upload that had sent one before (the server had none of its bytes, or a restart).
    patchesFromZeroAgain: zeroAgain,
    restartsFromZeroSeenByTheLink: link.restartsFromZero,
    stored: files.length,
    lost: photos.length - files.length,
    storedBytes: files.reduce((n, f) => n + f.size, 0),
    storedKbEach: files.map((f) => Math.round(f.size / 1024)),
  };
}

async function beforeRun({ page, link, proposalId, stored }, photos) {
  await page.evaluate(() => {
    const input = document.createElement('input');
    input.type = 'file';
    input.multiple = true;
    input.id = 'bench-old-client';
    input.hidden = true;
    document.body.append(input);
  });
  await page.locator('#bench-old-client').setInputFiles(
    photos.map((p) => p.path),
    { timeout: 120_000 },
  );
  const cutter = cutTwice(link);
  const upBefore = link.up;
  const downBefore = link.down;
  const started = Date.now();
  const log = await page.evaluate(oldClientInPage, { proposalId, item: ITEM.key });
  const files = await untilStored(stored, ITEM.key, photos.length, { idleMs: 5_000 });
  const seconds = (Date.now() - started) / 1000;
  cutter.stop();
  return {
    seconds: +seconds.toFixed(1),
    wireUpBytes: link.up - upBefore,
    wireDownBytes: link.down - downBefore,
    cuts: cutter.cuts.length,
    cutAtSeconds: cutter.cuts.map((c) => +((c.at - started) / 1000).toFixed(1)),
    creations: log.creations,
    patches: log.patches,
    restartsFromZero: log.restartsFromZero,
    stored: files.length,
    lost: photos.length - files.length,
    storedBytes: files.reduce((n, f) => n + f.size, 0),
  };
}

async function photoRun({ page, link, stored, content }, big, readJpegFacts) {
  const upBefore = link.up;
  const started = Date.now();
  await page.getByLabel(`Tirar foto para ${PHOTO_ITEM.title}`).setInputFiles(big.path, { timeout: 120_000 });
  const [file] = await untilStored(stored, PHOTO_ITEM.key, 1, { idleMs: 120_000 });
  const seconds = (Date.now() - started) / 1000;
  if (!file) return { seconds: null, rawBytes: big.buffer.length, stored: 0 };
  const bytes = await content(file.id);
  const facts = readJpegFacts(bytes);
  return {
    seconds: +seconds.toFixed(1),
    rawBytes: big.buffer.length,
    wireUpBytes: link.up - upBefore,
    storedBytes: bytes.length,
    storedKb: +(bytes.length / 1024).toFixed(1),
    width: facts?.width ?? null,
    height: facts?.height ?? null,
    longEdge: facts ? Math.max(facts.width, facts.height) : null,
    exif: facts?.exif ?? null,
    gps: facts?.gps ?? null,
  };
}
