import type { Kysely, Migration } from 'kysely';
import { refreshQueueWaits } from '../../modules/proposals/queue-waits';

/**
 * 0172_proposal_owner_and_waiting: the operators' queue and the proposal's responsible
 * (docs/decisions/050-operator-queue.md). Listed in db/migrations.ts.
 * - proposals.owner_id / owner_since: who took the proposal ("Assumir", "Passar para…");
 * - proposal_waits: each reason a proposal waits on the team and since when, with a copy of the
 *   responsible so that the counts per reason and responsible read one index;
 * - proposals.waiting_since / waiting_reason: the oldest wait, the key the queue pages on.
 * Proposals that exist at upgrade get their waits from their current state (a status's start from
 * the history's last move to it).
 */
export const queueMigration: Migration = {
  async up(db: Kysely<any>) {
    await db.schema.alterTable('proposals').addColumn('owner_id', 'text').execute();
    await db.schema.alterTable('proposals').addColumn('owner_since', 'bigint').execute();
    await db.schema.alterTable('proposals').addColumn('waiting_since', 'bigint').execute();
    await db.schema.alterTable('proposals').addColumn('waiting_reason', 'text').execute();
    await db.schema
      .createTable('proposal_waits')
      .addColumn('proposal_id', 'text', (c) => c.notNull().references('proposals.id').onDelete('cascade'))
      .addColumn('reason', 'text', (c) => c.notNull())
      .addColumn('since', 'bigint', (c) => c.notNull())
      .addColumn('owner_id', 'text')
      .addPrimaryKeyConstraint('proposal_waits_pk', ['proposal_id', 'reason'])
      .execute();
    for (const [table, name, columns] of [
      // The queue's pages: everyone's, and one responsible's (or nobody's: owner_id is null).
      ['proposals', 'proposals_waiting', ['waiting_since', 'id']],
      ['proposals', 'proposals_owner_waiting', ['owner_id', 'waiting_since', 'id']],
      // The counts per reason, for everyone and per responsible.
      ['proposal_waits', 'proposal_waits_reason', ['reason', 'since']],
      ['proposal_waits', 'proposal_waits_owner_reason', ['owner_id', 'reason', 'since']],
    ] as const) {
      await db.schema
        .createIndex(name)
        .on(table)
        .columns([...columns])
        .execute();
    }
    const proposals = (await db.selectFrom('proposals').select('id').execute()) as { id: string }[];
    for (const p of proposals) await refreshQueueWaits(db, p.id, { backfill: true });
  },
};
