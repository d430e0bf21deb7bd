import { PostgresAdapter, sql, type Kysely, type Migration } from 'kysely';
import { proposalSearchTerms } from '@portal/domain/backoffice';
import { insurerOf } from '../../modules/proposals/search-index';

/**
 * 0005_backoffice: what the operator's workspace needs (docs/decisions/007-back-office.md). Listed in db/migrations.ts.
 * - proposals.insurer and proposal_search: filter and search 100 000 proposals through indexes
 *   (docs/decisions/007-back-office.md); the search terms compare byte-wise (COLLATE "C" on PostgreSQL, SQLite's
 *   default) so that a prefix is a plain index range.
 * - proposal_history: status, stage and correction changes with who, when, why and who may read it.
 * - operator_permissions: 'health:read' (DPS) per operator; operators that exist at upgrade keep
 *   full access (they are the installation's administrators).
 * - proposal_code_counters: the sequence of each code series (PF-2026-, CGI-2026-).
 */
export const backofficeMigration: Migration = {
  async up(db: Kysely<any>) {
    const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;

    await db.schema.alterTable('proposals').addColumn('insurer', 'text').execute();
    for (const [name, columns] of [
      ['proposals_updated', ['updated_at', 'id']],
      ['proposals_created', ['created_at', 'id']],
      ['proposals_filling', ['filling_status', 'id']],
      ['proposals_status_updated', ['status', 'updated_at', 'id']],
      ['proposals_stage_updated', ['stage', 'updated_at', 'id']],
      ['proposals_type_updated', ['type', 'updated_at', 'id']],
      ['proposals_insurer_updated', ['insurer', 'updated_at', 'id']],
      // A search's candidates are looked up by id and filtered and sorted without reading the rows.
      [
        'proposals_list_cover',
        ['id', 'status', 'stage', 'type', 'insurer', 'updated_at', 'created_at', 'filling_status', 'code'],
      ],
    ] as const) {
      await db.schema
        .createIndex(name)
        .on('proposals')
        .columns([...columns])
        .execute();
    }

    await db.schema
      .createTable('proposal_search')
      .addColumn('term', 'text', (c) => (isPostgres ? c.notNull().modifyFront(sql`collate "C"`) : c.notNull()))
      .addColumn('proposal_id', 'text', (c) => c.notNull().references('proposals.id').onDelete('cascade'))
      .addPrimaryKeyConstraint('proposal_search_pk', ['term', 'proposal_id'])
      .execute();
    await db.schema.createIndex('proposal_search_proposal').on('proposal_search').column('proposal_id').execute();

    await db.schema
      .createTable('proposal_history')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('proposal_id', 'text', (c) => c.notNull().references('proposals.id').onDelete('cascade'))
      .addColumn('at', 'bigint', (c) => c.notNull())
      .addColumn('actor_id', 'text')
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('from_value', 'text')
      .addColumn('to_value', 'text')
      .addColumn('reason', 'text')
      .addColumn('audience', 'text', (c) => c.notNull())
      .addColumn('section', 'text')
      .execute();
    await db.schema
      .createIndex('proposal_history_proposal')
      .on('proposal_history')
      .columns(['proposal_id', 'at'])
      .execute();

    await db.schema
      .createTable('operator_permissions')
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('permission', 'text', (c) => c.notNull())
      .addColumn('granted_by', 'text')
      .addColumn('granted_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('operator_permissions_pk', ['user_id', 'permission'])
      .execute();

    await db.schema
      .createTable('proposal_code_counters')
      .addColumn('prefix', 'text', (c) => c.primaryKey())
      .addColumn('last', 'bigint', (c) => c.notNull())
      .execute();

    // The audit log and outbox pages filter on these.
    await db.schema.createIndex('audit_log_actor_at').on('audit_log').columns(['actor_id', 'at']).execute();
    await db.schema.createIndex('audit_log_action_at').on('audit_log').columns(['action', 'at']).execute();
    await db.schema.createIndex('audit_log_subject_at').on('audit_log').columns(['subject', 'at']).execute();
    await db.schema.createIndex('outbox_created').on('outbox').columns(['created_at', 'id']).execute();
    // "Pending documents" filter of the list (documents module, 0004).
    const tables = (await db.introspection.getTables()).map((t) => t.name);
    if (tables.includes('document_files')) {
      await db.schema
        .createIndex('document_files_status_proposal')
        .on('document_files')
        .columns(['status', 'proposal_id'])
        .execute();
    }

    // Existing data: index every proposal, and keep the operators' access to health data.
    const now = Date.now();
    const operators = await db.selectFrom('users').select('id').where('role', '=', 'operator').execute();
    for (const op of operators) {
      await db
        .insertInto('operator_permissions')
        .values({ user_id: op.id, permission: 'health:read', granted_by: null, granted_at: now })
        .execute();
    }
    const proposals = (await db.selectFrom('proposals').select(['id', 'code', 'financing']).execute()) as {
      id: string;
      code: string;
      financing: string;
    }[];
    for (const p of proposals) {
      const buyers = (await db
        .selectFrom('proposal_members')
        .select(['name', 'cpf'])
        .where('proposal_id', '=', p.id)
        .where('role', '=', 'buyer')
        .execute()) as { name: string; cpf: string | null }[];
      await db
        .updateTable('proposals')
        .set({ insurer: insurerOf(p.financing) })
        .where('id', '=', p.id)
        .execute();
      const terms = proposalSearchTerms({ code: p.code, buyers });
      if (terms.length)
        await db
          .insertInto('proposal_search')
          .values(terms.map((term) => ({ term, proposal_id: p.id })))
          .execute();
    }
  },
};
