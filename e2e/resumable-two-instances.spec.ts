import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it, onTestFailed } from 'vitest';
import { s3rverOnPort } from '../apps/api/test-system/fault-services';
import {
  createTestDatabase,
  dropTestDatabase,
  startApi,
  stopApi,
  type ApiProcess,
} from '../apps/api/test-system/processes';
import { freePort } from '../scripts/lib/free-port.mjs';
import { storedFile } from './checks';
import { startCuttingProxy, type CuttingProxy } from './cutting-proxy';
import { chooseProposal, PHONE, signIn, useBrowser } from './fixtures';
import { noisyPhoto, recordTusRequests, sentBody } from './tus-uploads';

const INCOME_TAX = 'Declaração de Imposto de Renda — comprador principal';

/** An HTTP server that answers every request with its name. */
async function namedServer(name: string): Promise<{ server: Server; url: URL }> {
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => res.end(name));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: new URL(`http://127.0.0.1:${(server.address() as AddressInfo).port}`) };
}

// Runs without PostgreSQL too: a file whose every test is skipped runs no hooks, not even the one
// that stops its server (e2e/server-per-file.ts).
it('the cutting proxy sends the connections opened after a cut to its second target', async () => {
  const a = await namedServer('A');
  const b = await namedServer('B');
  const proxy = await startCuttingProxy(a.url, { afterCut: b.url });
  try {
    expect(await (await fetch(`${proxy.url}/before`)).text()).toBe('A');
    const cut = proxy.armCut('POST /upload', 0.5);
    await expect(fetch(`${proxy.url}/upload`, { method: 'POST', body: Buffer.alloc(1_000_000) })).rejects.toThrow();
    expect(await cut).toMatchObject({ bodyLength: 1_000_000 });
    expect(await (await fetch(`${proxy.url}/after`)).text()).toBe('B');
    expect(proxy.requests).toEqual([
      { line: 'GET /before HTTP/1.1', to: a.url.host },
      { line: 'POST /upload HTTP/1.1', to: a.url.host },
      { line: 'GET /after HTTP/1.1', to: b.url.host },
    ]);
  } finally {
    await proxy.close();
    for (const { server } of [a, b]) {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  }
});

/**
 * A phone's photo upload cut off at half on one API instance and finished on another, as behind a
 * load balancer: two production processes of this run's build (serving the built web app) on one
 * PostgreSQL database and one bucket (s3rver), each with a data folder of its own, and in front of
 * them the cutting proxy, which sends connections to A until it cuts and to B after. The server
 * this test file gets like every e2e file (SQLite) is not used.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('a resumable upload moving to another instance after a cut', () => {
  const browser = useBrowser();
  const name = `e2e_tus2_${process.pid}`;
  const dirs: string[] = [];
  const tempDir = (label: string) => {
    const dir = mkdtempSync(join(tmpdir(), `portal-e2e-tus2-${label}-`));
    dirs.push(dir);
    return dir;
  };
  let s3: ReturnType<typeof s3rverOnPort>;
  let a: ApiProcess;
  let b: ApiProcess;
  let proxy: CuttingProxy;

  beforeAll(async () => {
    const build = inject('build');
    const databaseUrl = await createTestDatabase(name);
    s3 = s3rverOnPort(await freePort(), tempDir('s3'));
    await s3.start();
    const env = { DATABASE_URL: databaseUrl, WEB_DIST: build.webDist, ...s3.env };
    // One after the other: the first runs the migrations and seeds the demo accounts.
    a = await startApi(build.apiOut, { ...env, DATA_DIR: tempDir('data-a') });
    b = await startApi(build.apiOut, { ...env, DATA_DIR: tempDir('data-b') });
    proxy = await startCuttingProxy(new URL(a.base), { afterCut: new URL(b.base) });
  });

  afterAll(async () => {
    await proxy?.close();
    for (const instance of [a, b]) if (instance) await stopApi(instance);
    await s3?.stop();
    await dropTestDatabase(name);
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it('a photo cut off at half on A is finished by B from the offset A kept, stored once', async () => {
    const { page } = await browser.newPage(PHONE, { onTestFailed }, { baseURL: proxy.url });
    onTestFailed(() => console.error(`Proxy requests:\n${proxy.requests.map((r) => `${r.to} ${r.line}`).join('\n')}`));
    const sentRequests = await recordTusRequests(page);
    // The tus answers the page got (a refusal with its body), printed when the test fails.
    const answers: { method: string; status: number; document?: string; note: string }[] = [];
    page.on('response', (res) => {
      if (!res.url().includes('/api/v3/uploads')) return;
      const headers = res.headers();
      const answer = {
        method: res.request().method(),
        status: res.status(),
        document: headers['upload-document-file'],
        note: `offset=${headers['upload-offset']}`,
      };
      answers.push(answer);
      if (res.status() >= 400) void res.text().then((body) => (answer.note += ` ${body}`));
    });
    onTestFailed(() => console.error(`tus answers:\n${answers.map((r) => JSON.stringify(r)).join('\n')}`));
    await signIn(page, 'comprador@demo.com.br');
    const proposalId = await chooseProposal(page, 'PF-2026-004817');
    // The session made on A is in PostgreSQL: B knows the buyer too (cookies do not depend on the port).
    const onB = await page.request.get(`${b.base}/api/v3/auth/session`);
    expect(((await onB.json()) as { data: { user: { email: string } } }).data.user.email).toBe('comprador@demo.com.br');
    await page.goto('/buyer/documents/upload');
    await page.getByRole('heading', { name: 'Envio de documentos' }).waitFor();
    const photo = await noisyPhoto(page);
    const objectsBefore = await s3.keys('files/');

    // Half the photo reaches A; then the link is gone for 2 s, and comes back to B.
    const cut = proxy.armCut('PATCH /api/v3/uploads/', 0.5, 2_000);
    const item = page.getByRole('region', { name: INCOME_TAX });
    await page.getByLabel(`Tirar foto para ${INCOME_TAX}`).setInputFiles({
      name: 'recibo.jpeg',
      mimeType: 'image/jpeg',
      buffer: photo,
    });
    const { bodyLength } = await cut;
    expect(bodyLength).toBeGreaterThan(100_000);
    await item.getByText('Retomando…').waitFor();

    // What A kept, asked of A itself (not through the proxy) while the phone is still waiting to
    // retry: its next try after the cut comes about 4 s later (retry delays 0, 1 and 3 s).
    const uploadUrl = await page.evaluate(() => {
      const key = Object.keys(localStorage).find((k) => k.startsWith('tus::portal-upload:'));
      return key ? (JSON.parse(localStorage.getItem(key)!) as { uploadUrl: string }).uploadUrl : null;
    });
    expect(uploadUrl).toBeTruthy();
    const uploadPath = new URL(uploadUrl!, proxy.url).pathname;
    const offsetOnA = async () => {
      const res = await page.request.fetch(`${a.base}${uploadPath}`, {
        method: 'HEAD',
        headers: { 'tus-resumable': '1.0.0' },
      });
      return res.status() === 200 ? Number(res.headers()['upload-offset']) : -1;
    };
    await expect.poll(offsetOnA, { timeout: 3_000, interval: 100 }).toBeGreaterThan(0);
    const kept = await offsetOnA();
    expect(kept).toBeLessThanOrEqual(bodyLength / 2);

    await item.getByRole('link', { name: 'recibo.jpg' }).waitFor({ timeout: 60_000 });
    // The upload was completed by a PATCH's answer, naming the stored document.
    expect(answers.at(-1)).toMatchObject({ method: 'PATCH', status: 204, document: expect.any(String) });

    // The page: one creation, the whole photo from 0, then (after the cut) only the rest, from A's offset.
    const sent = await sentRequests();
    expect(sent.filter((r) => r.method === 'POST')).toHaveLength(1);
    const patches = sent.filter((r) => r.method === 'PATCH');
    expect(patches[0]).toMatchObject({ offset: 0, bytes: bodyLength });
    for (const resumed of patches.slice(1)) {
      expect(resumed.offset).toBe(kept);
      expect(resumed.offset! + resumed.bytes).toBe(bodyLength);
    }
    expect(patches.length).toBeGreaterThan(1);

    // The proxy: creation and first PATCH went to A; everything after the cut, the completing PATCH too, to B.
    const uploads = proxy.requests.filter((r) => r.line.includes(' /api/v3/uploads'));
    const methodsTo = (instance: ApiProcess) =>
      uploads.filter((r) => r.to === new URL(instance.base).host).map((r) => r.line.split(' ')[0]);
    const toA = methodsTo(a);
    const toB = methodsTo(b);
    expect(toA).toEqual(['POST', 'PATCH']);
    expect(toB).toContain('HEAD');
    expect(toB).not.toContain('POST');
    expect(toB.at(-1)).toBe('PATCH');
    expect(toA.length + toB.length).toBe(uploads.length);

    // Stored once, with the bytes the page sent (the shrunk photo), in the shared bucket.
    const list = (await (await page.request.get(`/api/v3/proposals/${proposalId}/documents`)).json()) as {
      data: { items: { files: { name: string }[] }[] };
    };
    expect(list.data.items.flatMap((i) => i.files).filter((f) => f.name === 'recibo.jpg')).toHaveLength(1);
    const firstPatch = sent.findIndex((r) => r.method === 'PATCH');
    const original = await sentBody(page, firstPatch);
    expect(original.length).toBe(bodyLength);
    expect((await storedFile(page, proposalId, 'recibo.jpg')).equals(original)).toBe(true);
    expect(await s3.keys('files/')).toHaveLength(objectsBefore.length + 1);
    // The finished upload's leftovers (multipart object, .info, .part, part records) are gone.
    const id = uploadPath.split('/').pop()!;
    await expect.poll(async () => (await s3.keys(id)).length, { timeout: 10_000 }).toBe(0);
  }, 180_000);
});
