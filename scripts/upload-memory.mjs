#!/usr/bin/env node
// Upload memory benchmark (docs/decisions/005-documents.md): builds the API, starts it on a fresh SQLite data folder,
// streams 200 MB of uploads (10 × 20 MB by default) through the real HTTP routes and reports the
// API process's peak resident memory (VmHWM from /proc). Target: under 150 MB.
//
//   node scripts/upload-memory.mjs [--files 10] [--mb 20] [--concurrency 1] [--s3] [--kbps 0] [--target 150]
//                                  [--node-flags "--max-semi-space-size=2"]
//
// Each file goes by tus 1.0, the only way the API takes one (creation POST, then one PATCH with the
// whole body; docs/decisions/053-resumable-uploads.md, docs/field-bench.md). --tus, which chose it
// when a multipart route existed too, is still accepted and changes nothing.
//
// The API runs as `npm start` runs it (node --max-semi-space-size=2 dist/main.js); --node-flags replaces those flags.
// V8 grows its young generation under a fast loopback upload (~20 MB of the peak); a deployment
// that caps it (--max-semi-space-size) trades a little CPU for that memory.
//
// --s3 runs the same uploads against the S3 driver, with an s3rver started by this script (its
// memory is this process's, not the API's). Exits 1 when the peak is over the target.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { freePort } from './lib/free-port.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const args = process.argv.slice(2);
const opt = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] !== undefined ? Number(args[i + 1]) : fallback;
};
const FILES = opt('files', 10);
const MB = opt('mb', 20);
const CONCURRENCY = opt('concurrency', 1);
// --kbps N: each upload leaves at most N kbit/s, as from a phone on a mobile link (0: as fast as
// loopback goes). With --concurrency 20 --kbps 750 this is twenty phones sending at once.
const KBPS = opt('kbps', 0);
const TARGET_MB = opt('target', 150);
const USE_S3 = args.includes('--s3');
const NODE_FLAGS = (() => {
  const i = args.indexOf('--node-flags');
  // Default: the flags `npm start` runs the API with (scripts/start.mjs).
  return i >= 0 && args[i + 1] !== undefined ? args[i + 1].split(/\s+/).filter(Boolean) : ['--max-semi-space-size=2'];
})();
// Just under the per-file limit (UPLOAD_MAX_MB, 20 MB by default).
const FILE_BYTES = Math.floor(MB * 1024 * 1024) - 4096;

const status = (pid) => readFileSync(`/proc/${pid}/status`, 'utf8');
const kb = (text, field) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(text)?.[1] ?? NaN);
const mb = (kib) => (kib / 1024).toFixed(1);

/** A PDF of exactly `size` bytes, generated as it streams (this script holds no file in memory either). */
function pdfStream(size) {
  const head = Buffer.from('%PDF-1.4\n%');
  const obj = '\n1 0 obj\n<< /Type /Catalog >>\nendobj\n';
  // Offsets written with a fixed width, so the trailer's length does not depend on them.
  const trailer = (objAt, xrefAt) => {
    const o = String(objAt).padStart(10, '0');
    return `xref\n0 2\n0000000000 65535 f \n${o} 00000 n \ntrailer\n<< /Size 2 /Root 1 0 R >>\nstartxref\n${String(xrefAt).padStart(10, '0')}\n%%EOF\n`;
  };
  const filler = size - head.length - obj.length - trailer(0, 0).length;
  const tail = Buffer.from(obj + trailer(head.length + filler + 1, head.length + filler + obj.length));
  const chunk = Buffer.alloc(64 * 1024, 0x30);
  let sent = 0;
  return {
    length: head.length + filler + tail.length,
    stream: Readable.from(
      KBPS > 0
        ? (async function* () {
            // Paced in 16 KB pieces: each leaves when the link would have carried the ones before it.
            const piece = 16 * 1024;
            const started = Date.now();
            let out = 0;
            yield head;
            while (sent < filler) {
              const n = Math.min(piece, filler - sent);
              sent += n;
              out += n;
              // N kbit/s is N bits per millisecond.
              const wait = started + (out * 8) / KBPS - Date.now();
              if (wait > 0) await new Promise((r) => setTimeout(r, wait));
              yield chunk.subarray(0, n);
            }
            yield tail;
          })()
        : (function* () {
            yield head;
            while (sent < filler) {
              const n = Math.min(chunk.length, filler - sent);
              sent += n;
              yield n === chunk.length ? chunk : chunk.subarray(0, n);
            }
            yield tail;
          })(),
    ),
  };
}

const b64 = (v) => Buffer.from(v).toString('base64');

/** One tus upload: the creation POST, then the whole file in one PATCH (as a fast link sends it). */
function tusUpload({ port, cookie, proposalId, item, name }) {
  const pdf = pdfStream(FILE_BYTES);
  const send = (method, path, headers, body) =>
    new Promise((resolve, reject) => {
      const req = request(
        { host: '127.0.0.1', port, method, path, headers: { cookie, 'tus-resumable': '1.0.0', ...headers } },
        (res) => {
          let text = '';
          res.on('data', (d) => (text += d));
          res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, text }));
        },
      );
      req.on('error', reject);
      if (body) body.pipe(req);
      else req.end();
    });
  const metadata = [
    `proposal ${b64(proposalId)}`,
    `item ${b64(item)}`,
    `filename ${b64(name)}`,
    `filetype ${b64('application/pdf')}`,
  ].join(',');
  return send('POST', '/api/v3/uploads', { 'upload-length': pdf.length, 'upload-metadata': metadata }).then(
    async (created) => {
      if (created.status !== 201) throw new Error(`tus create ${name}: ${created.status} ${created.text}`);
      const path = new URL(created.headers.location, `http://127.0.0.1:${port}`).pathname;
      const done = await send(
        'PATCH',
        path,
        { 'upload-offset': '0', 'content-type': 'application/offset+octet-stream', 'content-length': pdf.length },
        pdf.stream,
      );
      if (done.status !== 204) throw new Error(`tus patch ${name}: ${done.status} ${done.text}`);
      // The answer of the PATCH that completed the upload names the stored document: without it the
      // file was not stored, and the run fails rather than measure a lost upload.
      if (!done.headers['upload-document-file']) throw new Error(`tus patch ${name}: no stored document`);
      return done.headers;
    },
  );
}

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-upload-bench-'));
  const out = join(root, 'apps/api/dist', `upload-memory-${process.pid}`, 'main.js');
  let s3 = null;
  let server = null;
  try {
    const build = spawnSync(process.execPath, [join(root, 'apps/api/build.mjs')], {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, OUTFILE: out },
    });
    if (build.status !== 0) throw new Error('API build failed');

    const env = {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      WEB_DIST: join(dataDir, 'no-web'),
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      LOGIN_IP_LIMIT_PER_MINUTE: '1000',
      SEED_DEMO: '1',
      UPLOAD_MAX_MB: String(MB),
    };
    if (USE_S3) {
      const { default: S3rver } = await import('s3rver');
      const { S3Client, CreateBucketCommand } = await import('@aws-sdk/client-s3');
      s3 = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: join(dataDir, 's3') });
      const { port } = await s3.run();
      const client = new S3Client({
        endpoint: `http://127.0.0.1:${port}`,
        region: 'us-east-1',
        forcePathStyle: true,
        credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
      });
      await client.send(new CreateBucketCommand({ Bucket: 'portal-bench' }));
      client.destroy();
      Object.assign(env, {
        S3_ENDPOINT: `http://127.0.0.1:${port}`,
        S3_BUCKET: 'portal-bench',
        S3_REGION: 'us-east-1',
        S3_ACCESS_KEY_ID: 'S3RVER',
        S3_SECRET_ACCESS_KEY: 'S3RVER',
        S3_FORCE_PATH_STYLE: '1',
      });
    }
    const port = await freePort();
    env.PORT = String(port);
    env.PUBLIC_URL = `http://127.0.0.1:${port}`;
    server = spawn(process.execPath, [...NODE_FLAGS, out], {
      cwd: root,
      env,
      // The API's log lines go to our stderr: stdout carries only the result (JSON), which
      // `npm run bench` reads.
      stdio: ['ignore', process.stderr, 'inherit'],
    });
    const base = `http://127.0.0.1:${port}`;
    for (let i = 0; ; i++) {
      if (server.exitCode !== null) throw new Error(`API exited with ${server.exitCode}`);
      if (
        await fetch(`${base}/api/health`).then(
          (r) => r.ok,
          () => false,
        )
      )
        break;
      if (i > 300) throw new Error('API did not start');
      await new Promise((r) => setTimeout(r, 200));
    }

    const login = await fetch(`${base}/api/v3/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'comprador@demo.com.br', password: 'Demo@2026!', type: 'buyer' }),
    });
    if (login.status !== 200) throw new Error(`login: ${login.status}`);
    const cookie = login.headers.get('set-cookie').split(';')[0];
    const proposals = (await (await fetch(`${base}/api/v3/proposals`, { headers: { cookie } })).json()).data;
    const proposalId = proposals.find((p) => p.code === 'PF-2026-004817').id;
    // Ten files per item at most: five per item, over the main buyer's items.
    const items = ['income_tax_buyer1', 'occupation_declaration_1', 'proof_of_address_buyer1', 'marriage_lines'];

    const idle = status(server.pid);
    const baselineKb = kb(idle, 'VmRSS');
    const peakBeforeKb = kb(idle, 'VmHWM');
    let sampledPeakKb = baselineKb;
    const sampler = setInterval(() => {
      try {
        sampledPeakKb = Math.max(sampledPeakKb, kb(status(server.pid), 'VmRSS'));
      } catch {
        // the process is gone; the run will fail on its own
      }
    }, 25);

    const started = Date.now();
    let next = 0;
    const worker = async () => {
      while (next < FILES) {
        const i = next++;
        await tusUpload({
          port,
          cookie,
          proposalId,
          item: items[Math.floor(i / 5) % items.length],
          name: `bench-${i + 1}.pdf`,
        });
      }
    };
    await Promise.all(Array.from({ length: Math.max(1, CONCURRENCY) }, worker));
    const seconds = (Date.now() - started) / 1000;
    clearInterval(sampler);
    const final = status(server.pid);
    const peakKb = Math.max(kb(final, 'VmHWM'), sampledPeakKb);
    const totalMb = (FILES * FILE_BYTES) / (1024 * 1024);

    const result = {
      driver: USE_S3 ? 's3 (s3rver)' : 'local folder',
      transport: 'tus',
      nodeFlags: NODE_FLAGS.join(' '),
      uploads: FILES,
      fileMb: Number((FILE_BYTES / (1024 * 1024)).toFixed(2)),
      totalMb: Number(totalMb.toFixed(1)),
      concurrency: CONCURRENCY,
      kbpsPerUpload: KBPS || null,
      seconds: Number(seconds.toFixed(1)),
      throughputMbPerSecond: Number((totalMb / seconds).toFixed(1)),
      rssBeforeUploadsMb: Number(mb(baselineKb)),
      peakBeforeUploadsMb: Number(mb(peakBeforeKb)),
      peakDuringUploadsMb: Number(mb(sampledPeakKb)),
      peakRssMb: Number(mb(peakKb)),
      targetMb: TARGET_MB,
    };
    console.log(JSON.stringify(result, null, 2));
    console.log(
      `Upload de ${result.totalMb} MB (${FILES} × ${result.fileMb} MB, ${result.driver}): pico de memória da API ${result.peakRssMb} MB (antes dos envios ${result.rssBeforeUploadsMb} MB; meta < ${TARGET_MB} MB) — ${result.peakRssMb < TARGET_MB ? 'OK' : 'ACIMA DA META'}`,
    );
    process.exitCode = result.peakRssMb < TARGET_MB ? 0 : 1;
  } finally {
    if (server && server.exitCode === null) {
      server.kill('SIGTERM');
      await new Promise((r) => server.once('exit', r));
    }
    if (s3) await s3.close();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(dirname(out), { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
