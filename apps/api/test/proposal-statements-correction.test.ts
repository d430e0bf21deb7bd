import { describe, expect, it } from 'vitest';
import { DATABASES, statementSuite } from './helpers';

// What a correction asked by an operator costs in statements (docs/decisions/059-the-proposal-core.md),
// counted as proposal-statements.test.ts counts them (the outbox's own delivery, kicked after the
// commit, aside). Before it was written on the proposal core, on both databases: 20 statements
// for a correction that moves no status, 36 for one that sends a proposal under review back to
// "Correção pendente" (the progress read and stored twice, the queue refreshed twice); now 13 and 18.

const CORRECTION = [
  /from "sessions"/,
  /^begin/,
  // The proposal with its members and what the progress reads, in one statement (proposal-state.ts).
  /^select .*proposal_sections.*insurance_declarations.*document_files.* from "proposals" as "p" left join "proposal_members"/s,
  /^update "proposal_sections" set "status"/,
  /^insert into "proposal_history"/,
  /^insert into "audit_log"/,
];

/** The queue's refresh (queue-waits.ts), on every correction: the waiting state, waits, files, invitations. */
const QUEUE = [
  /^select "status", "owner_id", "updated_at", "waiting_since", "waiting_reason" from "proposals"/,
  /^select "reason", "since", "owner_id" from "proposal_waits"/,
  /^select .* from "document_files"/,
  /^select min\("m"\."created_at"\)/,
];

/** A correction of a proposal being filled: no status move; the percentage stored with `updated_at`. */
const NO_MOVE = [
  ...CORRECTION,
  /^insert into "outbox"/,
  /^update "proposals" set "filling_status" = \S+, "updated_at" = \S+ where/,
  ...QUEUE,
  /^commit/,
];

/** A correction of a proposal under review: back to "Correção pendente", its wait in the queue ended. */
const REOPEN = [
  ...CORRECTION,
  /^update "proposals" set "status" = \S+, "updated_at" = \S+ where/,
  /^insert into "proposal_history"/,
  /^insert into "audit_log"/,
  /^insert into "outbox"/,
  // The status write moved `updated_at`: the percentage is stored alone.
  /^update "proposals" set "filling_status" = \S+ where/,
  ...QUEUE,
  /^delete from "proposal_waits"/,
  /^update "proposals" set "waiting_reason"/,
  /^commit/,
];

describe.each(DATABASES)('statements of a correction asked on %s', (dialect) => {
  const { as, ids, sent } = statementSuite(dialect);
  const correction = (proposalId: string) => () =>
    as.operador.post(`/api/v3/backoffice/proposals/${proposalId}/sections/data/correction`, {
      buyer: 0,
      note: 'A renda difere do holerite enviado.',
    });

  it('a correction that moves no status, and one that sends the proposal back to the buyers', async () => {
    const filling = await sent(correction(ids.twoBuyers));
    const reopened = await sent(correction(ids.underReview));
    expect([filling.length, reopened.length]).toEqual([13, 18]);
    filling.forEach((sql, i) => expect(sql).toMatch(NO_MOVE[i]!));
    reopened.forEach((sql, i) => expect(sql).toMatch(REOPEN[i]!));
  });
});
