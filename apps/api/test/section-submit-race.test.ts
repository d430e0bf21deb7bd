import { describe, expect, it } from 'vitest';
import type { SessionUser } from '@portal/domain/auth';
import { loadProposalProgress } from '../src/modules/proposals/proposal-progress';
import { CHANGED_WHILE_SAVING } from '../src/modules/proposals/unit-of-work';
import { DATABASES, demoSuite, INVESTMENT_DATA, sectionUrl, SECOND_BUYER_DATA, type Client } from './helpers';

// Concurrent section submits of one proposal (docs/decisions/059-the-proposal-core.md, "A section
// submit in four statements"): on PostgreSQL a submit is one statement guarded by the proposal's
// status and `updated_at`, run again when a concurrent change moved the proposal.

describe.each(DATABASES)('concurrent section submits on %s', (dialect) => {
  const { t, as, ids } = demoSuite(dialect);
  const db = () => t.db.kysely;

  const sessionOf = async (client: Client): Promise<SessionUser> =>
    (await client.get('/api/v3/auth/user')).json().data as SessionUser;
  /** The two sections the races submit, back to "to do" (their rows deleted). */
  const reset = () =>
    db()
      .deleteFrom('proposal_sections')
      .where('proposal_id', '=', ids.twoBuyers)
      .where((eb) =>
        eb.or([
          eb.and([eb('section', '=', 'investment'), eb('buyer', '=', -1)]),
          eb.and([eb('section', '=', 'data'), eb('buyer', '=', 1)]),
        ]),
      )
      .execute();
  const stored = async () =>
    (
      await db()
        .selectFrom('proposals')
        .select('filling_status')
        .where('id', '=', ids.twoBuyers)
        .executeTakeFirstOrThrow()
    ).filling_status;
  const computed = async () => (await loadProposalProgress(db(), ids.twoBuyers))!.percent;
  const audits = async (subject: string) =>
    (
      await db()
        .selectFrom('audit_log')
        .select('id')
        .where('action', '=', 'section.submitted')
        .where('subject', '=', subject)
        .execute()
    ).length;

  it('two submits of different sections racing both land, and the stored percentage counts both', async () => {
    const dataUrl = sectionUrl(ids.twoBuyers, 'data', 1);
    const cpf = (await as.compradora.get(dataUrl)).json().data.prefill.cpf as string;
    const investmentSubject = `proposal:${ids.twoBuyers}/investment`;
    const auditsBefore = await audits(investmentSubject);
    for (let round = 0; round < 10; round++) {
      await reset();
      // Without the two sections the proposal is further from done than with them.
      const lower = await computed();
      const startedAt = Date.now();
      const [investment, data] = await Promise.all([
        as.comprador.put(sectionUrl(ids.twoBuyers, 'investment'), INVESTMENT_DATA),
        as.compradora.put(dataUrl, { ...SECOND_BUYER_DATA, cpf }),
      ]);
      expect(investment.statusCode, investment.body).toBe(200);
      expect(data.statusCode, data.body).toBe(200);
      const rows = await db()
        .selectFrom('proposal_sections')
        .select(['section', 'status'])
        .where('proposal_id', '=', ids.twoBuyers)
        .where('section', 'in', ['investment', 'data'])
        .where('buyer', 'in', [-1, 1])
        .execute();
      expect(rows.map((r) => `${r.section}:${r.status}`).sort()).toEqual(['data:done', 'investment:done']);
      // The stored percentage is the one computed from every stored section: no submit's write
      // was computed without the other's section.
      const percent = await computed();
      expect(percent).toBeGreaterThan(lower);
      expect(await stored()).toBe(percent);
      // The proposal's updated_at is the time of the later write, as a number of milliseconds.
      const { updated_at } = await db()
        .selectFrom('proposals')
        .select('updated_at')
        .where('id', '=', ids.twoBuyers)
        .executeTakeFirstOrThrow();
      expect(Number(updated_at)).toBeGreaterThanOrEqual(startedAt);
      expect(Number(updated_at)).toBeLessThanOrEqual(Date.now());
      // The later of the two answered that percentage.
      expect([investment.json().data.fillingStatus, data.json().data.fillingStatus]).toContain(percent);
    }
    // One audit entry per submit, as before.
    expect((await audits(investmentSubject)) - auditsBefore).toBe(10);
  });

  it.skipIf(dialect !== 'postgres')(
    'a submit whose guard fails (the proposal changed meanwhile) runs again, and lands once',
    async () => {
      await reset();
      const user = await sessionOf(as.comprador);
      const subject = `proposal:${ids.twoBuyers}/investment`;
      const auditsBefore = await audits(subject);
      let runs = 0;
      const result = await t.app.services.sections.submitSection(
        user,
        ids.twoBuyers,
        'investment',
        undefined,
        INVESTMENT_DATA,
        {
          beforeCommit: async () => {
            // The first run's statement finds the proposal changed by someone else.
            if (runs++ === 0)
              await db()
                .updateTable('proposals')
                .set((eb) => ({ updated_at: eb('updated_at', '+', 1) }))
                .where('id', '=', ids.twoBuyers)
                .execute();
          },
        },
      );
      expect(runs).toBe(2);
      expect(result.view.status).toBe('done');
      expect(result.fillingStatus).toBe(await computed());
      expect(await stored()).toBe(result.fillingStatus);
      expect((await audits(subject)) - auditsBefore).toBe(1);
    },
  );

  it.skipIf(dialect !== 'postgres')(
    'a submit whose guard keeps failing gives up after three runs with 409, and writes nothing',
    async () => {
      await reset();
      const user = await sessionOf(as.comprador);
      const subject = `proposal:${ids.twoBuyers}/investment`;
      const auditsBefore = await audits(subject);
      const percentBefore = await stored();
      let runs = 0;
      await expect(
        t.app.services.sections.submitSection(user, ids.twoBuyers, 'investment', undefined, INVESTMENT_DATA, {
          beforeCommit: async () => {
            runs++;
            await db()
              .updateTable('proposals')
              .set((eb) => ({ updated_at: eb('updated_at', '+', 1) }))
              .where('id', '=', ids.twoBuyers)
              .execute();
          },
        }),
      ).rejects.toMatchObject({ statusCode: 409, code: 'conflict', message: CHANGED_WHILE_SAVING });
      expect(runs).toBe(3);
      const row = await db()
        .selectFrom('proposal_sections')
        .select('id')
        .where('proposal_id', '=', ids.twoBuyers)
        .where('section', '=', 'investment')
        .executeTakeFirst();
      expect(row).toBeUndefined();
      expect(await audits(subject)).toBe(auditsBefore);
      expect(await stored()).toBe(percentBefore);
    },
  );
});
