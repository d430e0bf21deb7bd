import { describe, expect, it } from 'vitest';
import {
  DATABASES,
  statementSuite,
  everyStepDone,
  newFinancingProposal,
  proposalUrl,
  type ProgressStep,
} from './helpers';

// What the main buyer's send for analysis costs in statements, counted as in
// proposal-statements.test.ts (docs/decisions/059-the-proposal-core.md; the outbox's own delivery,
// kicked after the commit, aside). Before it was written on the proposal core, the same on SQLite and
// PostgreSQL: 29 statements for a send to the team, 31 for one that waits for the seller and e-mails
// them (the proposal loaded outside the transaction, the progress read in six statements before the
// move and again after it, the status read again, the code read for the mail, everything read once
// more for the answer); now 15 and 16.

const SEND = [
  /from "sessions"/,
  /^begin/,
  // The proposal with its members and what the progress reads, in one statement (proposal-state.ts).
  /^select .*proposal_sections.*insurance_declarations.*document_files.*settings.* from "proposals" as "p" left join "proposal_members"/s,
  /^update "proposals" set "status" = \S+, "updated_at" = \S+ where "id" = \S+ and "status" = /,
  /^insert into "proposal_history"/,
  /^insert into "audit_log"/,
];

/** After the move (and the mail): the percentage stored alone, then the queue's refresh (queue-waits.ts). */
const STORED = [
  // The status write moved `updated_at`: the percentage is stored alone.
  /^update "proposals" set "filling_status" = \S+ where/,
  /^select "status", "owner_id", "updated_at", "waiting_since", "waiting_reason" from "proposals"/,
  /^select "reason", "since", "owner_id" from "proposal_waits"/,
  /^select .* from "document_files"/,
  /^select min\("m"\."created_at"\)/,
];

/** To the team: the waits "under review" and "document expiring" start. */
const TO_THE_TEAM = [
  ...SEND,
  ...STORED,
  /^insert into "proposal_waits"/,
  /^insert into "proposal_waits"/,
  /^update "proposals" set "waiting_reason"/,
  /^commit/,
];

/** Waiting for the seller, who is e-mailed: their wait starts. */
const TO_THE_SELLER = [
  ...SEND,
  /^select "m"\."name", "m"\."email", "u"\."id" as "userId", "u"\."password_hash" from "proposal_members"/,
  /^insert into "outbox"/,
  ...STORED,
  /^insert into "proposal_waits"/,
  /^update "proposals" set "waiting_reason"/,
  /^commit/,
];

describe.each(DATABASES)('statements of a send for analysis on %s', (dialect) => {
  const { t, as, ids, userIds, sent } = statementSuite(dialect);
  const done = (proposalId: string, except?: (step: ProgressStep) => boolean) =>
    everyStepDone(t.db.kysely, { operator: as.operador, userId: userIds.comprador, proposalId, except });
  const send = (proposalId: string) => () => as.comprador.post(proposalUrl(proposalId, '/send-for-analysis'));

  it('a send to the team, and one that waits for the seller and e-mails them', async () => {
    const id = await newFinancingProposal(as.operador);
    expect(await done(id)).toEqual([]);
    const team = await sent(send(id));
    // The two-buyer proposal's seller (with a password) has not started: the proposal waits for them.
    await done(ids.twoBuyers, (s) => s.party === 'seller');
    const seller = await sent(send(ids.twoBuyers));
    expect([team.length, seller.length]).toEqual([15, 16]);
    team.forEach((sql, i) => expect(sql).toMatch(TO_THE_TEAM[i]!));
    seller.forEach((sql, i) => expect(sql).toMatch(TO_THE_SELLER[i]!));
  });
});
