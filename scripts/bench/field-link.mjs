// A phone's weak uplink for the field bench (docs/field-bench.md), as a TCP proxy in front of the API:
// the logic of e2e/cutting-proxy.ts, plus one shared bandwidth for every connection and a round-trip
// time. Chromium's own emulation cannot do this part: its offline mode does not cut a request already
// in flight, and its upload throttle is per request, not one link shared by parallel uploads.
//
// - Uplink: what the browser sends leaves at `bytesPerSecond` in all (every connection shares it,
//   served in turn in slices of SLICE bytes), as one radio link would.
// - Round trip: each direction holds every byte `rttMs / 2` before passing it on; a new connection
//   passes nothing for one whole `rttMs` (its handshake). A request and its answer cost one `rttMs`.
// - Cuts: `armCut(line, fraction, downMs)` drops every open connection once a request whose first
//   line starts with `line` has carried `fraction` of its body (its Content-Length) to the server,
//   then refuses new connections for `downMs` (the phone is offline a moment).
// - Bytes on the wire: `up` counts what was passed to the server, `down` what came back.
// - Restarts from zero: per tus upload (`PATCH /api/v3/uploads/<id>`), how far its bytes reached the
//   server; a later PATCH of the same upload from `Upload-Offset: 0` after some had reached it is
//   noted in `restartsFromZero` (the bytes it had are sent again). A PATCH from 0 of an upload the
//   server had no byte of yet (its first PATCH was cut before its body left the phone) is not one.
import { createConnection, createServer } from 'node:net';

const SLICE = 4096;

export async function startFieldLink(target, { bytesPerSecond, rttMs }) {
  const oneWay = rttMs / 2;
  const conns = new Set();
  let up = 0;
  let down = 0;
  /** Per upload id: the end of the bytes that reached the server. */
  const delivered = new Map();
  const restarts = [];
  const TUS_PATCH = /^PATCH \/api\/v3\/uploads\/([^ ?]+)[^\r]*\r\n([\s\S]*?)\r\n\r\n/;
  let cut = null;
  let downUntil = 0;
  /** When the link may send its next slice (the shared uplink's clock). */
  let linkFreeAt = 0;
  let pumping = false;

  const cutNow = (conn) => {
    const { done, downMs } = cut;
    cut = null;
    downUntil = Date.now() + downMs;
    const bodyLength = conn.bodyLength;
    for (const c of conns) c.destroy();
    done({ upBeforeCut: up, bodyLength, at: Date.now() });
  };

  // Round-robin over the connections with bytes waiting, one slice at a time, at the link's rate.
  const pump = () => {
    if (pumping) return;
    pumping = true;
    const step = () => {
      const now = Date.now();
      const ready = [...conns].filter((c) => c.queue.length && c.queue[0].at <= now);
      if (!ready.length) {
        const waiting = [...conns].filter((c) => c.queue.length);
        if (!waiting.length) {
          pumping = false;
          return;
        }
        setTimeout(step, Math.max(1, Math.min(...waiting.map((c) => c.queue[0].at)) - now));
        return;
      }
      if (linkFreeAt > now) {
        setTimeout(step, Math.max(1, linkFreeAt - now));
        return;
      }
      // The connection served longest ago goes first.
      ready.sort((a, b) => a.servedAt - b.servedAt);
      const conn = ready[0];
      conn.servedAt = now;
      const head = conn.queue[0];
      let slice = head.bytes.subarray(0, SLICE);
      let cutAfter = false;
      if (cut && conn.bodyStart !== null && conn.sent + slice.length >= conn.bodyStart + conn.cutAfter) {
        slice = slice.subarray(0, Math.max(0, conn.bodyStart + conn.cutAfter - conn.sent));
        cutAfter = true;
      }
      head.bytes = head.bytes.subarray(slice.length);
      if (!head.bytes.length) conn.queue.shift();
      conn.sent += slice.length;
      const p = conn.tusPatch;
      if (p) {
        const reached = p.offset + Math.min(p.length, Math.max(0, conn.sent - p.start));
        if (reached > (delivered.get(p.id) ?? 0)) delivered.set(p.id, reached);
      }
      conn.queued -= slice.length;
      up += slice.length;
      linkFreeAt = Math.max(linkFreeAt, now) + (slice.length / bytesPerSecond) * 1000;
      if (slice.length) conn.upstream.write(slice);
      if (cutAfter) {
        // What was passed reaches the server before the link goes.
        setTimeout(() => cut && cutNow(conn), 50);
        conn.queue = [];
        conn.client.pause();
      } else if (conn.queued < 64 * 1024) conn.client.resume();
      setImmediate(step);
    };
    step();
  };

  const server = createServer((client) => {
    if (Date.now() < downUntil) {
      client.destroy();
      return;
    }
    const openedAt = Date.now();
    const upstream = createConnection({ host: target.hostname, port: Number(target.port) });
    const conn = {
      client,
      upstream,
      queue: [],
      queued: 0,
      /** Bytes received from the browser on this connection, and passed to the server. */
      received: 0,
      sent: 0,
      servedAt: 0,
      bodyStart: null,
      bodyLength: 0,
      /** The tus PATCH this connection carries: upload id, Upload-Offset, where its body starts, its length. */
      tusPatch: null,
      cutAfter: Infinity,
      destroy() {
        client.destroy();
        upstream.destroy();
      },
    };
    conns.add(conn);
    client.on('data', (chunk) => {
      if (cut && conn.bodyStart === null) {
        const at = chunk.indexOf(cut.line);
        const headersEnd = at >= 0 ? chunk.indexOf('\r\n\r\n', at) : -1;
        if (headersEnd >= 0) {
          const length = /\r\ncontent-length: *(\d+)/i.exec(chunk.subarray(at, headersEnd).toString('latin1'));
          conn.bodyLength = length ? Number(length[1]) : 0;
          if (conn.bodyLength > 0) {
            conn.bodyStart = conn.received + headersEnd + 4;
            conn.cutAfter = Math.floor(conn.bodyLength * cut.fraction);
          }
        }
      }
      const patch = TUS_PATCH.exec(chunk.toString('latin1', 0, Math.min(chunk.length, 4096)));
      if (patch) {
        const header = (name) => Number(new RegExp(`^${name}: *(\\d+)`, 'im').exec(patch[2])?.[1] ?? 0);
        const offset = header('upload-offset');
        const had = delivered.get(patch[1]) ?? 0;
        if (offset === 0 && had > 0) restarts.push({ upload: patch[1], hadBytes: had });
        conn.tusPatch = {
          id: patch[1],
          offset,
          start: conn.received + patch[0].length,
          length: header('content-length'),
        };
      }
      conn.received += chunk.length;
      conn.queue.push({ bytes: chunk, at: Math.max(Date.now() + oneWay, openedAt + rttMs) });
      conn.queued += chunk.length;
      if (conn.queued >= 64 * 1024) client.pause();
      pump();
    });
    client.on('end', () => upstream.end());
    upstream.on('data', (chunk) => {
      down += chunk.length;
      setTimeout(() => client.writable && client.write(chunk), oneWay);
    });
    const forget = () => {
      conns.delete(conn);
      conn.destroy();
    };
    client.on('close', forget).on('error', forget);
    upstream.on('close', () => setTimeout(forget, oneWay)).on('error', forget);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  return {
    url: `http://127.0.0.1:${port}`,
    /** Resolves once the cut happened: { upBeforeCut, bodyLength, at }. */
    armCut: (line, fraction, downMs = 0) =>
      new Promise((done) => {
        for (const c of conns) {
          c.bodyStart = null;
          c.cutAfter = Infinity;
        }
        cut = { line, fraction, downMs, done };
      }),
    disarm() {
      cut = null;
    },
    get up() {
      return up;
    },
    /** How many bytes of this tus upload reached the server (its end offset). */
    delivered: (id) => delivered.get(id) ?? 0,
    /** The PATCHes from offset 0 of uploads whose bytes had already reached the server. */
    get restartsFromZero() {
      return restarts;
    },
    get down() {
      return down;
    },
    async close() {
      for (const c of conns) c.destroy();
      await new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
