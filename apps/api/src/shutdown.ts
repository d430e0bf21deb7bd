import type { FastifyInstance } from 'fastify';

/**
 * A graceful stop: the server stops accepting connections, answers 503 to new requests on open
 * keep-alive connections (Fastify's return503OnClosing, which load balancers and the readiness
 * probe see), and waits for the requests in flight. After `timeoutMs` the remaining connections
 * are cut so that a stuck request cannot hold a deploy forever.
 */
export async function drainAndClose(
  app: FastifyInstance,
  options: { timeoutMs: number; wait?: (ms: number) => Promise<void> },
): Promise<'drained' | 'timeout'> {
  const wait = options.wait ?? ((ms) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref()));
  const closed = app.close().then(() => 'drained' as const);
  // A keep-alive connection whose last request just finished would otherwise stay open until its
  // idle timeout (72 s) and hold the close: cut idle connections as the requests in flight end.
  const sweep = setInterval(() => app.server.closeIdleConnections(), 50);
  void closed.finally(() => clearInterval(sweep));
  const result = await Promise.race([closed, wait(options.timeoutMs).then(() => 'timeout' as const)]);
  if (result === 'timeout') {
    app.server.closeAllConnections();
    await closed;
  }
  return result;
}
