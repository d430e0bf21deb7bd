import { spawn, type ChildProcess } from 'node:child_process';
import { request } from 'node:http';
import { connect, createServer, type Server, type Socket } from 'node:net';
import { fileURLToPath } from 'node:url';
import { SMTPServer } from 'smtp-server';

/**
 * The real services the fault suite stops and starts again on the same port: a private Redis, an
 * s3rver process, an SMTP sink (npm smtp-server) and a TCP listener standing in for clamd. All on
 * loopback; the machine's shared Redis and PostgreSQL are never touched.
 */

/** Polls `check` until it returns a value (not undefined/false) or the deadline passes. */
export async function waitFor<T>(
  what: string,
  check: () => Promise<T | undefined | false> | T | undefined | false,
  timeoutMs = 30_000,
) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

function exited(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
  });
}

/** Kills a service's process as a crash would (SIGKILL) and resolves once it has exited. */
async function killChild(child: ChildProcess | null): Promise<void> {
  if (!child) return;
  child.kill('SIGKILL');
  await exited(child);
}

/** Whether something accepts TCP connections on the port. */
export function isListening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** A private redis-server (no persistence) on `port`; stop() kills it, start() brings it back. */
export function redisOnPort(port: number) {
  let child: ChildProcess | null = null;
  const ping = () =>
    new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1');
      let reply = '';
      socket.once('connect', () => socket.write('PING\r\n'));
      socket.on('data', (d) => {
        reply += d.toString();
        if (reply.includes('\r\n')) socket.destroy();
      });
      socket.once('close', () => resolve(reply.startsWith('+PONG')));
      socket.once('error', () => resolve(false));
    });
  return {
    url: `redis://127.0.0.1:${port}`,
    /** Already up: nothing (a second server could not bind the port, and the first would be lost, never stopped). */
    async start() {
      if (child) return;
      const args = ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'];
      child = spawn('redis-server', args, { stdio: 'ignore' });
      await waitFor('redis-server to answer PING', ping);
    },
    /** Kills the server as a crash would (SIGKILL): connections drop, nothing is flushed. */
    async stop() {
      const c = child;
      child = null;
      await killChild(c);
    },
    /** Runs one command through redis-cli-free RESP (for assertions on what Redis holds). */
    command(...args: string[]) {
      return new Promise<string>((resolve, reject) => {
        const socket = connect(port, '127.0.0.1');
        let reply = '';
        socket.once('connect', () =>
          socket.write(`*${args.length}\r\n${args.map((a) => `$${Buffer.byteLength(a)}\r\n${a}\r\n`).join('')}`),
        );
        socket.on('data', (d) => {
          reply += d.toString();
          if (reply.endsWith('\r\n')) socket.end();
        });
        socket.once('close', () => resolve(reply.trim()));
        socket.once('error', reject);
      });
    },
  };
}

const S3RVER_BIN = fileURLToPath(new URL('../../../node_modules/s3rver/bin/s3rver.js', import.meta.url));
export const S3_BUCKET = 'portal-uploads';

/**
 * s3rver as a process of its own on `port`, its objects in `dir`, so it can be killed mid-request
 * (SIGKILL) and started again on the same port with the same objects.
 */
export function s3rverOnPort(port: number, dir: string) {
  let child: ChildProcess | null = null;
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    env: {
      S3_ENDPOINT: endpoint,
      S3_BUCKET,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: '1',
    },
    async start() {
      if (child) return;
      child = spawn(
        process.execPath,
        [S3RVER_BIN, '-d', dir, '-a', '127.0.0.1', '-p', String(port), '-s', '--configure-bucket', S3_BUCKET],
        { stdio: 'ignore' },
      );
      await waitFor('s3rver to answer', async () => {
        try {
          return (await fetch(`${endpoint}/${S3_BUCKET}?list-type=2`)).status === 200;
        } catch {
          return false;
        }
      });
    },
    async stop() {
      const c = child;
      child = null;
      await killChild(c);
    },
    /** Keys in the bucket under a prefix (s3rver answers unsigned requests). */
    async keys(prefix: string): Promise<string[]> {
      const xml = await (
        await fetch(`${endpoint}/${S3_BUCKET}?list-type=2&prefix=${encodeURIComponent(prefix)}`)
      ).text();
      return [...xml.matchAll(/<Key>([^<]+)<\/Key>/g)].map((m) => m[1]!).sort();
    },
  };
}

export interface SinkMessage {
  /** The port it came in on: each instance is given its own. */
  port: number;
  messageId: string;
  to: string;
  subject: string;
  /** Whether the sink answered 250 (a held message is received in full and never answered). */
  acknowledged: boolean;
}

/**
 * An SMTP server (npm smtp-server) listening on several ports, one per API instance, that keeps
 * every message it received in full. `hold(n)` makes it take the next n messages' DATA and never
 * answer, as a slow server does: the sender is then stuck mid-send. `stop()`/`start()` close and
 * reopen the same ports (SMTP down and back).
 */
export function smtpSink(ports: number[]) {
  const messages: SinkMessage[] = [];
  let toHold = 0;
  const held: (() => void)[] = [];
  let servers: SMTPServer[] = [];
  const make = (port: number) =>
    new SMTPServer({
      authOptional: true,
      // nodemailer would upgrade to TLS and refuse smtp-server's self-signed certificate.
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          const raw = Buffer.concat(chunks).toString('utf8');
          const header = (name: string) => new RegExp(`^${name}:\\s*(.+)$`, 'im').exec(raw)?.[1]?.trim() ?? '';
          const message: SinkMessage = {
            port,
            messageId: header('Message-ID'),
            to: session.envelope.rcptTo.map((r) => r.address).join(','),
            subject: header('Subject'),
            acknowledged: false,
          };
          messages.push(message);
          if (toHold > 0) {
            toHold--;
            held.push(() => callback());
            return;
          }
          message.acknowledged = true;
          callback();
        });
      },
    });
  return {
    ports,
    messages,
    hold(n: number) {
      toHold = n;
    },
    async start() {
      servers = ports.map(make);
      await Promise.all(servers.map((s, i) => new Promise<void>((r) => s.listen(ports[i], '127.0.0.1', () => r()))));
    },
    async stop() {
      const closing = servers;
      servers = [];
      await Promise.all(closing.map((s) => new Promise<void>((r) => s.close(() => r()))));
    },
  };
}

/**
 * A TCP listener on a fixed port that plays clamd: `mode` 'close' accepts and closes at once (a
 * daemon dying or restarting), 'clean' answers every INSTREAM with "stream: OK". stop() closes the
 * port, so connections are refused.
 */
export function clamdOnPort(port: number) {
  let server: Server | null = null;
  let mode: 'close' | 'clean' = 'close';
  const sockets = new Set<Socket>();
  const onSocket = (socket: Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
    if (mode === 'close') return socket.destroy();
    let buf = Buffer.alloc(0);
    let started = false;
    socket.on('data', (d: Buffer) => {
      buf = Buffer.concat([buf, d]);
      if (!started) {
        const nul = buf.indexOf(0);
        if (nul < 0) return;
        buf = buf.subarray(nul + 1);
        started = true;
      }
      while (buf.length >= 4) {
        const len = buf.readUInt32BE(0);
        if (len === 0) return void socket.end('stream: OK\0');
        if (buf.length < 4 + len) return;
        buf = buf.subarray(4 + len);
      }
    });
  };
  return {
    setMode(next: 'close' | 'clean') {
      mode = next;
    },
    async start() {
      server = createServer(onSocket);
      await new Promise<void>((r) => server!.listen(port, '127.0.0.1', () => r()));
    },
    async stop() {
      if (!server) return;
      const s = server;
      server = null;
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((r) => s.close(() => r()));
    },
  };
}

export interface UploadAnswer {
  /** 0 when the connection died before an answer (the instance was killed). */
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

const b64 = (value: string) => Buffer.from(value, 'utf8').toString('base64');
const tusHeaders = (cookie: string, headers: Record<string, string> = {}) => ({
  cookie,
  'tus-resumable': '1.0.0',
  ...headers,
});

/**
 * Creates a tus upload (docs/decisions/053-resumable-uploads.md), the only way a file comes in, of
 * `size` bytes for the item; returns its path (/api/v3/uploads/<id>) or throws.
 */
export async function createUpload(args: {
  base: string;
  cookie: string;
  proposal: string;
  item: string;
  name: string;
  size: number;
}): Promise<string> {
  const metadata = [
    ['proposal', args.proposal],
    ['item', args.item],
    ['filename', args.name],
    ['filetype', 'application/pdf'],
  ]
    .map(([k, v]) => `${k} ${b64(v!)}`)
    .join(',');
  const created = await fetch(`${args.base}/api/v3/uploads`, {
    method: 'POST',
    headers: tusHeaders(args.cookie, { 'upload-length': String(args.size), 'upload-metadata': metadata }),
  });
  if (created.status !== 201) throw new Error(`tus creation: ${created.status} ${await created.text()}`);
  return new URL(created.headers.get('location')!, args.base).pathname;
}

/** A tus PATCH of `chunk` at `offset` on an upload's path. */
export function patchUpload(base: string, path: string, cookie: string, offset: number, chunk: Buffer) {
  return fetch(`${base}${path}`, {
    method: 'PATCH',
    headers: tusHeaders(cookie, { 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' }),
    body: new Uint8Array(chunk),
  });
}

/** How many bytes of an upload the server holds (a tus HEAD's Upload-Offset), with the HEAD's status. */
export async function uploadOffset(base: string, path: string, cookie: string) {
  const head = await fetch(`${base}${path}`, { method: 'HEAD', headers: tusHeaders(cookie) });
  return { status: head.status, offset: Number(head.headers.get('upload-offset') ?? -1) };
}

/**
 * Sends a whole file as the browser does (one creation, one PATCH): the last answer, and the stored
 * document's id (Upload-Document-File) when it was accepted.
 */
export async function uploadFile(args: {
  base: string;
  cookie: string;
  proposal: string;
  item: string;
  name: string;
  content: Buffer;
}): Promise<{ res: Response; documentId: string | null }> {
  const path = await createUpload({ ...args, size: args.content.length });
  const res = await patchUpload(args.base, path, args.cookie, 0, args.content);
  return { res, documentId: res.status === 204 ? res.headers.get('upload-document-file') : null };
}

/**
 * Sends a tus PATCH of the whole file the way a slow phone does: the first `pauseAfter` bytes,
 * then `whilePaused()` runs (a service is stopped, an instance killed), then the rest.
 */
export function pausedUpload(args: {
  base: string;
  path: string;
  cookie: string;
  content: Buffer;
  pauseAfter: number;
  whilePaused: () => Promise<void>;
}): Promise<UploadAnswer> {
  const first = args.content.subarray(0, args.pauseAfter);
  const rest = args.content.subarray(args.pauseAfter);
  let paused!: Promise<void>;
  const answer = new Promise<UploadAnswer>((resolve) => {
    const req = request(`${args.base}${args.path}`, {
      method: 'PATCH',
      headers: {
        ...tusHeaders(args.cookie, {
          'upload-offset': '0',
          'content-type': 'application/offset+octet-stream',
        }),
        'content-length': String(args.content.length),
      },
    });
    let settled = false;
    const settle = (value: UploadAnswer) => {
      if (settled) return;
      settled = true;
      resolve(value);
    };
    req.on('response', (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (d: string) => (body += d));
      res.on('end', () => settle({ status: res.statusCode ?? 0, headers: res.headers, body }));
      res.on('error', () => settle({ status: 0, headers: {}, body }));
    });
    req.on('error', (err) => settle({ status: 0, headers: {}, body: err.message }));
    req.write(first);
    paused = (async () => {
      // The first part has left this process (the server is reading the body) before the fault.
      await waitFor('the first bytes to be sent', () => (req.socket?.bytesWritten ?? 0) >= first.length);
      await args.whilePaused();
      if (!req.destroyed) req.end(rest);
    })();
  });
  // The answer counts once the fault is fully in place (a killed process may cut the connection
  // before its exit is seen).
  return Promise.all([answer, paused]).then(([value]) => value);
}
