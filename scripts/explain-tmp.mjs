import { tsImport } from 'tsx/esm/api';
import pg from 'pg';
const { proposalListQuerySchema, searchQueryTerms } = await tsImport('../packages/domain/src/backoffice.ts', import.meta.url);
const schema = process.argv[2];
const c = new pg.Client({ connectionString: 'postgres://postgres@127.0.0.1:5432/test', options: `-c search_path=${schema}` });
await c.connect();
const q = (t) => `select proposal_id from proposal_search s where s.term >= '${t}' and s.term < '${t}~'`;
const terms = searchQueryTerms(process.argv[3]);
const cte = terms.map(q).join(' intersect ');
const filters = process.argv[4] ?? '';
for (const sqlText of [
  `explain analyze with c as materialized (${cte}) select p.id, p.code, p.updated_at from c join proposals p on p.id = c.proposal_id where true ${filters} order by p.updated_at desc, p.id desc limit 21`,
  `explain analyze select count(*) from (with c as materialized (${cte}) select 1 from c join proposals p on p.id = c.proposal_id where true ${filters} limit 10001) t`,
]) {
  const r = await c.query(sqlText);
  console.log(r.rows.map((x) => x['QUERY PLAN']).join('\n'));
  console.log('---');
}
await c.end();
