import { describe, expect, it } from 'vitest';
import { DATABASES, createUser, statementSuite } from './helpers';
import { newProposal } from './helpers/backoffice';

// What the back office's use cases cost in statements (docs/decisions/059-the-proposal-core.md,
// "The back office's use cases"), counted as proposal-statements.test.ts counts them (the outbox's
// own delivery, kicked after the commit, aside). Measured on both databases before they were
// written on the proposal core: a new proposal 30, the operator's view of a proposal 8, a party's
// history 4 (the sections were read and not used), "Assumir" 8, "Passar para…" 9, a note written
// 7, the notes listed 3, a note edited 7. Now the same, and the history 3.

const SESSION = /from "sessions"/;
/** The proposal with its members, in one statement (proposals.repository.ts). */
const LOAD = /^select "p"\."id", .* from "proposals" as "p" left join "proposal_members"/s;
const AUDIT = /^insert into "audit_log"/;
const HISTORY = /^select "h"\."id", .* from "proposal_history"/s;
const VERSIONS = /^select "n"\."note_id", .* from "proposal_notes"/s;

const VIEW = [
  SESSION,
  LOAD,
  /^select \* from "proposal_sections" where/,
  /^select "key", "value" from "settings"/,
  HISTORY,
  /^select "permission" from "operator_permissions"/,
  /^select "status", count\(\*\) as "n" from "document_files"/,
  AUDIT,
];
const OWNER = [
  SESSION,
  /^begin/,
  LOAD,
  /^select "id", "name", "email", "password_hash" from "users"/,
  /^update "proposals" set "owner_id" = \S+, "owner_since" = \S+ where/,
  /^update "proposal_waits" set "owner_id"/,
];
const TAKE = [...OWNER, AUDIT, /^commit/];
const HAND_OVER = [...OWNER, /^insert into "outbox"/, AUDIT, /^commit/];
const NOTE = [SESSION, /^begin/, LOAD, /^insert into "proposal_notes"/, AUDIT, /^commit/, VERSIONS];
const EDIT = [SESSION, /^begin/, VERSIONS, /^insert into "proposal_notes"/, AUDIT, /^commit/, VERSIONS];

describe.each(DATABASES)('statements of the back office on %s', (dialect) => {
  const { t, as, ids, userIds, answered } = statementSuite(dialect);
  const sent = async (send: () => Promise<{ statusCode: number; body: string }>, status = 200) => {
    const { sql, body } = await answered(send, status);
    return { sql, body: body as { data: { id: string } } };
  };
  const matches = (sql: string[], expected: RegExp[]) => {
    expect(sql).toHaveLength(expected.length);
    sql.forEach((s, i) => expect(s).toMatch(expected[i]!));
  };

  it('a new proposal, the operator’s view of one and a party’s history', async () => {
    const created = await sent(() => as.operador.post('/api/v3/backoffice/proposals', newProposal()), 201);
    expect(created.sql).toHaveLength(30);
    matches((await sent(() => as.operador.get(`/api/v3/backoffice/proposals/${ids.twoBuyers}`))).sql, VIEW);
    const history = await sent(() => as.comprador.get(`/api/v3/proposals/${ids.twoBuyers}/history`));
    matches(history.sql, [SESSION, LOAD, HISTORY]);
  });

  it('"Assumir" and "Passar para…"', async () => {
    const colleague = await createUser(t, { role: 'operator' });
    const url = `/api/v3/backoffice/proposals/${ids.twoBuyers}/owner`;
    matches((await sent(() => as.operador.put(url, { operatorId: userIds.operador }))).sql, TAKE);
    matches((await sent(() => as.operador.put(url, { operatorId: colleague.id }))).sql, HAND_OVER);
  });

  it('a note written, the notes listed, a note edited', async () => {
    const url = `/api/v3/backoffice/proposals/${ids.twoBuyers}/notes`;
    const written = await sent(() => as.operador.post(url, { text: 'Pedir os extratos por telefone' }), 201);
    matches(written.sql, NOTE);
    matches((await sent(() => as.operador.get(url))).sql, [SESSION, LOAD, VERSIONS]);
    const edit = () => as.operador.put(`${url}/${written.body.data.id}`, { text: 'Extratos pedidos', version: 1 });
    matches((await sent(edit)).sql, EDIT);
  });
});
