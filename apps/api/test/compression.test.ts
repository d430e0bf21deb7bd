import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, login, type TestApp } from './helpers';

/** A built web folder as the Vite build leaves it: each text asset with its .br and .gz copies. */
function fakeWebDist(): { dir: string; script: string } {
  const dir = mkdtempSync(join(tmpdir(), 'portal-web-'));
  mkdirSync(join(dir, 'assets'));
  const script = `console.log(${JSON.stringify('portal '.repeat(400))});\n`;
  const html = `<!doctype html><html lang="pt-BR"><body><div id="root"></div>${'<!-- - -->'.repeat(200)}</body></html>`;
  for (const [path, text] of [
    ['assets/index-abc123.js', script],
    ['index.html', html],
  ] as const) {
    writeFileSync(join(dir, path), text);
    writeFileSync(join(dir, `${path}.br`), brotliCompressSync(text));
    writeFileSync(join(dir, `${path}.gz`), gzipSync(text));
  }
  return { dir, script };
}

describe('compression of assets and API answers', () => {
  let t: TestApp;
  let script: string;
  beforeAll(async () => {
    const web = fakeWebDist();
    script = web.script;
    t = await createTestApp('sqlite', { env: { WEB_DIST: web.dir } });
  });
  afterAll(() => t.close());

  it('sends the brotli copy of an asset to a browser that accepts it, gzip to one that accepts only gzip', async () => {
    const br = await t.app.inject({
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(script);

    const gz = await t.app.inject({ url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(script);
  });

  it('sends the plain file to a client that accepts no compression', async () => {
    const res = await t.app.inject({ url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'identity' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe(script);
  });

  it('compresses the page shell of a client-side route as well', async () => {
    const res = await t.app.inject({ url: '/buyer/login', headers: { 'accept-encoding': 'br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(res.rawPayload).toString()).toContain('<div id="root">');
  });

  it('compresses a JSON answer of 1 KB or more and leaves a smaller one as it is', async () => {
    const cookie = await login(t.app, 'comprador@demo.com.br', 'buyer');
    const plain = await t.app.inject({ url: '/api/v3/proposals', headers: { cookie } });
    expect(plain.body.length).toBeGreaterThan(1024);

    const list = await t.app.inject({ url: '/api/v3/proposals', headers: { cookie, 'accept-encoding': 'br, gzip' } });
    expect(list.headers['content-encoding']).toBe('br');
    expect(list.headers.vary).toMatch(/accept-encoding/i);
    expect(list.rawPayload.length).toBeLessThan(plain.body.length);
    expect(JSON.parse(brotliDecompressSync(list.rawPayload).toString())).toEqual(JSON.parse(plain.body));

    const session = await t.app.inject({
      url: '/api/v3/auth/session',
      headers: { cookie, 'accept-encoding': 'br, gzip' },
    });
    expect(session.body.length).toBeLessThan(1024);
    expect(session.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(session.body).data.user.email).toBe('comprador@demo.com.br');
  });

  it('reads a request body as sent: a gzip-encoded body is not inflated', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v3/auth/login',
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: gzipSync(JSON.stringify({ username: 'comprador@demo.com.br', password: 'Demo@2026!', type: 'buyer' })),
    });
    expect(res.statusCode).toBe(400);
    expect(res.headers['set-cookie']).toBeUndefined();
  });
});
