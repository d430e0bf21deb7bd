import { beforeAll, describe, expect, it } from 'vitest';
import { formatProposalCode, type ProposalListPage } from '@portal/domain/backoffice';
import { completeCpf, formatCpf } from '@portal/domain/cpf';
import { DATABASES, DEMO_PROPOSALS } from './helpers';
import { useBackofficeWorld } from './helpers/backoffice';
import { syncProposalIndex } from '../src/modules/proposals/search-index';

/** The list of every proposal: search, filters, sort and keyset pages. */

describe.each(DATABASES)('back office: the list on %s', (dialect) => {
  const w = useBackofficeWorld(dialect);
  const { as, list } = w;

  describe('the list', () => {
    let tagged: { id: string; code: string }[] = [];
    beforeAll(async () => {
      // 23 proposals of one family name, for search and paging; inserted directly (faster) and indexed.
      const now = Date.now();
      tagged = [];
      for (let i = 0; i < 23; i++) {
        const id = crypto.randomUUID();
        const code = formatProposalCode(i % 3 === 0 ? 'cgi' : 'financing', 2025, 900_000 + i);
        await w.t.db.kysely
          .insertInto('proposals')
          .values({
            id,
            code,
            type: i % 3 === 0 ? 'cgi' : 'financing',
            status: i % 2 ? 'under_review' : 'filling',
            stage: 'registration',
            filling_status: i * 4,
            property: JSON.stringify({
              type: 'residential',
              kind: 'house',
              zipCode: '80240210',
              uf: 'PR',
              city: 'Curitiba',
            }),
            financing: JSON.stringify({
              amortizationSystem: 'PRICE',
              amount: 10_000_000 + i,
              feeType: 'fixed',
              installments: 240,
              insuranceCompanyName: i % 4 ? 'itau' : 'tokio',
              product: 'SFI',
            }),
            created_at: now - i * 1000,
            updated_at: now - i * 1000,
          })
          .execute();
        await w.t.db.kysely
          .insertInto('proposal_members')
          .values({
            id: crypto.randomUUID(),
            proposal_id: id,
            user_id: null,
            role: 'buyer',
            position: 0,
            name: `Joaquim Zébrico ${i}`,
            email: `zebrico${i}@exemplo.com.br`,
            cpf: completeCpf(String(313_000_000 + i)),
            created_at: now,
          })
          .execute();
        await syncProposalIndex(w.t.db.kysely, id);
        tagged.push({ id, code });
      }
    });

    it('searches by code, buyer name (accents and case ignored) and CPF, masked or not', async () => {
      expect((await list(`q=${DEMO_PROPOSALS.twoBuyers}`)).data.map((p) => p.code)).toEqual([DEMO_PROPOSALS.twoBuyers]);
      expect((await list('q=zebrico&limit=100')).page.total).toBe(23);
      expect((await list('q=ZÉBRICO%20joaq&limit=100')).page.total).toBe(23);
      const cpf = completeCpf('313000007');
      expect((await list(`q=${encodeURIComponent(formatCpf(cpf))}`)).data.map((p) => p.code)).toEqual([
        tagged[7]!.code,
      ]);
      expect((await list(`q=${cpf.slice(0, 9)}`)).data.map((p) => p.code)).toEqual([tagged[7]!.code]);
      const carlos = await list('q=carlos%20souza&limit=100');
      expect(carlos.data.map((p) => p.code)).toEqual(
        expect.arrayContaining([DEMO_PROPOSALS.twoBuyers, DEMO_PROPOSALS.underReview, DEMO_PROPOSALS.started]),
      );
      expect(carlos.data[0]!.buyers[0]).toMatchObject({ name: expect.any(String), cpf: expect.any(String) });
      expect((await list('q=ninguem%20assim')).page.total).toBe(0);
    });

    it('filters by status, stage, type and insurer', async () => {
      const cgiTokio = await list('q=zebrico&type=cgi&insurer=tokio&limit=100');
      expect(cgiTokio.data.every((p) => p.type === 'cgi' && p.insurer === 'tokio')).toBe(true);
      expect(cgiTokio.page.total).toBe(tagged.filter((_, i) => i % 3 === 0 && i % 4 === 0).length);
      const review = await list('q=zebrico&status=under_review&limit=100');
      expect(review.page.total).toBe(11);
      expect((await list('status=under_review&stage=credit_analysis')).data.map((p) => p.code)).toContain(
        DEMO_PROPOSALS.underReview,
      );
      expect((await list('q=zebrico&stage=contract')).page.total).toBe(0);
      expect((await as.operador.get('/api/v3/backoffice/proposals?status=unknown')).statusCode).toBe(400);
    });

    it('pages forward and back with stable keyset cursors, in every sort', async () => {
      for (const [sort, order] of [
        ['updatedAt', 'desc'],
        ['code', 'asc'],
        ['fillingStatus', 'desc'],
        ['createdAt', 'asc'],
      ] as const) {
        const all = (await list(`q=zebrico&sort=${sort}&order=${order}&limit=100`)).data.map((p) => p.code);
        expect(all).toHaveLength(23);
        const seen: string[] = [];
        let page = await list(`q=zebrico&sort=${sort}&order=${order}&limit=5`);
        expect(page.page.prev).toBeNull();
        const pages: ProposalListPage[] = [page];
        seen.push(...page.data.map((p) => p.code));
        while (page.page.next) {
          page = await list(`q=zebrico&sort=${sort}&order=${order}&limit=5&cursor=${page.page.next}`);
          pages.push(page);
          seen.push(...page.data.map((p) => p.code));
        }
        expect(seen).toEqual(all);
        expect(pages).toHaveLength(5);
        // Walking back from the last page gives the same pages.
        let back = pages.at(-1)!;
        for (let i = pages.length - 2; i >= 0; i--) {
          back = await list(`q=zebrico&sort=${sort}&order=${order}&limit=5&cursor=${back.page.prev}`);
          expect(back.data.map((p) => p.code)).toEqual(pages[i]!.data.map((p) => p.code));
        }
        expect(back.page.prev).toBeNull();
      }
      const sorted = (await list('q=zebrico&sort=code&order=asc&limit=100')).data.map((p) => p.code);
      expect(sorted).toEqual([...sorted].sort());
    });
  });
});
