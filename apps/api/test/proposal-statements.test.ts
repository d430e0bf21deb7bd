import { describe, expect, it } from 'vitest';
import { findFinancingSettings, settingsOf } from '../src/modules/proposals/settings';
import { loadProposalState } from '../src/modules/proposals/proposal-state';
import {
  DATABASES,
  statementSuite,
  insertConfirmedHealth,
  INVESTMENT_DATA,
  proposalUrl,
  sectionUrl,
  SECOND_BUYER_DATA,
} from './helpers';

// What a section submit, a draft save and the progress read cost in statements
// (docs/decisions/059-the-proposal-core.md). Counted: every statement the app sends to the database
// while the request runs, as the statement listener of openDatabase sees them (Kysely's query log
// and the hot statements run directly): the session's read, BEGIN and COMMIT included.
// Before the proposal core: a submit 23 statements, a draft 3, the progress read 14 (one a write);
// now 7 on SQLite and 3 on PostgreSQL, 3 and 2.

/** The proposal with its members, and its sections, health declarations, documents' files and the
 * financing settings as JSON columns of the same statement (proposal-state.ts). */
const LOAD =
  /^select .*proposal_sections.*insurance_declarations.*document_files.*settings.* from "proposals" as "p" left join "proposal_members"/s;

/** What a section submit sends, in order: each statement of the proposal once, the writes. */
const SUBMIT = {
  // A transaction: three writes (SQLite has no data-modifying CTE; its statements cost no round trip).
  sqlite: [
    /from "sessions"/,
    /^begin/,
    LOAD,
    /^insert into "proposal_sections"/,
    /^update "proposals" set "filling_status"/,
    /^insert into "audit_log"/,
    /^commit/,
  ],
  // One guarded statement, atomic by itself: no BEGIN/COMMIT (unit-of-work.ts, oneStatement).
  postgres: [
    /from "sessions"/,
    LOAD,
    /^\s*with p as \(\s*update proposals set filling_status.*insert into proposal_sections.*insert into audit_log.*select \* from s$/s,
  ],
};

const WRITES = /^\s*(insert|update|delete)\b/i;

describe.each(DATABASES)('statements of a section submit, a draft save and the progress on %s', (dialect) => {
  const { t, as, ids, userIds, sent } = statementSuite(dialect);

  const submit = SUBMIT[dialect];

  it("a buyer's own section submitted", async () => {
    const url = sectionUrl(ids.twoBuyers, 'data', 1);
    const cpf = (await as.compradora.get(url)).json().data.prefill.cpf as string;
    const data = await sent(() => as.compradora.put(url, { ...SECOND_BUYER_DATA, cpf }));
    expect(data).toHaveLength(submit.length);
    data.forEach((sql, i) => expect(sql).toMatch(submit[i]!));
  });

  it('a proposal-wide section submitted', async () => {
    const investment = await sent(() => as.comprador.put(sectionUrl(ids.twoBuyers, 'investment'), INVESTMENT_DATA));
    expect(investment).toHaveLength(submit.length);
    investment.forEach((sql, i) => expect(sql).toMatch(submit[i]!));
  });

  it('a draft saved: the session, the proposal with its members, the upsert', async () => {
    const draft = await sent(() =>
      as.compradora.put(proposalUrl(ids.twoBuyers, '/sections/address/draft?buyer=1'), { address: 'Rua' }),
    );
    expect(draft).toHaveLength(3);
    expect(draft.filter((sql) => WRITES.test(sql))).toHaveLength(1);
  });

  it('the progress read writes nothing', async () => {
    for (const who of [as.comprador, as.vendedor, as.operador]) {
      const progress = await sent(() => who.get(proposalUrl(ids.twoBuyers, '/progress')));
      expect(progress.filter((sql) => WRITES.test(sql))).toEqual([]);
      // The session; the proposal with its members and the rest of what the progress reads.
      expect(progress).toHaveLength(2);
    }
  });

  it("reads a proposal's sections, declarations, files and settings in one statement, as their own selects give them", async () => {
    const db = t.db.kysely;
    const byId = <T extends { id: string }>(rows: T[]) => [...rows].sort((a, b) => a.id.localeCompare(b.id));
    const files = (id: string) =>
      db
        .selectFrom('document_files')
        .select(['item', 'status', 'uploaded_at', 'review_reason', 'issued_on'])
        .where('proposal_id', '=', id)
        .execute();
    const key = (f: object) => JSON.stringify(f);
    // The demo has no health declaration yet: one, completed, for the main buyer of the two-buyer proposal.
    const now = Date.now();
    await insertConfirmedHealth(db, { proposalId: ids.twoBuyers, userId: userIds.comprador, now });
    // And no document: one sent, with its issue date.
    await db
      .insertInto('document_files')
      .values({
        id: `file-${dialect}`,
        proposal_id: ids.twoBuyers,
        item: 'buyer_identity',
        storage_key: `key-${dialect}`,
        name: 'rg.pdf',
        mime: 'application/pdf',
        size: 1234,
        sha256: '0'.repeat(64),
        flags: '[]',
        status: 'sent',
        review_reason: null,
        reviewed_by: null,
        reviewed_at: null,
        uploaded_by: userIds.comprador,
        uploaded_at: now,
        issued_on: '2026-01-02',
      })
      .execute();
    let seen = { sections: 0, declarations: 0, files: 0 };
    for (const id of Object.values(ids)) {
      const state = await loadProposalState(db, db, id);
      const sections = await db.selectFrom('proposal_sections').selectAll().where('proposal_id', '=', id).execute();
      expect(byId(state.sections)).toEqual(byId(sections));
      const declarations = await db
        .selectFrom('insurance_declarations')
        .select(['buyer', 'completed'])
        .where('proposal_id', '=', id)
        .execute();
      expect([...state.declarations].sort((a, b) => a.buyer - b.buyer)).toEqual(
        [...declarations].sort((a, b) => a.buyer - b.buyer),
      );
      expect(state.files.map(key).sort()).toEqual((await files(id)).map(key).sort());
      expect(settingsOf(state.settings)).toEqual(await findFinancingSettings(db));
      seen = {
        sections: seen.sections + sections.length,
        declarations: seen.declarations + declarations.length,
        files: seen.files + state.files.length,
      };
    }
    // The demo data has rows of each kind, so the comparison above compared something.
    expect(seen.sections).toBeGreaterThan(0);
    expect(seen.declarations).toBeGreaterThan(0);
    expect(seen.files).toBeGreaterThan(0);
  });

  it("the seller form invites the seller: the invitation's wait in the operators' queue is written in the submit", async () => {
    const res = await as.outro.put(sectionUrl(ids.othersProposal, 'seller'), {
      sellerName: 'Paulo Mendes',
      sellerEmail: 'paulo.mendes@exemplo.com.br',
      sellerPhone: '(41) 99876-1234',
    });
    expect(res.statusCode, res.body).toBe(200);
    const waits = await t.db.kysely
      .selectFrom('proposal_waits')
      .select(['reason', 'since'])
      .where('proposal_id', '=', ids.othersProposal)
      .execute();
    const invited = await t.db.kysely
      .selectFrom('proposal_members')
      .select('created_at')
      .where('proposal_id', '=', ids.othersProposal)
      .where('role', '=', 'seller')
      .executeTakeFirstOrThrow();
    // Late from QUEUE_INVITATION_DAYS (5 by default) after the invitation (docs/decisions/050-operator-queue.md).
    expect(waits.map((w) => [w.reason, Number(w.since)])).toContainEqual([
      'invitation_pending',
      Number(invited.created_at) + 5 * 86_400_000,
    ]);
  });
});
