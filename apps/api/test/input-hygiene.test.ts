import { describe, expect, it } from 'vitest';
import { completeCpf } from '@portal/domain/cpf';
import { CONTROL_CHARACTERS_MESSAGE } from '@portal/domain/fields';
import { appSuite, asUser, DATABASES, demoSuite, financingProposalBody, sectionUrl } from './helpers';

/** Control characters in names and free texts, and who may read the API's map (docs/decisions/016-input-hygiene.md). */
describe.each(DATABASES)('input hygiene on %s', (dialect) => {
  const { t, as, anonymous, ids } = demoSuite(dialect);
  const { operador: operator, outro } = as;

  const mailsTo = (to: string) => t.db.kysely.selectFrom('outbox').selectAll().where('to_address', '=', to).execute();

  it('a CR/LF in the invited seller name is refused in Portuguese and no invitation leaves', async () => {
    const email = `vendedor.crlf.${dialect}@exemplo.com.br`;
    const res = await outro.put(sectionUrl(ids.othersProposal, 'seller'), {
      sellerName: 'Paulo Mendes\r\nBcc: vitima@exemplo.com\r\n\r\nClique aqui: http://golpe.exemplo',
      sellerEmail: email,
      sellerPhone: '(41) 99876-1234',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields.sellerName).toBe(CONTROL_CHARACTERS_MESSAGE);
    expect(await mailsTo(email)).toEqual([]);
  });

  it('a CR/LF in an invited buyer name is refused in Portuguese: no proposal, no e-mail', async () => {
    const email = `compradora.crlf.${dialect}@exemplo.com.br`;
    const before = await t.db.kysely
      .selectFrom('proposals')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const res = await operator.post(
      '/api/v3/backoffice/proposals',
      financingProposalBody([{ name: 'Paula Teste\nSua conta foi bloqueada', cpf: completeCpf('418000123'), email }]),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields['buyers.0.name']).toBe(CONTROL_CHARACTERS_MESSAGE);
    expect(await mailsTo(email)).toEqual([]);
    const after = await t.db.kysely
      .selectFrom('proposals')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('/api/docs is open in development', async () => {
    const res = await anonymous.get('/api/docs');
    expect(res.statusCode).toBe(200);
    expect(res.json().openapi).toBe('3.1.0');
  });
});

describe('/api/docs in production', () => {
  const { t, anonymous } = appSuite('sqlite', { env: { NODE_ENV: 'production' } });

  it('is served to operators only', async () => {
    expect((await anonymous.get('/api/docs')).statusCode).toBe(401);
    expect((await (await asUser(t, 'comprador')).get('/api/docs')).statusCode).toBe(403);
    const res = await (await asUser(t, 'operador')).get('/api/docs');
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json().paths)).toContain('/api/v3/backoffice/proposals');
  });
});
