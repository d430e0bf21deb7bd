import { sql, SqliteAdapter, type Kysely, type RawBuilder } from 'kysely';
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
  /** The financing settings' stored rows (settings.ts settingsOf reads them). */
  settings: { key: string; value: string }[];
}

/** A JSON array of the rows of `from` (already filtered), each an object of the given columns. */
function rowsAsJson(isSqlite: boolean, columns: string[], from: RawBuilder<unknown>): RawBuilder<unknown> {
  if (isSqlite) {
    const pairs = sql.join(columns.map((c) => sql`${sql.lit(c)}, ${sql.ref(c)}`));
    return sql`(select json_group_array(json_object(${pairs})) from ${from})`;
  }
  const list = sql.join(columns.map((c) => sql.ref(c)));
  return sql`(select coalesce(json_agg(r), '[]') from (select ${list} from ${from}) r)`;
}

/**
 * A proposal's sections, health declarations, documents' files and the financing settings as four
 * columns of one statement (docs/decisions/059-the-proposal-core.md): each table's rows as a JSON
 * array, with the same values as their own selects give (integers as numbers, text as text).
 * `proposalId` is a value or a reference to the proposal's id in the enclosing query.
 */
export function proposalStateColumns(db: Kysely<Database>, proposalId: unknown) {
  const isSqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  const where = (table: string) => sql`${sql.table(table)} where proposal_id = ${proposalId}`;
  const settings = sql`settings where key in (${SFH_CEILING_SETTING}, ${LTV_LIMITS_SETTING})`;
  return [
    rowsAsJson(isSqlite, SECTION_COLUMNS, where('proposal_sections')).as('state_sections'),
    rowsAsJson(isSqlite, DECLARATION_COLUMNS, where('insurance_declarations')).as('state_declarations'),
    rowsAsJson(isSqlite, FILE_COLUMNS, where('document_files')).as('state_files'),
    rowsAsJson(isSqlite, ['key', 'value'], settings).as('state_settings'),
  ] as const;
}

/** A JSON column's value: PostgreSQL's driver parses json, SQLite gives its text. */
const parse = <T>(v: unknown) => (typeof v === 'string' ? JSON.parse(v) : v) as T;

/** The state of a row read with proposalStateColumns (PostgreSQL's driver parses json; SQLite gives its text). */
export function stateOf(row: {
  state_sections: unknown;
  state_declarations: unknown;
  state_files: unknown;
  state_settings: unknown;
}): ProposalState {
  return {
    sections: parse(row.state_sections),
    declarations: parse(row.state_declarations),
    files: parse(row.state_files),
    settings: parse(row.state_settings),
  };
}

/**
 * The health declarations and documents' files of one proposal, in one statement: what the progress
 * reads again once a use case changed them, when its sections and settings are already known.
 */
export async function loadDeclarationsAndFiles(
  db: Kysely<Database>,
  tx: Executor,
  proposalId: string,
): Promise<Pick<ProposalState, 'declarations' | 'files'>> {
  const [, declarations, files] = proposalStateColumns(db, proposalId);
  const { rows } = await sql<{
    state_declarations: unknown;
    state_files: unknown;
  }>`select ${declarations}, ${files}`.execute(tx);
  return { declarations: parse(rows[0]!.state_declarations), files: parse(rows[0]!.state_files) };
}

/** proposalStateColumns of one proposal, alone in its statement. */
export async function loadProposalState(
  db: Kysely<Database>,
  tx: Executor,
  proposalId: string,
): Promise<ProposalState> {
  const [sections, declarations, files, settings] = proposalStateColumns(db, proposalId);
  const { rows } = await sql<
    Parameters<typeof stateOf>[0]
  >`select ${sections}, ${declarations}, ${files}, ${settings}`.execute(tx);
  return stateOf(rows[0]!);
}
