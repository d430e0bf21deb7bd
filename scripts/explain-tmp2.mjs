import pg from 'pg';
import Database from 'better-sqlite3';
const [schema, file] = process.argv.slice(2);
const c = new pg.Client({ connectionString: 'postgres://postgres@127.0.0.1:5432/test', options: `-c search_path=${schema}` });
await c.connect();
await c.query('vacuum analyze');
const lite = new Database(file);
const range = (t) => `select proposal_id from proposal_search s where s.term >= '${t}' and s.term < '${t}~'`;
const cases = [
  ['silva+status', ['silva'], `p.status = 'under_review'`],
  ['maria souza+ins+type', ['maria', 'souza'], `p.insurer = 'tokio' and p.type = 'financing'`],
  ['ana+pending', ['ana'], `p.id in (select proposal_id from document_files where status='sent')`],
];
const time = async (fn, n = 15) => { const ts = []; for (let i = 0; i < n; i++) { const s = performance.now(); await fn(); ts.push(performance.now() - s); } ts.sort((a, b) => a - b); return ts[Math.floor(n / 2)].toFixed(1); };
for (const [name, terms, filter] of cases) {
  const cte = terms.map(range).join(' intersect ');
  const A = `with c as materialized (${cte}) select p.id from c join proposals p on p.id = c.proposal_id where ${filter} order by p.updated_at desc, p.id desc limit 21`;
  const B = `select p.id from proposals p where ${terms.map((t) => `p.id in (${range(t)})`).join(' and ')} and ${filter} order by p.updated_at desc, p.id desc limit 21`;
  const ids = (await c.query(cte)).rows.map((r) => r.proposal_id);
  const Cpg = `select p.id from proposals p where p.id = any($1::text[]) and ${filter} order by p.updated_at desc, p.id desc limit 21`;
  const Clite = `select p.id from proposals p where p.id in (select value from json_each(?)) and ${filter} order by p.updated_at desc, p.id desc limit 21`;
  const row = { name, candidates: ids.length };
  row.pgA = await time(() => c.query(A)); row.pgB = await time(() => c.query(B)); row.pgCands = await time(() => c.query(cte)); row.pgC = await time(() => c.query(Cpg, [ids]));
  row.liteA = await time(() => lite.prepare(A).all()); row.liteB = await time(() => lite.prepare(B).all()); row.liteCands = await time(() => lite.prepare(cte).all()); row.liteC = await time(() => lite.prepare(Clite).all(JSON.stringify(ids)));
  console.log(JSON.stringify(row));
}
await c.end();
