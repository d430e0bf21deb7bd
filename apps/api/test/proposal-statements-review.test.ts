import { describe, expect, it } from 'vitest';
import { DATABASES, statementSuite } from './helpers';
import { makePdf } from './document-files';
import { listDocuments, uploadDocument } from './helpers/documents';

// What an operator's document review and a status change cost in statements
// (docs/decisions/059-the-proposal-core.md), counted as proposal-statements.test.ts counts them
// (the outbox's own delivery, kicked after the commit, aside). Before the proposal core, on both
// databases: a file refused 36 statements, an item accepted 28, a status change 21; now 20, 18, 14.
// What is left beyond the session, BEGIN/COMMIT, the one read of the proposal and the writes is
// the operators' queue's refresh (queue-waits.ts) and the answer's list (users' names).

describe.each(DATABASES)("statements of an operator's review on %s", (dialect) => {
  const { as, ids, sent } = statementSuite(dialect);

  /**
   * The proposal, its members and its sections are read once, in the core's one statement (the
   * queue's refresh reads the proposal's waiting state and its pending invitations, queue-waits.ts).
   */
  const readOnce = (sqls: string[]) => {
    expect(
      sqls.filter((sql) => /^select .* from "proposals" as "p" left join "proposal_members"/s.test(sql)),
    ).toHaveLength(1);
    expect(
      sqls.filter((sql) => /^select (\*|"\w+"(, "\w+")*) from "(proposal_members|proposal_sections)" where/.test(sql)),
    ).toEqual([]);
    expect(sqls.filter((sql) => /^select \* from "proposals"/.test(sql))).toEqual([]);
    expect(sqls.filter((sql) => /^begin/.test(sql))).toHaveLength(1);
  };

  it('a file refused, an item accepted, a status change', async () => {
    const up = await uploadDocument(as.comprador, ids.twoBuyers, 'income_tax_buyer1', {
      name: 'IRPF.pdf',
      content: makePdf(),
    });
    expect(up.statusCode).toBe(201);
    const file = (await listDocuments(as.comprador, ids.twoBuyers)).items.find((i) => i.key === 'income_tax_buyer1')!
      .files[0]!;
    const refused = await sent(() =>
      as.operador.post(`/api/v3/proposals/${ids.twoBuyers}/documents/files/${file.id}/review`, {
        decision: 'reject',
        reason: 'Ilegível.',
      }),
    );
    const again = await uploadDocument(as.comprador, ids.twoBuyers, 'income_tax_buyer1', {
      name: 'IRPF 2.pdf',
      content: makePdf(),
    });
    expect(again.statusCode).toBe(201);
    const accepted = await sent(() =>
      as.operador.post(`/api/v3/proposals/${ids.twoBuyers}/documents/income_tax_buyer1/review`, { decision: 'accept' }),
    );
    const status = await sent(() =>
      as.operador.post(`/api/v3/backoffice/proposals/${ids.twoBuyers}/status`, {
        status: 'under_review',
        reason: 'Em análise',
      }),
    );
    for (const sqls of [refused, accepted, status]) readOnce(sqls);
    expect([refused.length, accepted.length, status.length]).toEqual([20, 18, 14]);
    // The refusal e-mailed, the status change's progress stored and its audit recorded.
    expect(refused.filter((sql) => /^insert into "outbox"/.test(sql))).toHaveLength(1);
    expect(status.filter((sql) => /^update "proposals" set "filling_status"/.test(sql))).toHaveLength(1);
    expect(status.filter((sql) => /^insert into "audit_log"/.test(sql))).toHaveLength(1);
  });
});
