import { createConnection, createServer, type AddressInfo, type Socket } from 'node:net';

/**
 * A TCP proxy in front of the test file's server that behaves like a weak phone link: it can slow what
 * the browser sends, and cut every open connection once a request whose first line matches has
 * carried a given number of body bytes. Real sockets, real resets: the browser sees a dropped
 * connection exactly as on a train going into a tunnel.
 *
 * With `afterCut`, it also plays a load balancer in front of two instances: connections go to
 * `target` until the cut, and every connection opened after it goes to `afterCut` (the phone comes
 * back and lands on another instance).
 */
export interface CuttingProxy {
  /** http://127.0.0.1:port — the page's base URL. */
  readonly url: string;
  /**
   * Cuts once, when a request starting with `requestLine` (e.g. "PATCH /api/v3/uploads/") has
   * passed `fraction` of its body (its Content-Length) to the server; for `downMs` after, every
   * new connection is dropped at once (the phone is offline a moment, so the browser's own silent
   * re-send of the request fails too and the upload's retries take over).
   */
  armCut(
    requestLine: string,
    fraction: number,
    downMs?: number,
  ): Promise<{ forwardedBeforeCut: number; bodyLength: number }>;
  /**
   * Drops every open connection now, both ways, without forwarding what the proxy has not passed on
   * yet (a link that dies: the bytes still queued on the phone never arrive).
   */
  dropConnections(): void;
  /** Browser → server bytes per second (0: unlimited). */
  throttle(bytesPerSecond: number): void;
  /** Browser → server bytes forwarded so far (every connection). */
  readonly forwarded: number;
  /**
   * The requests forwarded so far, oldest first: the request line ("PATCH /api/v3/uploads/… HTTP/1.1")
   * and the host:port it went to. A request is noted when a chunk from the browser begins with a
   * request line (the browser sends one request at a time on a connection, so each begins a chunk).
   */
  readonly requests: readonly { line: string; to: string }[];
  close(): Promise<void>;
}

export async function startCuttingProxy(target: URL, options: { afterCut?: URL } = {}): Promise<CuttingProxy> {
  const sockets = new Set<Socket>();
  const requests: { line: string; to: string }[] = [];
  let current = target;
  let forwarded = 0;
  let rate = 0;
  type Cut = { forwardedBeforeCut: number; bodyLength: number };
  let cut: { line: string; fraction: number; downMs: number; done: (r: Cut) => void } | null = null;
  let downUntil = 0;

  const server = createServer((client) => {
    if (Date.now() < downUntil) {
      client.destroy();
      return;
    }
    const to = current.host;
    const upstream = createConnection({ host: current.hostname, port: Number(current.port) });
    sockets.add(client).add(upstream);
    let counting: number | null = null;
    let after = Infinity;
    let bodyLength = 0;
    const cutNow = () => {
      const { done, downMs } = cut!;
      cut = null;
      downUntil = Date.now() + downMs;
      if (options.afterCut) current = options.afterCut;
      // Every open connection drops, as when the phone loses the network.
      for (const s of sockets) s.destroy();
      done({ forwardedBeforeCut: forwarded, bodyLength });
    };
    client.on('data', (chunk: Buffer) => {
      const line = /^[A-Z]+ \S+ HTTP\/1\.[01](?=\r\n)/.exec(chunk.subarray(0, 2048).toString('latin1'));
      if (line) requests.push({ line: line[0], to });
      if (cut && counting === null) {
        const at = chunk.indexOf(cut.line);
        if (at >= 0) {
          const headersEnd = chunk.indexOf('\r\n\r\n', at);
          // Counted from the end of the headers: what came before in this chunk is not body.
          counting = headersEnd >= 0 ? -(headersEnd + 4) : -chunk.length;
          const length = /\r\ncontent-length: *(\d+)/i.exec(chunk.subarray(at, headersEnd).toString('latin1'));
          bodyLength = length ? Number(length[1]) : 0;
          after = Math.floor(bodyLength * cut.fraction);
        }
      }
      if (counting !== null && cut) {
        counting += chunk.length;
        if (counting >= after) {
          const keep = Math.max(0, chunk.length - (counting - after));
          forwarded += keep;
          upstream.write(chunk.subarray(0, keep), () => setTimeout(cutNow, 50));
          client.pause();
          return;
        }
      }
      forwarded += chunk.length;
      upstream.write(chunk);
      if (rate > 0) {
        client.pause();
        setTimeout(() => client.resume(), Math.ceil((chunk.length / rate) * 1000));
      }
    });
    client.on('end', () => upstream.end());
    upstream.pipe(client);
    const forget = () => {
      sockets.delete(client);
      sockets.delete(upstream);
      client.destroy();
      upstream.destroy();
    };
    client.on('close', forget).on('error', forget);
    upstream.on('close', forget).on('error', forget);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    armCut: (line, fraction, downMs = 0) => new Promise((done) => (cut = { line, fraction, downMs, done })),
    dropConnections: () => {
      for (const s of sockets) s.destroy();
    },
    throttle: (bytesPerSecond) => void (rate = bytesPerSecond),
    get forwarded() {
      return forwarded;
    },
    get requests() {
      return requests;
    },
    async close() {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
