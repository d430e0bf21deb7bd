import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completeCpf } from '@portal/domain/cpf';
import { freePort } from '../../../scripts/lib/free-port.mjs';
import { makePdf } from '../test/document-files';
import { buildApi, createTestDatabase, dropTestDatabase, login, startApi, stopApi, type ApiProcess } from './processes';
import {
  createUpload,
  patchUpload,
  pausedUpload,
  s3rverOnPort,
  smtpSink,
  uploadOffset,
  waitFor,
} from './fault-services';

/**
 * Two instances on one PostgreSQL, one bucket and one SMTP server, and one of them SIGKILLed in
 * the middle of work (docs/decisions/040-dependency-outages.md):
 * - mid-upload (a tus PATCH): the other instance serves, nothing is half stored, the upload resumes
 *   on it from the offset the bucket holds;
 * - mid-send of an e-mail: every message arrives; one whose send was cut after the server had it
 *   may arrive twice, and then both copies carry the same Message-ID (at least once, with a key
 *   the receiving side can see). Each instance talks to the SMTP sink on a port of its own, so the
 *   test knows which one was sending.
 */
const PROPOSAL_CODE = 'PF-2026-004817';
const ITEM = 'income_tax_buyer1';

describe.skipIf(!process.env.TEST_DATABASE_URL)('two instances, one SIGKILLed mid-work (PostgreSQL)', () => {
  const name = `faults2_${process.pid}`;
  const dirs: string[] = [];
  const tempDir = (label: string) => {
    const dir = mkdtempSync(join(tmpdir(), `portal-faults2-${label}-`));
    dirs.push(dir);
    return dir;
  };
  let api: ReturnType<typeof buildApi>;
  let s3: ReturnType<typeof s3rverOnPort>;
  let sink: ReturnType<typeof smtpSink>;
  let db: pg.Client;
  let envOf: (smtpPort: number) => Record<string, string>;
  let a: ApiProcess;
  let b: ApiProcess;

  beforeAll(async () => {
    const databaseUrl = await createTestDatabase(name);
    db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    s3 = s3rverOnPort(await freePort(), tempDir('s3'));
    await s3.start();
    sink = smtpSink([await freePort(), await freePort()]);
    await sink.start();
    api = buildApi();
    const dataDir = tempDir('data');
    envOf = (smtpPort) => ({
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      ...s3.env,
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    });
    a = await startApi(api.entry, envOf(sink.ports[0]!));
    b = await startApi(api.entry, envOf(sink.ports[1]!));
  }, 120_000);

  afterAll(async () => {
    for (const instance of [a, b]) if (instance) await stopApi(instance);
    await db?.end();
    await sink?.stop();
    await s3?.stop();
    api?.remove();
    await dropTestDatabase(name);
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  const count = async (table: string) => Number((await db.query(`select count(*) as n from ${table}`)).rows[0].n);

  it('SIGKILL mid-upload: the other instance serves, nothing is half stored, the upload resumes there', async () => {
    const cookie = await login(b.base, 'comprador@demo.com.br');
    const list = (await (await fetch(`${b.base}/api/v3/proposals`, { headers: { cookie } })).json()) as {
      data: { id: string; code: string }[];
    };
    const proposal = list.data.find((p) => p.code === PROPOSAL_CODE)!.id;
    const documentsBefore = await count('document_files');
    const objectsBefore = await s3.keys('files/');

    const big = makePdf({ pad: 7 * 1024 * 1024, text: 'Enviado duas vezes' });
    const path = await createUpload({
      base: a.base,
      cookie,
      proposal,
      item: ITEM,
      name: 'matricula.pdf',
      size: big.length,
    });
    const cut = await pausedUpload({
      base: a.base,
      path,
      cookie,
      content: big,
      pauseAfter: 6 * 1024 * 1024,
      whilePaused: () => stopApi(a, 'SIGKILL'),
    });
    expect(cut.status).toBe(0);
    expect(a.child.signalCode).toBe('SIGKILL');

    // The survivor answers, and the cut upload left no row and no object under a final key.
    const page = await fetch(`${b.base}/api/v3/proposals/${proposal}/documents`, { headers: { cookie } });
    expect(page.status).toBe(200);
    expect(await count('document_files')).toBe(documentsBefore);
    expect(await s3.keys('files/')).toEqual(objectsBefore);

    // The survivor tells how much of the upload the bucket holds, and takes the rest from there.
    const held = await uploadOffset(b.base, path, cookie);
    expect(held.status).toBe(200);
    expect(held.offset).toBeGreaterThanOrEqual(0);
    expect(held.offset).toBeLessThan(big.length);
    const retry = await patchUpload(b.base, path, cookie, held.offset, big.subarray(held.offset));
    expect(retry.status, await retry.clone().text()).toBe(204);
    const id = retry.headers.get('upload-document-file')!;
    const back = await fetch(`${b.base}/api/v3/proposals/${proposal}/documents/files/${id}/content`, {
      headers: { cookie },
    });
    expect(Buffer.from(await back.arrayBuffer()).equals(big)).toBe(true);
    expect(await count('document_files')).toBe(documentsBefore + 1);
    expect(await s3.keys('files/')).toHaveLength(objectsBefore.length + 1);

    // The lost instance is replaced for the next test.
    a = await startApi(api.entry, envOf(sink.ports[0]!));
  }, 120_000);

  it('SIGKILL mid-send: every e-mail arrives, a repeated one carries the same Message-ID, none is acknowledged twice', async () => {
    const recover = (base: string, email: string, cpf: string) =>
      fetch(`${base}/api/v3/auth/recover`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, cpf }),
      });
    // The SMTP server takes the next message in full and does not answer: its sender is mid-send.
    sink.hold(1);
    expect((await recover(a.base, 'comprador@demo.com.br', '529.982.247-25')).status).toBe(202);
    const held = await waitFor('the first message to reach the SMTP server', () => sink.messages[0]);
    const [sender, survivor] = held.port === sink.ports[0] ? [a, b] : [b, a];
    await stopApi(sender, 'SIGKILL');

    // More mail while one instance is gone.
    expect((await recover(survivor.base, 'outro@demo.com.br', completeCpf('284615937'))).status).toBe(202);

    // The survivor takes the dead instance's message over once its lease runs out.
    await waitFor(
      'every outbox message to be sent',
      async () => Number((await db.query('select count(*) as n from outbox where sent_at is null')).rows[0].n) === 0,
      90_000,
    );
    const rows = (await db.query<{ id: string; to_address: string }>('select id, to_address from outbox')).rows;
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      const copies = sink.messages.filter((m) => m.messageId === `<${row.id}@portal>`);
      expect(copies.length).toBeGreaterThanOrEqual(1);
      expect(copies.every((m) => m.to === row.to_address)).toBe(true);
      expect(copies.filter((m) => m.acknowledged)).toHaveLength(1);
    }
    // The held message arrived twice: cut on the dead instance, then sent by the survivor, same Message-ID.
    const again = sink.messages.filter((m) => m.messageId === held.messageId);
    expect(again.map((m) => [m.port, m.acknowledged])).toEqual([
      [held.port, false],
      [sink.ports[survivor === a ? 0 : 1], true],
    ]);
    // Nothing arrived that the outbox does not hold.
    expect(sink.messages.every((m) => rows.some((r) => m.messageId === `<${r.id}@portal>`))).toBe(true);
    expect(survivor.child.exitCode).toBeNull();
  }, 150_000);
});
