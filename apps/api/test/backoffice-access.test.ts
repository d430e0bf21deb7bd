import { describe, expect, it } from 'vitest';
import { DATABASES } from './helpers';
import { FORBIDDEN, newProposal, UNAUTHENTICATED, useBackofficeWorld } from './helpers/backoffice';

/** Only operators reach the back office; unknown proposals are 404. */

describe.each(DATABASES)('back office: who reaches it on %s', (dialect) => {
  const w = useBackofficeWorld(dialect);
  const { as, ids, statusOf } = w;

  it('only operators reach the back office: anonymous 401, buyers and sellers 403, operators 2xx', async () => {
    const routes: [method: 'GET' | 'POST' | 'PATCH', url: string, body?: object][] = [
      ['GET', '/api/v3/backoffice/proposals'],
      ['POST', '/api/v3/backoffice/proposals', newProposal()],
      ['GET', `/api/v3/backoffice/proposals/${ids.first}`],
      [
        'POST',
        `/api/v3/backoffice/proposals/${ids.started}/stage`,
        { stage: 'credit_analysis', reason: 'Cadastro conferido' },
      ],
      [
        'POST',
        `/api/v3/backoffice/proposals/${ids.started}/status`,
        { status: 'under_review', reason: 'Documentação completa' },
      ],
      [
        'POST',
        `/api/v3/backoffice/proposals/${ids.first}/sections/data/correction`,
        { buyer: 0, note: 'Confira a renda informada' },
      ],
      ['GET', `/api/v3/backoffice/proposals/${ids.first}/dossier`],
      ['GET', '/api/v3/backoffice/audit'],
      ['GET', '/api/v3/backoffice/outbox'],
      ['GET', '/api/v3/operators'],
      ['POST', '/api/v3/operators', { name: 'Operadora Nova', email: `op.${dialect}@portal.com.br` }],
      [
        'PATCH',
        `/api/v3/operators/${(await w.t.db.kysely.selectFrom('users').select('id').where('email', '=', 'operador@demo.com.br').executeTakeFirstOrThrow()).id}`,
        { canViewHealth: true },
      ],
    ];
    for (const [method, url, body] of routes) {
      const anonymous = await as.anonymous.request(method, url, body);
      expect([url, anonymous.statusCode, anonymous.json()]).toEqual([url, 401, UNAUTHENTICATED]);
      for (const client of [as.comprador, as.vendedor]) {
        const other = await client.request(method, url, body);
        expect([url, other.statusCode, other.json()]).toEqual([url, 403, FORBIDDEN]);
      }
    }
    // Nothing changed by the refused calls.
    expect(await statusOf(ids.started)).toEqual({ status: 'filling', stage: 'registration' });
    for (const [method, url, body] of routes) {
      const res = await as.operador.request(method, url, body);
      expect([url, res.statusCode < 300]).toEqual([url, true]);
    }
  });

  it('an unknown proposal is 404 for the operator too', async () => {
    for (const url of ['/api/v3/backoffice/proposals/nao-existe', '/api/v3/backoffice/proposals/nao-existe/dossier']) {
      expect((await as.operador.get(url)).statusCode).toBe(404);
    }
    const res = await as.operador.post('/api/v3/backoffice/proposals/nao-existe/status', {
      status: 'under_review',
      reason: 'Tudo conferido',
    });
    expect(res.statusCode).toBe(404);
  });
});
