import { describe, expect, it } from 'vitest';
import { DATABASES, demoSuite, proposalUrl, sectionUrl, SECOND_BUYER_DATA } from './helpers';

// What a section submit, a draft save and the progress read cost in statements
// (docs/decisions/059-the-proposal-core.md). Counted: every statement the app sends to the database
// while the request runs, as the statement listener of openDatabase sees them (Kysely's query log
// and the hot statements run directly): the session's read, BEGIN and COMMIT included.
// Before the proposal core: a submit 23 statements, a draft 3, the progress read 14 (one a write).

/** What a section submit sends, in order: each statement of the proposal once, three writes. */
const SUBMIT = [
  /from "sessions"/,
  /^begin/,
  /from "proposals" as "p" left join "proposal_members"/,
  /from "insurance_declarations"/,
  /from "document_files"/,
  /from "proposal_sections"/,
  /from "settings"/,
  /^insert into "proposal_sections"/,
  /^update "proposals" set "filling_status"/,
  /^insert into "audit_log"/,
  /^commit/,
];

/** A valid investment form of the two-buyer proposal (a proposal-wide section). */
const INVESTMENT = {
  agency: '1234',
  account: '12345-6',
  authorize_debit: true,
  embed_tariffs: false,
  first_buyer_percent: '60',
  second_buyer_percent: '40',
  sfh: false,
};

const WRITES = /^\s*(insert|update|delete)\b/i;

describe.each(DATABASES)('statements of a section submit, a draft save and the progress on %s', (dialect) => {
  const statements: string[] = [];
  const { as, ids } = demoSuite(dialect, {
    database: { onStatement: (sql) => void statements.push(sql) },
  });

  /** The statements the app sent while `send` ran; the request must succeed. */
  const sent = async (send: () => Promise<{ statusCode: number; body: string }>) => {
    statements.length = 0;
    const res = await send();
    expect(res.statusCode, res.body).toBe(200);
    return [...statements];
  };

  it("a buyer's own section submitted", async () => {
    const url = sectionUrl(ids.twoBuyers, 'data', 1);
    const cpf = (await as.compradora.get(url)).json().data.prefill.cpf as string;
    const data = await sent(() => as.compradora.put(url, { ...SECOND_BUYER_DATA, cpf }));
    expect(data).toHaveLength(SUBMIT.length);
    data.forEach((sql, i) => expect(sql).toMatch(SUBMIT[i]!));
  });

  it('a proposal-wide section submitted', async () => {
    const investment = await sent(() => as.comprador.put(sectionUrl(ids.twoBuyers, 'investment'), INVESTMENT));
    expect(investment).toHaveLength(SUBMIT.length);
    investment.forEach((sql, i) => expect(sql).toMatch(SUBMIT[i]!));
  });

  it('a draft saved: the session, the proposal with its members, the upsert', async () => {
    const draft = await sent(() =>
      as.compradora.put(proposalUrl(ids.twoBuyers, '/sections/address/draft?buyer=1'), { address: 'Rua' }),
    );
    expect(draft).toHaveLength(3);
    expect(draft.filter((sql) => WRITES.test(sql))).toHaveLength(1);
  });

  it('the progress read writes nothing', async () => {
    for (const who of [as.comprador, as.vendedor, as.operador]) {
      const progress = await sent(() => who.get(proposalUrl(ids.twoBuyers, '/progress')));
      expect(progress.filter((sql) => WRITES.test(sql))).toEqual([]);
      // The session, the proposal with its members, its sections, declarations, files and settings.
      expect(progress).toHaveLength(6);
    }
  });
});
