import { connect, type Socket } from 'node:net';

export type ScanVerdict = { infected: false } | { infected: true; signature: string };

export interface StreamScan {
  /** Sends a chunk to the daemon; resolves when the socket can take more (back-pressure). */
  write(chunk: Buffer): Promise<void>;
  /** Ends the stream and waits for the daemon's verdict. */
  finish(): Promise<ScanVerdict>;
  /** Drops the scan (upload refused or aborted). */
  abort(): void;
}

export class ScannerUnavailableError extends Error {}

/** Largest chunk sent in one INSTREAM frame. */
const FRAME = 64 * 1024;

/**
 * A clamd client speaking INSTREAM over TCP (clamd(8)): "zINSTREAM\0", then frames of
 * [4-byte big-endian length][bytes], then a zero-length frame; the daemon answers
 * "stream: OK" or "stream: <signature> FOUND" (NUL-terminated). The upload is scanned as it
 * streams, so nothing is held in memory.
 */
export function createClamavScanner(options: { host: string; port: number; timeoutMs: number }) {
  return {
    start(): StreamScan {
      const socket: Socket = connect({ host: options.host, port: options.port });
      socket.setTimeout(options.timeoutMs);
      let reply = '';
      let failure: Error | null = null;
      const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
      socket.on('data', (d) => {
        reply += d.toString('latin1');
      });
      socket.on('timeout', () => socket.destroy(new ScannerUnavailableError('clamd timeout')));
      socket.on('error', (err) => {
        failure = err instanceof ScannerUnavailableError ? err : new ScannerUnavailableError(err.message);
      });
      socket.write('zINSTREAM\0');

      const send = (buf: Buffer) =>
        new Promise<void>((resolve, reject) => {
          if (failure) return reject(failure);
          if (socket.destroyed) return reject(new ScannerUnavailableError(reply || 'clamd closed the connection'));
          if (socket.write(buf)) resolve();
          else {
            const onDrain = () => {
              socket.off('close', onClose);
              resolve();
            };
            const onClose = () => {
              socket.off('drain', onDrain);
              reject(failure ?? new ScannerUnavailableError(reply || 'clamd closed the connection'));
            };
            socket.once('drain', onDrain);
            socket.once('close', onClose);
          }
        });

      return {
        async write(chunk) {
          for (let at = 0; at < chunk.length; at += FRAME) {
            const part = chunk.subarray(at, at + FRAME);
            const header = Buffer.alloc(4);
            header.writeUInt32BE(part.length);
            await send(Buffer.concat([header, part]));
          }
        },
        async finish() {
          await send(Buffer.alloc(4));
          socket.end();
          await closed;
          if (failure && !reply) throw failure;
          const text = reply.replace(/\0/g, '').trim();
          const found = /^stream: (.+) FOUND$/.exec(text);
          if (found) return { infected: true, signature: found[1]! };
          if (text === 'stream: OK') return { infected: false };
          throw new ScannerUnavailableError(`clamd answered ${JSON.stringify(text.slice(0, 200))}`);
        },
        abort() {
          socket.destroy();
        },
      };
    },
  };
}
export type ClamavScanner = ReturnType<typeof createClamavScanner>;
