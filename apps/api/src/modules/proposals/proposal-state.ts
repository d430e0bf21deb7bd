import { sql, SqliteAdapter, type Kysely } from 'kysely';
import { LTV_LIMITS_SETTING, SFH_CEILING_SETTING } from '@portal/domain/financing-settings';
import type { Database, DocumentFilesTable, ProposalSectionsTable } from '../../db/schema';
import type { Executor } from '../../db/database';

/** Every column of proposal_sections by name (what `select *` gives); the Record makes the compiler list them. */
const SECTION_COLUMNS = Object.keys({
  id: true,
  proposal_id: true,
  section: true,
  buyer: true,
  draft: true,
  draft_updated_at: true,
  data: true,
  submitted_at: true,
  status: true,
  review_note: true,
  updated_by: true,
  updated_at: true,
  version: true,
} satisfies Record<keyof ProposalSectionsTable, true>);
const DECLARATION_COLUMNS = ['buyer', 'completed'];
const FILE_COLUMNS = ['item', 'status', 'uploaded_at', 'review_reason', 'issued_on'];

/** What the progress reads of a proposal besides the proposal and its members. */
export interface ProposalState {
  sections: ProposalSectionsTable[];
  declarations: { buyer: number; completed: number }[];
  files: Pick<DocumentFilesTable, 'item' | 'status' | 'uploaded_at' | 'review_reason' | 'issued_on'>[];
  /** The financing settings' stored rows (financing.repository.ts settingsOf reads them). */
  settings: { key: string; value: string }[];
}

/** A JSON array of the rows of `from` (already filtered), each an object of the given columns. */
function rowsAsJson(isSqlite: boolean, columns: string[], from: ReturnType<typeof sql>) {
  if (isSqlite) {
    const pairs = sql.join(columns.map((c) => sql`${sql.lit(c)}, ${sql.ref(c)}`));
    return sql`(select json_group_array(json_object(${pairs})) from ${from})`;
  }
  const list = sql.join(columns.map((c) => sql.ref(c)));
  return sql`(select coalesce(json_agg(r), '[]') from (select ${list} from ${from}) r)`;
}

/**
 * A proposal's sections, health declarations, documents' files and the financing settings, in one
 * statement (docs/decisions/059-the-proposal-core.md): each table's rows as a JSON array, with the
 * same values as their own selects give (integers as numbers, text as text).
 */
export async function loadProposalState(
  db: Kysely<Database>,
  tx: Executor,
  proposalId: string,
): Promise<ProposalState> {
  const isSqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  const where = (table: string) => sql`${sql.table(table)} where proposal_id = ${proposalId}`;
  const settings = sql`settings where key in (${SFH_CEILING_SETTING}, ${LTV_LIMITS_SETTING})`;
  const { rows } = await sql<
    Record<keyof ProposalState, unknown>
  >`select ${rowsAsJson(isSqlite, SECTION_COLUMNS, where('proposal_sections'))} as sections, ${rowsAsJson(isSqlite, DECLARATION_COLUMNS, where('insurance_declarations'))} as declarations, ${rowsAsJson(isSqlite, FILE_COLUMNS, where('document_files'))} as files, ${rowsAsJson(isSqlite, ['key', 'value'], settings)} as settings`.execute(
    tx,
  );
  const row = rows[0]!;
  // PostgreSQL's driver parses json; SQLite gives its text.
  const parse = <T>(v: unknown) => (typeof v === 'string' ? JSON.parse(v) : v) as T;
  return {
    sections: parse(row.sections),
    declarations: parse(row.declarations),
    files: parse(row.files),
    settings: parse(row.settings),
  };
}
