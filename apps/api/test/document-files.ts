import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect, createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Small, valid files made on the spot for the documents tests (no binary fixtures in the repo).
 */

/** A well-formed one-page PDF with a correct cross-reference table; `pad` adds bytes in a comment stream. */
export function makePdf(options: { encrypted?: boolean; pad?: number; text?: string } = {}): Buffer {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 200] /Contents 4 0 R >>',
  ];
  const content = `BT /F1 12 Tf 20 100 Td (${options.text ?? 'Documento de teste'}) Tj ET`;
  objects.push(`<< /Length ${content.length} >>\nstream\n${content}\nendstream`);
  if (options.encrypted) objects.push('<< /Filter /Standard /V 1 /R 2 /O (x) /U (y) /P -4 >>');
  const parts: Buffer[] = [Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  if (options.pad) parts.push(Buffer.from(`%${'0'.repeat(Math.max(0, options.pad))}\n`));
  let offset = parts.reduce((n, b) => n + b.length, 0);
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(offset);
    const obj = Buffer.from(`${i + 1} 0 obj\n${body}\nendobj\n`, 'latin1');
    parts.push(obj);
    offset += obj.length;
  });
  const xref = [
    `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`,
    ...offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`),
  ].join('');
  const encrypt = options.encrypted ? ` /Encrypt ${objects.length} 0 R /ID [<01><01>]` : '';
  parts.push(
    Buffer.from(
      `${xref}trailer\n<< /Size ${objects.length + 1} /Root 1 0 R${encrypt} >>\nstartxref\n${offset}\n%%EOF\n`,
      'latin1',
    ),
  );
  return Buffer.concat(parts);
}

/** JPEG start-of-image and JFIF header followed by filler: enough for the type check. */
export function makeJpegLike(size = 2048): Buffer {
  const head = Buffer.from([
    0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00,
    0x00,
  ]);
  return Buffer.concat([head, randomBytes(Math.max(0, size - head.length - 2)), Buffer.from([0xff, 0xd9])]);
}

/** An ISO-BMFF header with the 'heic' brand, as iPhones write. */
export function makeHeicLike(): Buffer {
  return Buffer.concat([
    Buffer.from([0, 0, 0, 0x18]),
    Buffer.from('ftypheic\0\0\0\0mif1heic', 'latin1'),
    randomBytes(512),
  ]);
}

/** The start of a Windows executable. */
export function makeExe(): Buffer {
  return Buffer.concat([
    Buffer.from('MZ\x90\x00\x03\x00\x00\x00\x04\x00\x00\x00\xff\xff', 'latin1'),
    randomBytes(1024),
  ]);
}

/** The EICAR anti-virus test string, assembled here so this source file is not itself "infected". */
export const EICAR = ['X5O!P%@AP[4\\PZX54(P^)7CC)7}$', 'EICAR-STANDARD-ANTIVIRUS-TEST-FILE!$H+H*'].join('');

/**
 * A tiny clamd speaking the INSTREAM protocol on a loopback port: it reports the EICAR test
 * string as "Eicar-Test-Signature FOUND" wherever it sits in the stream (no real signatures can
 * be downloaded here). `scanned` counts the streams it judged.
 */
export async function startFakeClamd(): Promise<{ port: number; scanned: () => number; close(): Promise<void> }> {
  let scanned = 0;
  const server: Server = createServer((socket) => {
    let buf = Buffer.alloc(0);
    let started = false;
    let window = '';
    let found = false;
    socket.on('data', (d: Buffer) => {
      buf = Buffer.concat([buf, d]);
      if (!started) {
        const nul = buf.indexOf(0);
        if (nul < 0) return;
        const command = buf.subarray(0, nul).toString();
        buf = buf.subarray(nul + 1);
        if (command !== 'zINSTREAM') {
          socket.end('UNKNOWN COMMAND\0');
          return;
        }
        started = true;
      }
      while (buf.length >= 4) {
        const len = buf.readUInt32BE(0);
        if (len === 0) {
          scanned++;
          socket.end(found ? 'stream: Eicar-Test-Signature FOUND\0' : 'stream: OK\0');
          buf = Buffer.alloc(0);
          return;
        }
        if (buf.length < 4 + len) return;
        window += buf.subarray(4, 4 + len).toString('latin1');
        if (window.includes(EICAR)) found = true;
        window = window.slice(-EICAR.length);
        buf = buf.subarray(4 + len);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return { port, scanned: () => scanned, close: () => new Promise((r) => server.close(() => r())) };
}

export const CLAMD_BINARY = ['/usr/sbin/clamd', '/usr/bin/clamd'].find((p) => existsSync(p)) ?? null;

/**
 * A real ClamAV daemon (Debian's clamav-daemon, when installed) on a loopback port, with one
 * local signature file: the EICAR test string as a body signature. No signature is downloaded.
 */
export async function startRealClamd(): Promise<{ port: number; close(): Promise<void> }> {
  if (!CLAMD_BINARY) throw new Error('clamd is not installed');
  const dir = mkdtempSync(join(tmpdir(), 'portal-clamd-'));
  mkdirSync(join(dir, 'db'));
  writeFileSync(join(dir, 'db', 'portal-eicar.ndb'), `Portal.Test.EICAR:0:*:${Buffer.from(EICAR).toString('hex')}\n`);
  const port = await new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port: p } = probe.address() as { port: number };
      probe.close(() => resolve(p));
    });
  });
  writeFileSync(
    join(dir, 'clamd.conf'),
    [
      `Foreground yes`,
      `DatabaseDirectory ${join(dir, 'db')}`,
      `TCPSocket ${port}`,
      `TCPAddr 127.0.0.1`,
      `LogFile ${join(dir, 'clamd.log')}`,
      `PidFile ${join(dir, 'clamd.pid')}`,
      '',
    ].join('\n'),
  );
  const child = spawn(CLAMD_BINARY, ['-c', join(dir, 'clamd.conf')], { stdio: 'ignore' });
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(
        `clamd exited with ${child.exitCode}: ${readFileSync(join(dir, 'clamd.log'), 'utf8').slice(-500)}`,
      );
    const pong = await new Promise<string>((resolve) => {
      const s = connect(port, '127.0.0.1');
      let reply = '';
      s.on('connect', () => s.write('zPING\0'));
      s.on('data', (d) => (reply += d.toString()));
      s.on('close', () => resolve(reply));
      s.on('error', () => resolve(''));
    });
    if (pong.startsWith('PONG')) break;
    if (Date.now() > deadline) throw new Error('clamd did not start');
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    port,
    async close() {
      child.kill('SIGTERM');
      if (child.exitCode === null) await new Promise((r) => child.once('exit', r));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
