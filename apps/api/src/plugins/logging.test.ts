import { Writable } from 'node:stream';
import Fastify, { type FastifyBaseLogger } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { lazyChildLogger } from './logging';

function fakeParent(level: 'warn' | 'info') {
  const order = ['fatal', 'error', 'warn', 'info', 'debug', 'trace'];
  const child = { warn: vi.fn(), info: vi.fn(), error: vi.fn(), level } as unknown as FastifyBaseLogger;
  const parent = {
    level,
    isLevelEnabled: (l: string) => order.indexOf(l) <= order.indexOf(level),
    child: vi.fn(() => child),
  } as unknown as FastifyBaseLogger & { child: ReturnType<typeof vi.fn> };
  return { parent, child };
}

describe('lazyChildLogger', () => {
  it('builds no child while only disabled levels are written', () => {
    const { parent } = fakeParent('warn');
    const log = lazyChildLogger(parent, { reqId: 'req-1' }, {});
    log.info('incoming request');
    log.debug('details');
    expect(parent.child).not.toHaveBeenCalled();
    expect(log.level).toBe('warn');
  });

  it('builds the child once, with the bindings, at the first enabled line and forwards every line after', () => {
    const { parent, child } = fakeParent('info');
    const log = lazyChildLogger(parent, { reqId: 'req-2' }, {});
    log.warn({ a: 1 }, 'first');
    log.info('second');
    expect(parent.child).toHaveBeenCalledTimes(1);
    expect(parent.child).toHaveBeenCalledWith({ reqId: 'req-2' }, {});
    expect(child.warn).toHaveBeenCalledWith({ a: 1 }, 'first');
    expect(child.info).toHaveBeenCalledWith('second');
  });

  it('gives a route with its own level the real child at once', () => {
    const { parent, child } = fakeParent('warn');
    expect(lazyChildLogger(parent, { reqId: 'req-3' }, { level: 'debug' })).toBe(child);
  });

  it('writes the same lines, request id included, through Fastify', async () => {
    const lines: Record<string, unknown>[] = [];
    const stream = new Writable({
      write(chunk, _enc, cb) {
        lines.push(JSON.parse(String(chunk)));
        cb();
      },
    });
    const app = Fastify({ logger: { level: 'warn', stream }, childLoggerFactory: lazyChildLogger });
    app.get('/quiet', async (request) => {
      request.log.info('not written');
      return { ok: true };
    });
    app.get('/loud', async (request) => {
      request.log.warn({ what: 'x' }, 'written');
      return { ok: true };
    });
    await app.inject({ url: '/quiet' });
    const res = await app.inject({ url: '/loud' });
    await app.close();
    expect(res.statusCode).toBe(200);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 40, msg: 'written', what: 'x', reqId: expect.any(String) });
  });
});
