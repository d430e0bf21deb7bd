import { describe, expect, it } from 'vitest';
import { ELIGIBLE } from '@portal/domain/testing/fgts-answers';
import { DATABASES, demoSuite, newFinancingProposal, type Client } from './helpers';

// The operator enters the property's values and the rate (docs/decisions/020): what the route
// answers and writes in each case. A refusal (404 for an unknown proposal, 400 for a loan above the
// LTV limit, with its field) writes nothing; a save stores the values (moving `updated_at`), stores
// the percentage (the property's FGTS rules may open or close FGTS forms) without touching
// `updated_at` again, refreshes the queue's waits and writes one audit entry. Written before
// `save-financing-values.ts` moved the save onto the proposal core
// (docs/decisions/059-the-proposal-core.md), and kept green after.

describe.each(DATABASES)('the financing values saved on %s', (dialect) => {
  const { t, as, ids, userIds } = demoSuite(dialect);

  /** What a save may change: the proposal's row, its waits, the audit log, its history. */
  async function state(proposalId: string) {
    const db = t.db.kysely;
    const [proposal, audit, history, waits] = await Promise.all([
      db.selectFrom('proposals').selectAll().where('id', '=', proposalId).executeTakeFirst(),
      db.selectFrom('audit_log').selectAll().execute(),
      db.selectFrom('proposal_history').select('id').execute(),
      db.selectFrom('proposal_waits').selectAll().where('proposal_id', '=', proposalId).orderBy('reason').execute(),
    ]);
    return { proposal, audit, history, waits };
  }

  /** The answer and what the request wrote, without ids and clocks. */
  async function recorded(proposalId: string, body: object, who: Client = as.operador) {
    const before = await state(proposalId);
    const res = await who.put(`/api/v3/backoffice/proposals/${proposalId}/financing`, body);
    const after = await state(proposalId);
    const changed = Object.fromEntries(
      Object.entries(after.proposal ?? {})
        .filter(([key, value]) => before.proposal?.[key as keyof typeof before.proposal] !== value)
        .map(([key, value]) => [key, key.endsWith('_at') || key.endsWith('_since') ? 'moved' : value]),
    );
    return {
      status: res.statusCode,
      body: res.json() as Record<string, unknown>,
      proposal: changed,
      history: after.history.length - before.history.length,
      audit: after.audit
        .filter((a) => !before.audit.some((b) => b.id === a.id))
        .map((a) => ({
          actor: a.actor_id === userIds.operador ? 'operador' : a.actor_id,
          action: a.action,
          subject: a.subject?.replace(proposalId, ':id'),
          ip: a.ip,
          detail: a.detail,
        })),
      waits: after.waits.map((w) => ({
        reason: w.reason,
        owner: w.owner_id,
        since: before.waits.find((b) => b.reason === w.reason)?.since === w.since ? 'kept' : 'set',
      })),
      waitsEnded: before.waits.filter((b) => !after.waits.some((w) => w.reason === b.reason)).map((b) => b.reason),
    };
  }

  const nothingWritten = { proposal: {}, history: 0, audit: [], waitsEnded: [] };
  /** The operator's view of the progress: the stored percentage must be its percentage. */
  const percentOf = async (proposalId: string) =>
    (await as.operador.get(`/api/v3/proposals/${proposalId}/progress`)).json().data.percent as number;

  it('refuses an unknown proposal (404) and anyone but an operator (403), writing nothing', async () => {
    const body = { propertyValue: 'R$ 700.000,00', interestRate: '10,49' };
    const unknown = await recorded('nope', body);
    expect(unknown).toMatchObject({ status: 404, proposal: {}, history: 0, audit: [] });
    expect(unknown.body).toEqual({ error: { code: 'not_found', message: expect.any(String) } });
    for (const who of [as.comprador, as.vendedor, as.outro])
      expect(await recorded(ids.twoBuyers, body, who)).toMatchObject({ status: 403, ...nothingWritten });
  });

  it('refuses a loan above the limit (400 loan_to_value, the field of the value compared), writing nothing', async () => {
    const price = await recorded(ids.twoBuyers, { propertyValue: 'R$ 600.000,00', interestRate: '10,49' });
    const message =
      'O valor financiado (R$ 520.000,00) passa de 80 % do valor de compra do imóvel (R$ 600.000,00). No SAC, o máximo é R$ 480.000,00.';
    expect(price).toMatchObject({ status: 400, ...nothingWritten });
    expect(price.body).toEqual({ error: { code: 'loan_to_value', message, fields: { propertyValue: message } } });
    const appraisal = await recorded(ids.twoBuyers, {
      propertyValue: 'R$ 700.000,00',
      appraisalValue: 'R$ 640.000,00',
      interestRate: '10,49',
    });
    expect(appraisal).toMatchObject({ status: 400, ...nothingWritten });
    const error = (appraisal.body as { error: { code: string; message: string; fields: object } }).error;
    expect(error.code).toBe('loan_to_value');
    expect(error.fields).toEqual({ appraisalValue: error.message });
  });

  it('stores the values, the percentage (FGTS forms closed, then opened again) and one audit entry', async () => {
    const id = await newFinancingProposal(as.operador, { amount: '1.000.000,00' });
    const fgts = await as.comprador.put(`/api/v3/proposals/${id}/sections/fgts_questions?buyer=0`, ELIGIBLE);
    expect(fgts.statusCode, fgts.body).toBe(200);
    const percentBefore = (await state(id)).proposal!.filling_status;

    // Above the SFH ceiling: the FGTS forms close, the percentage moves.
    const closing = { propertyValue: 'R$ 2.400.000,00', interestRate: '10,49' };
    const closed = await recorded(id, closing);
    expect(closed).toMatchObject({
      status: 200,
      body: { data: { ok: true } },
      proposal: {
        property_value: 240_000_000,
        interest_rate_bp: 1049,
        filling_status: await percentOf(id),
        updated_at: 'moved',
      },
      history: 0,
      audit: [
        {
          actor: 'operador',
          action: 'financing.values_saved',
          subject: 'proposal::id',
          ip: '127.0.0.1',
          detail: JSON.stringify({ propertyValue: 240_000_000, appraisalValue: null, interestRate: 1049 }),
        },
      ],
      waitsEnded: [],
    });
    expect(closed.proposal.filling_status).not.toBe(percentBefore);

    // The appraisal below the ceiling: the forms open again.
    const opening = { propertyValue: 'R$ 2.400.000,00', appraisalValue: 'R$ 2.200.000,00', interestRate: '10,49' };
    const opened = await recorded(id, opening);
    expect(opened).toMatchObject({
      status: 200,
      proposal: { appraisal_value: 220_000_000, filling_status: await percentOf(id), updated_at: 'moved' },
      history: 0,
      audit: [{ action: 'financing.values_saved' }],
    });
    expect(opened.proposal).not.toHaveProperty('property_value');

    // The same values again: only `updated_at` moves (the percentage is the same).
    const again = await recorded(id, opening);
    expect(again).toMatchObject({ status: 200, proposal: { updated_at: 'moved' }, audit: [{}] });
    expect(Object.keys(again.proposal)).toEqual(['updated_at']);
  });
});
