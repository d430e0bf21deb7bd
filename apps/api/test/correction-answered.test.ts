import { describe, expect, it } from 'vitest';
import {
  DATABASES,
  demoSuite,
  everyStepDone as stepsDone,
  sectionUrl,
  SECOND_BUYER_DATA,
  type ProgressStep,
} from './helpers';

// A buyer's section submitted again answers the last correction asked: with every other step of
// both parties done, the proposal goes back to the team as "Correção respondida"
// (docs/decisions/042-one-lifecycle.md), in the submit's own transaction (proposals/unit-of-work.ts).

describe.each(DATABASES)('a section submit answers the correction on %s', (dialect) => {
  const { t, as, ids, userIds } = demoSuite(dialect);
  /** Every step of the proposal done by hand but `except`; what is still to do. */
  const everyStepDone = (proposalId: string, except: (step: ProgressStep) => boolean) =>
    stepsDone(t.db.kysely, { operator: as.operador, userId: userIds.comprador, proposalId, except });

  const statusOf = async (id: string) =>
    (await t.db.kysely.selectFrom('proposals').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;

  it('the last step asked, sent again, moves the proposal to "Correção respondida"; an earlier one does not', async () => {
    const id = ids.started;
    const data = (step: ProgressStep) => step.kind === 'section' && step.key === 'data' && step.buyer === 0;
    const address = (step: ProgressStep) => step.kind === 'section' && step.key === 'address' && step.buyer === 0;
    // Everything done but the main buyer's data and address, which the team sent back.
    expect((await everyStepDone(id, (s) => data(s) || address(s))).map((s) => s.id)).toEqual([
      'section:data:0',
      'section:address:0',
    ]);
    await t.db.kysely.updateTable('proposals').set({ status: 'pending_correction' }).where('id', '=', id).execute();

    const url = sectionUrl(id, 'data', 0);
    const cpf = (await as.comprador.get(url)).json().data.prefill.cpf as string;
    const body = { ...SECOND_BUYER_DATA, name: 'Carlos Eduardo Lima', email: 'comprador@demo.com.br', cpf };
    const first = await as.comprador.put(url, body);
    expect(first.statusCode, first.body).toBe(200);
    // The address is still to do: the correction is not answered yet.
    expect(await statusOf(id)).toBe('pending_correction');

    expect(await everyStepDone(id, () => false)).toEqual([]);
    await t.db.kysely
      .updateTable('proposal_sections')
      .set({ status: 'rejected', review_note: 'Confira a renda' })
      .where('proposal_id', '=', id)
      .where('section', '=', 'data')
      .where('buyer', '=', 0)
      .execute();
    const again = await as.comprador.put(url, body);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().data).toMatchObject({ status: 'done', reviewNote: null });
    expect(await statusOf(id)).toBe('correction_answered');
    const moved = await t.db.kysely
      .selectFrom('proposal_history')
      .select(['from_value', 'to_value', 'reason'])
      .where('proposal_id', '=', id)
      .where('kind', '=', 'status')
      .execute();
    expect(moved).toContainEqual({
      from_value: 'pending_correction',
      to_value: 'correction_answered',
      reason: 'Correção respondida.',
    });
    const audits = await t.db.kysely
      .selectFrom('audit_log')
      .select('action')
      .where('subject', 'like', `proposal:${id}%`)
      .execute();
    expect(audits.map((a) => a.action)).toEqual(
      expect.arrayContaining(['section.submitted', 'proposal.correction_answered']),
    );
  });
});
