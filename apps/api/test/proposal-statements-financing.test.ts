import { describe, expect, it } from 'vitest';
import { DATABASES, statementSuite } from './helpers';

// What the operator's save of the financing values costs in statements, counted as in
// proposal-statements.test.ts (docs/decisions/059-the-proposal-core.md). Before it was written on
// the proposal core, the same on SQLite and PostgreSQL: 18 statements (the proposal and the
// settings read, then the progress read again in six statements); now 11.

const SAVE = [
  /from "sessions"/,
  /^begin/,
  // The proposal with its members and what the progress reads, the settings included, in one statement.
  /^select .*proposal_sections.*insurance_declarations.*document_files.*settings.* from "proposals" as "p" left join "proposal_members"/s,
  /^update "proposals" set "property_value" = \S+, "appraisal_value" = \S+, "interest_rate_bp" = \S+, "updated_at" = /,
  // The values' write moved `updated_at`: the percentage is stored alone.
  /^update "proposals" set "filling_status" = \S+ where/,
  // The queue's refresh (queue-waits.ts): nothing to change here.
  /^select "status", "owner_id", "updated_at", "waiting_since", "waiting_reason" from "proposals"/,
  /^select "reason", "since", "owner_id" from "proposal_waits"/,
  /^select .* from "document_files"/,
  /^select min\("m"\."created_at"\)/,
  /^insert into "audit_log"/,
  /^commit/,
];

describe.each(DATABASES)('statements of the financing values saved on %s', (dialect) => {
  const { as, ids, sent } = statementSuite(dialect);

  it('one save', async () => {
    const statements = await sent(() =>
      as.operador.put(`/api/v3/backoffice/proposals/${ids.twoBuyers}/financing`, {
        propertyValue: 'R$ 700.000,00',
        interestRate: '10,49',
      }),
    );
    expect(statements).toHaveLength(SAVE.length);
    statements.forEach((sql, i) => expect(sql).toMatch(SAVE[i]!));
  });
});
