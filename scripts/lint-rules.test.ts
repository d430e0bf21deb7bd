import { join } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The rule that keeps the proposal tables in one folder (eslint.config.js, aggregateTables): it fires
 * on queries naming the tables outside apps/api/src/modules/proposals/, and on nothing else.
 */
const eslint = new ESLint({ cwd: join(import.meta.dirname, '..') });
const OUTSIDE = 'apps/api/src/modules/seller/example.ts';
const INSIDE = 'apps/api/src/modules/proposals/queries/example.ts';

async function aggregateErrors(code: string, filePath = OUTSIDE): Promise<number> {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.filter(
    (m) => m.ruleId === 'no-restricted-syntax' && m.message.includes('apps/api/src/modules/proposals/'),
  ).length;
}

describe('the proposal tables are queried only in the proposals module', () => {
  it.each([
    ["db.selectFrom('proposals');", 1],
    ["db.selectFrom('proposal_members as m').innerJoin('proposals as p', 'p.id', 'm.proposal_id');", 2],
    ["db.updateTable('proposal_sections').set({ status: 'x' });", 1],
    ["db.selectFrom('x').select('proposals.id');", 1],
    ['sql`select * from proposal_members`;', 1],
    ['sql`UPDATE proposals SET code = ${code}`;', 1],
    ['sql`select 1 from x JOIN proposal_sections s on s.id = x.id`;', 1],
  ])('fires on %s', async (code, count) => {
    expect(await aggregateErrors(`declare const db: any, sql: any, code: string;\n${code}`)).toBe(count);
  });

  it.each([
    "const path = '/proposals/:id';",
    'const url = `/proposals/${id}/sections`;',
    "const text = 'proposals pending review';",
    "const schema = { tags: ['proposals'] };",
    "const key = 'proposal_id';",
    "const table = 'proposal_facts';",
    'const q = sql`select * from proposals_archive`;',
    'const words = `the proposals from members`;',
  ])('does not fire on %s', async (code) => {
    expect(await aggregateErrors(`declare const sql: any, id: string;\n${code}`)).toBe(0);
  });

  it('does not fire inside the proposals module', async () => {
    expect(await aggregateErrors("declare const db: any;\ndb.selectFrom('proposals');", INSIDE)).toBe(0);
  });
});

/**
 * Access is declared once per route (eslint.config.js, accessOnce; docs/decisions/064-*.md): a routes
 * file never calls requireUser with roles; elsewhere (the onRequest hook) it may.
 */
async function accessErrors(code: string, filePath: string): Promise<number> {
  const [result] = await eslint.lintText(`declare const request: any, requireUser: any, callerOf: any;\n${code}`, {
    filePath,
  });
  return result!.messages.filter((m) => m.ruleId === 'no-restricted-syntax' && m.message.includes('callerOf')).length;
}
const ROUTES = 'apps/api/src/modules/seller/example.routes.ts';

describe('a route handler takes its caller with callerOf, not requireUser with roles', () => {
  it.each([
    "requireUser(request, 'operator');",
    "const user = await requireUser(request, 'buyer', 'seller');",
    "const operator = (r: any) => requireUser(r, 'operator');",
  ])('fires on %s in a routes file', async (code) => {
    expect(await accessErrors(code, ROUTES)).toBe(1);
    expect(await accessErrors(code, 'apps/api/src/modules/proposals/example.routes.ts')).toBe(1);
  });

  it.each(['const user = await callerOf(request);', 'const user = await requireUser(request);'])(
    'does not fire on %s',
    async (code) => {
      expect(await accessErrors(code, ROUTES)).toBe(0);
    },
  );

  it('does not fire outside the routes files (the onRequest hook checks the roles)', async () => {
    expect(await accessErrors("requireUser(request, 'operator');", 'apps/api/src/plugins/example.ts')).toBe(0);
  });

  it('keeps the proposal tables rule in a routes file outside the proposals module', async () => {
    expect(await aggregateErrors("declare const db: any;\ndb.selectFrom('proposals');", ROUTES)).toBe(1);
    expect(
      await aggregateErrors(
        "declare const db: any;\ndb.selectFrom('proposals');",
        'apps/api/src/modules/proposals/x.routes.ts',
      ),
    ).toBe(0);
  });
});
