import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { formatCpf } from '@portal/domain/cpf';
import { DATABASES, DEMO_PROPOSALS, demoSuite, sectionUrl } from './helpers';
import { uploadDocument } from './helpers/documents';
import { makePdf } from './document-files';

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
  const { t, as, anonymous, ids } = demoSuite(dialect);
  const { compradora: second, operador: operator } = as;
  let cpf: string;
  /** The team's internal note about her (docs/decisions/051): not hers to export, erased with her. */
  const noteText = () => `Compradora 2 (CPF ${formatCpf(cpf)}): renda informal — pedir extratos`;

  beforeAll(async () => {
    cpf = (
      await t.db.kysely
        .selectFrom('users')
        .select('cpf')
        .where('email', '=', 'compradora@demo.com.br')
        .executeTakeFirstOrThrow()
    ).cpf!;

    // Her traces: sent data with her CPF, an uploaded file that contains it, a recovery e-mail.
    const data = await second.put(sectionUrl(ids.twoBuyers, 'data', 1), {
      name: 'Mariana Alves Souza',
      cpf: formatCpf(cpf),
      email: 'compradora@demo.com.br',
      phone: '(11) 97654-3210',
      birth_date: '21/07/1988',
      civil_status: 'single',
      occupation: 'Arquiteta',
      income: '9.800,00',
    });
    expect(data.statusCode).toBe(200);
    const upload = await uploadDocument(second, ids.twoBuyers, 'income_tax_buyer2', {
      name: `rg-${cpf}.pdf`,
      content: makePdf({ text: `CPF ${formatCpf(cpf)} ${cpf}` }),
      type: 'application/pdf',
    });
    expect(upload.statusCode, upload.body).toBeLessThan(300);
    await anonymous.post('/api/v3/auth/recover', { email: 'compradora@demo.com.br', cpf: formatCpf(cpf) });
    await t.app.mailer.deliver();
    const note = await operator.post(`/api/v3/backoffice/proposals/${ids.twoBuyers}/notes`, { text: noteText() });
    expect(note.statusCode, note.body).toBe(201);
  });

  it('exports everything about the caller as a JSON download, and only theirs', async () => {
    const res = await second.get('/api/v3/privacy/export');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('attachment');
    const { account, proposals } = res.json().data;
    expect(account).toMatchObject({ email: 'compradora@demo.com.br', cpf });
    expect(account).not.toHaveProperty('password_hash');
    const p = proposals.find((x: { code: string }) => x.code === DEMO_PROPOSALS.twoBuyers);
    expect(p.sections.map((s: { section: string }) => s.section)).toContain('data');
    // The main buyer's sections are not hers.
    expect(p.sections.every((s: { buyer: number | null }) => s.buyer === 1)).toBe(true);
    expect(p.documents.map((d: { item: string }) => d.item)).toEqual(['income_tax_buyer2']);
    // The team's internal notes are its working notes, not part of the self-service export.
    expect(res.body).not.toContain('renda informal — pedir extratos');
  });

  it('only buyers and sellers ask; only operators list and complete', async () => {
    expect((await anonymous.get('/api/v3/privacy/export')).statusCode).toBe(401);
    expect((await second.get('/api/v3/privacy/requests')).statusCode).toBe(403);
    expect((await operator.post('/api/v3/privacy/deletion-request')).statusCode).toBe(403);
  });

  it("deletes the person on the operator's completion: no trace of the CPF in the database or the files", async () => {
    const asked = await second.post('/api/v3/privacy/deletion-request');
    expect(asked.statusCode).toBe(202);
    const again = await second.post('/api/v3/privacy/deletion-request');
    expect(again.statusCode).toBe(409);
    const requests = (await operator.get('/api/v3/privacy/requests')).json().data as { id: string; status: string }[];
    const pending = requests.find((r) => r.status === 'pending')!;
    const done = await operator.post(`/api/v3/privacy/requests/${pending.id}/complete`);
    expect(done.statusCode).toBe(200);
    await t.app.mailer.deliver();

    // Her session died with her account.
    expect((await second.get('/api/v3/auth/user')).statusCode).toBe(401);

    const needles = [cpf, formatCpf(cpf), 'compradora@demo.com.br', 'Mariana Alves Souza'];
    const k = t.db.kysely;
    // This app's tables only: on PostgreSQL the introspection lists every schema of the database
    // (other test files' schemas, anything else in it), and the names are read here unqualified.
    const schema =
      t.db.dialect === 'postgres'
        ? (await sql<{ name: string }>`select current_schema() as name`.execute(k)).rows[0]!.name
        : undefined;
    const tables = (await k.introspection.getTables()).filter(
      (table) => schema === undefined || table.schema === schema,
    );
    expect(tables.map((table) => table.name)).toContain('proposal_members');
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
      .where('proposal_id', '=', ids.twoBuyers)
      .where('position', '=', 1)
      .where('role', '=', 'buyer')
      .executeTakeFirstOrThrow();
    expect(proposal).toEqual({ name: 'Titular removido', cpf: null });
    // The team's notes on her proposal keep their author and time, not their text.
    const notes = (await operator.get(`/api/v3/backoffice/proposals/${ids.twoBuyers}/notes`)).json().data;
    expect(notes.map((n: { text: string }) => n.text)).toEqual([
      'Nota apagada com os dados pessoais de um titular (LGPD).',
    ]);
  });
});
