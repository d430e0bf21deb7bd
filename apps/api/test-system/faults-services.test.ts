import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { freePort } from '../../../scripts/lib/free-port.mjs';
import { makePdf } from '../test/document-files';
import { buildApi, login, startApi, stopApi, type ApiProcess } from './processes';
import {
  clamdOnPort,
  createUpload,
  patchUpload,
  pausedUpload,
  redisOnPort,
  s3rverOnPort,
  smtpSink,
  uploadFile,
  uploadOffset,
  waitFor,
} from './fault-services';

/**
 * What users see when Redis, the object store, the SMTP server or ClamAV goes away, and that the
 * portal recovers when it comes back (docs/decisions/040-dependency-outages.md, docs/operations.md).
 * Each service is a real one, stopped for real (SIGKILL, closed port) and started again on the
 * same port; the instance is a real process on SQLite.
 */
const PROPOSAL_CODE = 'PF-2026-004817';
const ITEM = 'income_tax_buyer1';
const PASSWORD = 'Demo@2026!';

let api: ReturnType<typeof buildApi>;
const dirs: string[] = [];
const tempDir = (name: string) => {
  const dir = mkdtempSync(join(tmpdir(), `portal-faults-${name}-`));
  dirs.push(dir);
  return dir;
};

beforeAll(() => {
  api = buildApi();
});
afterAll(() => {
  api?.remove();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const json = async (res: Response) =>
  (await res.json()) as { error?: { code: string; message: string }; data?: unknown };
const attempt = (base: string, username: string, password: string) =>
  fetch(`${base}/api/v3/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password, type: 'buyer' }),
  });

async function proposalId(base: string, cookie: string) {
  const list = (await (await fetch(`${base}/api/v3/proposals`, { headers: { cookie } })).json()) as {
    data: { id: string; code: string }[];
  };
  return list.data.find((p) => p.code === PROPOSAL_CODE)!.id;
}
async function itemFiles(base: string, cookie: string, proposal: string) {
  const res = await fetch(`${base}/api/v3/proposals/${proposal}/documents`, { headers: { cookie } });
  expect(res.status).toBe(200);
  const body = (await res.json()) as { data: { items: { key: string; files: { id: string; name: string }[] }[] } };
  return body.data.items.find((i) => i.key === ITEM)!.files;
}
/** One file to the item by tus (creation, one PATCH): the last answer and the stored document's id. */
const upload = (base: string, cookie: string, proposal: string, name: string, content: Buffer) =>
  uploadFile({ base, cookie, proposal, item: ITEM, name, content });
/** A dependency's outage: 503 and a Retry-After the client can wait on. */
function expectOutage(res: Response) {
  expect(res.status).toBe(503);
  expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
}

describe('Redis, the object store and the SMTP server go away and come back (one instance, SQLite)', () => {
  let redis: ReturnType<typeof redisOnPort>;
  let s3: ReturnType<typeof s3rverOnPort>;
  let sink: ReturnType<typeof smtpSink>;
  let server: ApiProcess;
  let dataDir: string;

  beforeAll(async () => {
    redis = redisOnPort(await freePort());
    s3 = s3rverOnPort(await freePort(), tempDir('s3'));
    sink = smtpSink([await freePort()]);
    await redis.start();
    await s3.start();
    // The SMTP server is down from the start: its test starts it later.
    dataDir = tempDir('data');
    server = await startApi(api.entry, {
      DATA_DIR: dataDir,
      REDIS_URL: redis.url,
      ...s3.env,
      SMTP_URL: `smtp://127.0.0.1:${sink.ports[0]}`,
    });
  }, 120_000);

  afterAll(async () => {
    if (server) await stopApi(server);
    await redis?.stop();
    await s3?.stop();
    await sink?.stop();
  });

  it('Redis killed: logins still work and the login limits keep counting (in the database); back, Redis counts again', async () => {
    // Redis holds the counters while it is up.
    for (let i = 0; i < 10; i++)
      expect((await attempt(server.base, 'outro@demo.com.br', 'errada-123')).status).toBe(401);
    expect((await attempt(server.base, 'outro@demo.com.br', PASSWORD)).status).toBe(429);
    expect(Number((await redis.command('DBSIZE')).replace(':', ''))).toBeGreaterThan(0);

    // Whatever happens below, the next tests find Redis up again.
    onTestFinished(() => redis.start());
    await redis.stop();
    // The right password lets the owner in: no 500, no hang past the client's deadline.
    const ok = await attempt(server.base, 'comprador@demo.com.br', PASSWORD);
    expect(ok.status).toBe(200);
    // Brute-force protection did not switch off: 10 wrong passwords, then refused.
    const answers: number[] = [];
    for (let i = 0; i < 12; i++)
      answers.push((await attempt(server.base, 'compradora@demo.com.br', `errada-${i}`)).status);
    expect(answers.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(answers.slice(10)).toEqual([429, 429]);
    const refused = await attempt(server.base, 'compradora@demo.com.br', 'errada-x');
    expect((await json(refused)).error?.message).toBe('Muitas tentativas. Aguarde um minuto e tente novamente.');
    // The instance stays in the pool and says what is missing.
    const ready = await fetch(`${server.base}/api/health/ready`);
    expect(ready.status).toBe(200);
    expect(((await ready.json()) as { checks: Record<string, string> }).checks.redis).toBe('failing');

    // Redis back (empty: no persistence): the counting goes back to it by itself.
    await redis.start();
    await waitFor(
      'the login counters to be written to Redis again',
      async () => {
        expect((await attempt(server.base, `ninguem-${Date.now()}@demo.com.br`, 'errada-1')).status).toBe(401);
        return Number((await redis.command('DBSIZE')).replace(':', '')) > 0;
      },
      20_000,
    );
    expect(server.child.exitCode).toBeNull();
  }, 90_000);

  it('object store killed mid-upload: 503 with a Portuguese message, nothing half stored; back, the same upload resumes and succeeds', async () => {
    const cookie = await login(server.base, 'comprador@demo.com.br');
    const proposal = await proposalId(server.base, cookie);
    const first = makePdf({ text: 'Antes da queda' });
    const stored = await upload(server.base, cookie, proposal, 'antes.pdf', first);
    expect(stored.res.status).toBe(204);
    const storedId = stored.documentId!;
    const before = await itemFiles(server.base, cookie, proposal);

    // 7 MB: the first 5 MB part is on its way to the store when it dies.
    const big = makePdf({ pad: 7 * 1024 * 1024, text: 'Durante a queda' });
    onTestFinished(() => s3.start());
    const path = await createUpload({
      base: server.base,
      cookie,
      proposal,
      item: ITEM,
      name: 'grande.pdf',
      size: big.length,
    });
    const cut = await pausedUpload({
      base: server.base,
      path,
      cookie,
      content: big,
      pauseAfter: 6 * 1024 * 1024,
      whilePaused: () => s3.stop(),
    });
    expect(cut.status).toBe(503);
    expect(Number(cut.headers['retry-after'])).toBeGreaterThan(0);
    expect(JSON.parse(cut.body)).toEqual({
      error: {
        code: 'storage_unavailable',
        message:
          'Não foi possível guardar o arquivo agora: o armazenamento está indisponível. Nada foi salvo; envie de novo em instantes.',
      },
    });

    // During the outage: the list (database only) works and shows no half document; a download is a 503.
    expect(await itemFiles(server.base, cookie, proposal)).toEqual(before);
    const download = await fetch(`${server.base}/api/v3/proposals/${proposal}/documents/files/${storedId}/content`, {
      headers: { cookie },
    });
    expectOutage(download);
    expect(await json(download)).toEqual({
      error: {
        code: 'storage_unavailable',
        message:
          'Não foi possível abrir o arquivo agora: o armazenamento está indisponível. Tente novamente em instantes.',
      },
    });
    // A form save does not need the store: it still works.
    const ready = await fetch(`${server.base}/api/health/ready`);
    expect(ready.status).toBe(200);
    expect(((await ready.json()) as { checks: Record<string, string> }).checks.storage).toBe('failing');

    // The store back on the same port: the same upload resumes from what the server holds, and both
    // files read back whole.
    await s3.start();
    const held = await uploadOffset(server.base, path, cookie);
    expect(held.status).toBe(200);
    const again = await patchUpload(server.base, path, cookie, held.offset, big.subarray(held.offset));
    expect(again.status, await again.clone().text()).toBe(204);
    const againId = again.headers.get('upload-document-file')!;
    const after = await itemFiles(server.base, cookie, proposal);
    expect(after.map((f) => f.id).sort()).toEqual([...before.map((f) => f.id), againId].sort());
    const back = await fetch(`${server.base}/api/v3/proposals/${proposal}/documents/files/${againId}/content`, {
      headers: { cookie },
    });
    expect(back.status).toBe(200);
    expect(Buffer.from(await back.arrayBuffer()).equals(big)).toBe(true);
    // Exactly one object per stored document under the final keys: the cut upload left none.
    expect(await s3.keys('files/')).toHaveLength(after.length);
    expect(server.child.exitCode).toBeNull();
  }, 120_000);

  it('SMTP server down: the e-mail waits in the outbox, is retried with backoff and leaves once when it is back', async () => {
    const recover = await fetch(`${server.base}/api/v3/auth/recover`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'comprador@demo.com.br', cpf: '529.982.247-25' }),
    });
    expect(recover.status).toBe(202);
    const db = new Database(join(dataDir, 'portal.db'), { readonly: true, fileMustExist: true });
    try {
      const row = () =>
        db.prepare("select id, attempts, sent_at, last_error from outbox where kind = 'recover'").get() as
          { id: string; attempts: number; sent_at: number | null; last_error: string | null } | undefined;
      // The first attempt fails (connection refused) and is kept for a retry, not dropped.
      const failed = await waitFor('a failed delivery attempt', () => {
        const r = row();
        return r && r.attempts >= 1 ? r : undefined;
      });
      expect(failed.sent_at).toBeNull();
      expect(failed.last_error).toBeTruthy();
      expect(sink.messages).toHaveLength(0);

      await sink.start();
      const sent = await waitFor('the retry to deliver the e-mail', () => row()?.sent_at ?? undefined, 90_000);
      expect(sent).toBeGreaterThan(0);
      expect(sink.messages).toEqual([
        expect.objectContaining({
          to: 'comprador@demo.com.br',
          messageId: `<${failed.id}@portal>`,
          acknowledged: true,
        }),
      ]);
    } finally {
      db.close();
    }
  }, 120_000);
});

describe('ClamAV away: uploads answer 503 and store nothing; back, they pass (one instance, local folder)', () => {
  let clamd: ReturnType<typeof clamdOnPort>;
  let server: ApiProcess;
  let dataDir: string;

  beforeAll(async () => {
    const port = await freePort();
    clamd = clamdOnPort(port);
    await clamd.start();
    dataDir = tempDir('clamav');
    server = await startApi(api.entry, { DATA_DIR: dataDir, CLAMAV_HOST: '127.0.0.1', CLAMAV_PORT: String(port) });
  }, 120_000);
  afterAll(async () => {
    if (server) await stopApi(server);
    await clamd?.stop();
  });

  it('a daemon that accepts and closes, then a refused port: 503 each time, no file kept; a clean scan stores it', async () => {
    const cookie = await login(server.base, 'comprador@demo.com.br');
    const proposal = await proposalId(server.base, cookie);
    const pdf = makePdf({ text: 'Verificado' });
    const filesOnDisk = () => {
      const root = join(dataDir, 'uploads', 'files');
      try {
        return readdirSync(root, { recursive: true }).length;
      } catch {
        return 0;
      }
    };
    const before = await itemFiles(server.base, cookie, proposal);

    clamd.setMode('close');
    const { res: closed } = await upload(server.base, cookie, proposal, 'a.pdf', pdf);
    expectOutage(closed);
    expect(await json(closed)).toEqual({
      error: {
        code: 'scanner_unavailable',
        message: 'Não foi possível verificar o arquivo agora. Tente novamente em instantes.',
      },
    });

    await clamd.stop();
    const { res: refused } = await upload(server.base, cookie, proposal, 'a.pdf', pdf);
    expectOutage(refused);
    expect((await json(refused)).error?.code).toBe('scanner_unavailable');
    expect(await itemFiles(server.base, cookie, proposal)).toEqual(before);
    expect(filesOnDisk()).toBe(0);

    clamd.setMode('clean');
    await clamd.start();
    const passed = await upload(server.base, cookie, proposal, 'a.pdf', pdf);
    expect(passed.res.status).toBe(204);
    expect(passed.documentId).toBeTruthy();
    expect(await itemFiles(server.base, cookie, proposal)).toHaveLength(before.length + 1);
    expect(server.child.exitCode).toBeNull();
  }, 60_000);
});
