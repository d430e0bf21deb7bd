import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatCpf } from '@portal/domain/cpf';
import { createTestApp, DATABASES, login, type TestApp } from './helpers';
import { makePdf, multipartBody } from './document-files';

/** Every file under a folder, recursively. */
function filesUnder(dir: string): string[] {
  let out: string[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    out = statSync(path).isDirectory() ? out.concat(filesUnder(path)) : out.concat(path);
  }
  return out;
}

describe.each(DATABASES)('LGPD self-service on %s', (dialect) => {
  let t: TestApp;
  let second: string;
  let operator: string;
  let proposalId: string;
  let cpf: string;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    second = await login(t.app, 'compradora@demo.com.br', 'buyer');
    operator = await login(t.app, 'operador@demo.com.br', 'operator');
    const list = (await t.app.inject({ url: '/api/v3/proposals', headers: { cookie: second } })).json().data as {
      id: string;
      code: string;
    }[];
    proposalId = list.find((p) => p.code === 'PF-2026-004817')!.id;
    cpf = (
      await t.db.kysely
        .selectFrom('users')
        .select('cpf')
        .where('email', '=', 'compradora@demo.com.br')
        .executeTakeFirstOrThrow()
    ).cpf!;

    // Her traces: sent data with her CPF, an uploaded file that contains it, a recovery e-mail.
    const data = await t.app.inject({
      method: 'PUT',
      url: `/api/v3/proposals/${proposalId}/sections/data?buyer=1`,
      headers: { cookie: second },
      payload: {
        name: 'Mariana Alves Souza',
        cpf: formatCpf(cpf),
        email: 'compradora@demo.com.br',
        phone: '(11) 97654-3210',
        birth_date: '21/07/1988',
        civil_status: 'single',
        occupation: 'Arquiteta',
        income: '9.800,00',
      },
    });
    expect(data.statusCode).toBe(200);
    const body = multipartBody({
      name: `rg-${cpf}.pdf`,
      content: makePdf({ text: `CPF ${formatCpf(cpf)} ${cpf}` }),
      type: 'application/pdf',
    });
    const upload = await t.app.inject({
      method: 'POST',
      url: `/api/v3/proposals/${proposalId}/documents/income_tax_buyer2/files`,
      headers: { cookie: second, ...body.headers },
      payload: body.payload,
    });
    expect(upload.statusCode, upload.body).toBeLessThan(300);
    await t.app.inject({
      method: 'POST',
      url: '/api/v3/auth/recover',
      payload: { email: 'compradora@demo.com.br', cpf: formatCpf(cpf) },
    });
    await t.app.mailer.deliver();
  });
  afterAll(async () => t?.close());

  it('exports everything about the caller as a JSON download, and only theirs', async () => {
    const res = await t.app.inject({ url: '/api/v3/privacy/export', headers: { cookie: second } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('attachment');
    const { account, proposals } = res.json().data;
    expect(account).toMatchObject({ email: 'compradora@demo.com.br', cpf });
    expect(account).not.toHaveProperty('password_hash');
    const p = proposals.find((x: { code: string }) => x.code === 'PF-2026-004817');
    expect(p.sections.map((s: { section: string }) => s.section)).toContain('data');
    // The main buyer's sections are not hers.
    expect(p.sections.every((s: { buyer: number | null }) => s.buyer === 1)).toBe(true);
    expect(p.documents.map((d: { item: string }) => d.item)).toEqual(['income_tax_buyer2']);
  });

  it('only buyers and sellers ask; only operators list and complete', async () => {
    expect((await t.app.inject({ url: '/api/v3/privacy/export' })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/v3/privacy/requests', headers: { cookie: second } })).statusCode).toBe(403);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/v3/privacy/deletion-request', headers: { cookie: operator } }))
        .statusCode,
    ).toBe(403);
  });

  it("deletes the person on the operator's completion: no trace of the CPF in the database or the files", async () => {
    const asked = await t.app.inject({
      method: 'POST',
      url: '/api/v3/privacy/deletion-request',
      headers: { cookie: second },
    });
    expect(asked.statusCode).toBe(202);
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/v3/privacy/deletion-request',
      headers: { cookie: second },
    });
    expect(again.statusCode).toBe(409);
    const requests = (await t.app.inject({ url: '/api/v3/privacy/requests', headers: { cookie: operator } })).json()
      .data as { id: string; status: string }[];
    const pending = requests.find((r) => r.status === 'pending')!;
    const done = await t.app.inject({
      method: 'POST',
      url: `/api/v3/privacy/requests/${pending.id}/complete`,
      headers: { cookie: operator },
    });
    expect(done.statusCode).toBe(200);
    await t.app.mailer.deliver();

    // Her session died with her account.
    expect((await t.app.inject({ url: '/api/v3/auth/user', headers: { cookie: second } })).statusCode).toBe(401);

    const needles = [cpf, formatCpf(cpf), 'compradora@demo.com.br', 'Mariana Alves Souza'];
    const k = t.db.kysely;
    const tables = await k.introspection.getTables();
    const hits: string[] = [];
    for (const table of tables) {
      const rows = await k
        .selectFrom(table.name as never)
        .selectAll()
        .execute();
      for (const row of rows) {
        const text = JSON.stringify(row);
        for (const n of needles.slice(0, 2)) if (text.includes(n)) hits.push(`${table.name}: ${text.slice(0, 200)}`);
      }
    }
    expect(hits).toEqual([]);
    const fileHits = filesUnder(t.config.dataDir)
      .filter((f) => !/portal\.db/.test(f))
      .filter((f) => {
        const content = readFileSync(f).toString('latin1');
        return needles.slice(0, 2).some((n) => content.includes(n));
      });
    expect(fileHits).toEqual([]);
    // The proposal is still whole, with an anonymous second buyer.
    const proposal = await k
      .selectFrom('proposal_members')
      .select(['name', 'cpf'])
      .where('proposal_id', '=', proposalId)
      .where('position', '=', 1)
      .where('role', '=', 'buyer')
      .executeTakeFirstOrThrow();
    expect(proposal).toEqual({ name: 'Titular removido', cpf: null });
  });
});
