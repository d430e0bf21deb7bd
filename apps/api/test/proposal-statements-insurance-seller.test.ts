import { describe, expect, it } from 'vitest';
import { HEALTH_CONSENT_VERSION } from '@portal/domain/health-questionnaire';
import { DATABASES, statementSuite, proposalUrl, sectionUrl } from './helpers';
import { SELLER_KEYS, VALID_SELLER_SECTIONS } from './helpers/seller';

// What one health answer and the seller's completion cost in statements, counted as in
// proposal-statements.test.ts (docs/decisions/059-the-proposal-core.md): every statement the app
// sends while the request runs, the session's read, BEGIN and COMMIT included.
// Before they were written on the proposal core (withProposal), the same on SQLite and PostgreSQL:
// a health answer 21 statements, the seller's completion 20; now 12 and 7.

/** What one health answer sends, in order. */
const ANSWER = [
  /from "sessions"/,
  /^begin/,
  // The proposal with its members and what the progress reads, in one statement (proposal-state.ts).
  /^select .*insurance_declarations.* from "proposals" as "p" left join "proposal_members"/s,
  /^select \* from "health_consents"/,
  /^insert into "health_answers"/,
  /^update "insurance_declarations"/,
  // The overview the answer returns.
  /^select \* from "insurance_declarations"/,
  /^select \* from "health_consents"/,
  /^select \* from "health_answers"/,
  // The declarations changed: what the progress reads, once more, in one statement.
  /^select .*insurance_declarations.*document_files/s,
  /^update "proposals" set "filling_status"/,
  /^commit/,
];

/** What the seller's completion sends, in order (no status move: the buyers have not sent theirs). */
const COMPLETE = [
  /from "sessions"/,
  /^begin/,
  /^select .*proposal_sections.*insurance_declarations.*document_files.*settings.* from "proposals" as "p" left join "proposal_members"/s,
  /^update "proposals" set "seller_completed_at"/,
  /^update "proposals" set "filling_status" = \S+ where/,
  /^insert into "audit_log"/,
  /^commit/,
];

describe.each(DATABASES)('statements of a health answer and of the seller completing on %s', (dialect) => {
  const { t, as, ids, sent } = statementSuite(dialect);

  it('one health answer', async () => {
    const consent = await as.comprador.post(proposalUrl(ids.twoBuyers, '/insurance/consent'), {
      version: HEALTH_CONSENT_VERSION,
      accepted: true,
    });
    expect(consent.statusCode, consent.body).toBe(200);
    const answer = await sent(() =>
      as.comprador.put(proposalUrl(ids.twoBuyers, '/insurance/answers/1'), { value: 'no' }),
    );
    expect(answer).toHaveLength(ANSWER.length);
    answer.forEach((sql, i) => expect(sql).toMatch(ANSWER[i]!));
  });

  it("the seller's completion", async () => {
    for (const key of SELLER_KEYS) {
      const res = await as.vendedor.put(sectionUrl(ids.twoBuyers, key), VALID_SELLER_SECTIONS[key]!);
      expect(res.statusCode, `${key}: ${res.body}`).toBe(200);
    }
    const complete = await sent(() => as.vendedor.post(proposalUrl(ids.twoBuyers, '/seller/complete')));
    expect(complete).toHaveLength(COMPLETE.length);
    complete.forEach((sql, i) => expect(sql).toMatch(COMPLETE[i]!));
    const part = (await as.vendedor.get(proposalUrl(ids.twoBuyers, '/seller'))).json().data;
    expect(part).toMatchObject({ ready: true, done: true });
  });

  it("the seller's completion that sends the proposal to the team stores the progress of its new status", async () => {
    // The buyers' part sent, the seller's not yet (the proposal above, its completion undone).
    const db = t.db.kysely;
    await db
      .updateTable('proposals')
      .set({ status: 'awaiting_seller', seller_completed_at: null })
      .where('id', '=', ids.twoBuyers)
      .execute();
    const res = await as.vendedor.post(proposalUrl(ids.twoBuyers, '/seller/complete'));
    expect(res.statusCode, res.body).toBe(200);
    const stored = await db
      .selectFrom('proposals')
      .select(['status', 'filling_status'])
      .where('id', '=', ids.twoBuyers)
      .executeTakeFirstOrThrow();
    expect(stored.status).toBe('under_review');
    const progress = (await as.operador.get(proposalUrl(ids.twoBuyers, '/progress'))).json().data;
    expect(stored.filling_status).toBe(progress.percent);
    const actions = await db
      .selectFrom('audit_log')
      .select('action')
      .where('subject', '=', `proposal:${ids.twoBuyers}`)
      .where('action', 'in', ['seller.completed', 'proposal.sent_for_analysis'])
      .execute();
    // This completion's two entries, and the one of the completion above.
    expect(actions.map((a) => a.action).sort()).toEqual([
      'proposal.sent_for_analysis',
      'seller.completed',
      'seller.completed',
    ]);
  });
});
