#!/usr/bin/env node
// Back-office list at scale (docs/decisions/007-back-office.md): seeds 100 000 proposals (1–2 buyers each, search terms,
// insurer, a few documents waiting) into a fresh SQLite file and, when reachable, a private
// PostgreSQL schema; then times the operator's list query — a filtered page with a search term,
// the next page, a CPF search, a code search, the unfiltered first page — and the operators' queue
// ("Minha fila": everyone's, the next page, one operator's, nobody's; docs/decisions/050-operator-queue.md),
// and prints p50/p95. BENCH_PART=list|queue times one of the two only (both are seeded).
// Target: p95 under 50 ms on both databases. Bounded: fixed rows, fixed repetitions, loopback only.
//   node scripts/bench-backoffice.mjs            (BENCH_PROPOSALS=100000, BENCH_RUNS=60)
//   BENCH_PG_URL=postgres://postgres@127.0.0.1:5432/test node scripts/bench-backoffice.mjs
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { tsImport } from 'tsx/esm/api';
import pg from 'pg';
import { sql } from 'kysely';
import { seedQueueWaits } from './bench/queue-seed.mjs';

const TOTAL = Number(process.env.BENCH_PROPOSALS ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 60);
const PG_URL = process.env.BENCH_PG_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const TARGET_MS = 50;

const load = (path) => tsImport(path, import.meta.url);
const { openDatabase } = await load('../apps/api/src/db/database.ts');
const { migrateToLatest } = await load('../apps/api/src/db/migrations.ts');
const { createBackofficeRepository } = await load('../apps/api/src/modules/proposals/queries/backoffice-list.ts');
const { createQueueRepository } = await load('../apps/api/src/modules/proposals/queries/queue.ts');
const { queueQuerySchema, QUEUE_REASONS } = await load('../packages/domain/src/backoffice-queue.ts');
const PART = process.env.BENCH_PART ?? 'all';
/** The queue is read at this instant: the seed's "now" plus a day (some waits begin later). */
const QUEUE_NOW = Date.UTC(2026, 5, 2);
const OPERATORS = Array.from({ length: 12 }, (_, i) => ({
  id: `op${i}`,
  role: 'operator',
  name: `Operador ${i}`,
  email: `op${i}@bench.example`,
  cpf: null,
  password_hash: 'x',
  created_at: 0,
  updated_at: 0,
}));
const { proposalSearchTerms, proposalListQuerySchema, formatProposalCode } = await load(
  '../packages/domain/src/backoffice.ts',
);
const { completeCpf } = await load('../packages/domain/src/cpf.ts');

// A deterministic generator, so both databases hold the same data.
// mulberry32: 32-bit integer arithmetic only (Math.imul), so no precision is lost.
let state = 20_260_007;
const rand = () => {
  state = (state + 0x6d2b79f5) | 0;
  let t = Math.imul(state ^ (state >>> 15), 1 | state);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
};
const pick = (list) => list[Math.floor(rand() * list.length)];
const FIRST = [
  'Ana',
  'Maria',
  'João',
  'José',
  'Carlos',
  'Paulo',
  'Fernanda',
  'Juliana',
  'Lucas',
  'Gabriel',
  'Mariana',
  'Rafael',
  'Beatriz',
  'Pedro',
  'Camila',
  'Bruno',
  'Larissa',
  'Felipe',
  'Patrícia',
  'Rodrigo',
  'Aline',
  'Thiago',
  'Letícia',
  'Marcelo',
  'Vanessa',
  'Diego',
  'Renata',
  'André',
  'Sandra',
  'Gustavo',
];
const LAST = [
  'Silva',
  'Santos',
  'Oliveira',
  'Souza',
  'Rodrigues',
  'Ferreira',
  'Alves',
  'Pereira',
  'Lima',
  'Gomes',
  'Costa',
  'Ribeiro',
  'Martins',
  'Carvalho',
  'Almeida',
  'Lopes',
  'Soares',
  'Fernandes',
  'Vieira',
  'Barbosa',
  'Rocha',
  'Dias',
  'Nascimento',
  'Andrade',
  'Moreira',
  'Nunes',
  'Marques',
  'Machado',
  'Mendes',
  'Freitas',
  'Cardoso',
  'Ramos',
  'Gonçalves',
  'Santana',
  'Teixeira',
  'Zanetti',
  'Brandão',
  'Queiroz',
  'Vasconcelos',
  'Magalhães',
];
const STATUSES = [
  ['filling', 45],
  ['under_review', 20],
  ['pending_correction', 10],
  ['sent_to_bank', 10],
  ['approved', 8],
  ['rejected', 4],
  ['cancelled', 3],
];
const STAGES = ['registration', 'credit_analysis', 'appraisal', 'legal', 'contract'];
const CITIES = [
  ['São Paulo', 'SP'],
  ['Campinas', 'SP'],
  ['Rio de Janeiro', 'RJ'],
  ['Belo Horizonte', 'MG'],
  ['Curitiba', 'PR'],
  ['Porto Alegre', 'RS'],
  ['Salvador', 'BA'],
  ['Recife', 'PE'],
  ['Fortaleza', 'CE'],
  ['Brasília', 'DF'],
];
const weighted = (pairs) => {
  let r = rand() * pairs.reduce((s, [, w]) => s + w, 0);
  for (const [v, w] of pairs) if ((r -= w) < 0) return v;
  return pairs[0][0];
};

function generate() {
  const now = Date.UTC(2026, 5, 1);
  const proposals = [];
  const members = [];
  const terms = [];
  const docs = [];
  const usedCpf = new Set();
  const newCpf = () => {
    for (;;) {
      const cpf = completeCpf(String(100_000_000 + Math.floor(rand() * 899_999_999)));
      if (!usedCpf.has(cpf)) return (usedCpf.add(cpf), cpf);
    }
  };
  for (let i = 0; i < TOTAL; i++) {
    const id = `p${String(i).padStart(7, '0')}${randomBytes(4).toString('hex')}`;
    const type = rand() < 0.25 ? 'cgi' : 'financing';
    const year = 2024 + Math.floor(i / 40_000);
    const code = formatProposalCode(type, year, 1 + i);
    const [city, uf] = pick(CITIES);
    const insurer = rand() < 0.55 ? 'itau' : 'tokio';
    const status = weighted(STATUSES);
    const stage = status === 'filling' ? 'registration' : pick(STAGES);
    const created = now - Math.floor(rand() * 365 * 86_400_000);
    const updated = created + Math.floor(rand() * 30 * 86_400_000);
    proposals.push({
      id,
      code,
      type,
      status,
      stage,
      insurer,
      filling_status: Math.floor(rand() * 101),
      property: JSON.stringify({
        type: 'residential',
        kind: pick(['apartment', 'house']),
        zipCode: '01310100',
        uf,
        city,
      }),
      financing: JSON.stringify({
        amortizationSystem: pick(['SAC', 'PRICE']),
        amount: 10_000_000 + Math.floor(rand() * 90_000_000),
        feeType: pick(['fixed', 'tr', 'ipca']),
        installments: pick([180, 240, 360, 420]),
        insuranceCompanyName: insurer,
        product: type === 'cgi' ? 'CGI' : 'SFH',
      }),
      created_at: created,
      updated_at: updated,
    });
    const buyers = [];
    for (let b = 0; b < (rand() < 0.45 ? 2 : 1); b++) {
      const name = `${pick(FIRST)} ${pick(LAST)} ${pick(LAST)}`;
      const cpf = newCpf();
      buyers.push({ name, cpf });
      members.push({
        id: `m${i}_${b}`,
        proposal_id: id,
        user_id: null,
        role: 'buyer',
        position: b,
        name,
        email: `b${i}_${b}@bench.example`,
        cpf,
        created_at: created,
      });
    }
    for (const term of proposalSearchTerms({ code, buyers })) terms.push({ term, proposal_id: id });
    if (status === 'under_review' && rand() < 0.3) {
      docs.push({
        id: `d${i}`,
        proposal_id: id,
        item: 'occupation_declaration_1',
        storage_key: `bench/${i}`,
        name: 'doc.pdf',
        mime: 'application/pdf',
        size: 1000,
        sha256: 'x',
        flags: '[]',
        status: 'sent',
        review_reason: null,
        reviewed_by: null,
        reviewed_at: null,
        uploaded_by: 'bench',
        uploaded_at: updated,
      });
    }
  }
  const waits = seedQueueWaits({ proposals, docs, rand, pick, operators: OPERATORS, reasons: QUEUE_REASONS });
  return { proposals, members, terms, docs, waits };
}

async function insertAll(db, table, rows, batch) {
  for (let i = 0; i < rows.length; i += batch)
    await db
      .insertInto(table)
      .values(rows.slice(i, i + batch))
      .execute();
}

const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

async function benchOne(name, db, data) {
  const t0 = Date.now();
  await migrateToLatest(db.kysely);
  const hasDocuments = (await db.kysely.introspection.getTables()).some((t) => t.name === 'document_files');
  await db.kysely.transaction().execute(async (tx) => {
    await insertAll(tx, 'proposals', data.proposals, 800);
    await insertAll(tx, 'proposal_members', data.members, 1_000);
    await insertAll(tx, 'proposal_search', data.terms, 5_000);
    if (hasDocuments) await insertAll(tx, 'document_files', data.docs, 500);
    await insertAll(tx, 'users', OPERATORS, 100);
    await insertAll(tx, 'proposal_waits', data.waits, 1_000);
  });
  // Fresh statistics, as autovacuum (PostgreSQL) or an occasional ANALYZE (SQLite) keep them in production.
  await sql.raw(db.dialect === 'postgres' ? 'vacuum analyze' : 'analyze').execute(db.kysely);
  console.log(
    `${name}: seeded ${data.proposals.length} proposals, ${data.members.length} buyers, ${data.terms.length} search terms, ${data.waits.length} queue waits in ${((Date.now() - t0) / 1000).toFixed(1)} s`,
  );

  const repo = createBackofficeRepository(db.kysely, { dialect: db.dialect });
  const sample = data.members[Math.floor(data.members.length / 2)];
  const first = await repo.listProposals(proposalListQuerySchema.parse({ status: 'under_review', q: 'silva' }));
  const scenarios = [
    ['filter status + search "silva" (page 1)', { status: 'under_review', q: 'silva' }],
    [
      'filter status + search "silva" (page 2, keyset)',
      { status: 'under_review', q: 'silva', cursor: first.page.next },
    ],
    ['filter insurer + type + search "maria souza"', { insurer: 'tokio', type: 'financing', q: 'maria souza' }],
    ['search CPF (masked, exact)', { q: sample.cpf.replace(/(\d{3})(\d{3})(\d{3})(\d{2})/, '$1.$2.$3-$4') }],
    ['search code prefix "PF-2025-0700"', { q: 'PF-2025-0700' }],
    ['filter stage, sort by code', { stage: 'appraisal', sort: 'code', order: 'asc' }],
    ['no filter, first page', {}],
    ['pending documents + search "ana"', { pendingDocuments: 'yes', q: 'ana' }],
    ['one-letter search "m" (too many: subquery)', { q: 'm' }],
  ];
  const queue = createQueueRepository(db.kysely);
  const me = OPERATORS[3].id;
  const queueFirst = await queue.queuePage(queueQuerySchema.parse({}), me, QUEUE_NOW);
  const queueScenarios = [
    ['queue: everyone, first page', {}],
    ['queue: everyone, page 2 (keyset)', { cursor: queueFirst.page.next }],
    ['queue: responsible = me', { responsible: 'me' }],
    ['queue: responsible = nobody', { responsible: 'none' }],
  ];
  const timed = [
    ...(PART === 'queue'
      ? []
      : scenarios.map(([label, raw]) => [
          label,
          () => repo.listProposals(proposalListQuerySchema.parse(raw)).then((r) => r.page.total),
        ])),
    ...(PART === 'list'
      ? []
      : queueScenarios.map(([label, raw]) => [
          label,
          () => queue.queuePage(queueQuerySchema.parse(raw), me, QUEUE_NOW).then((r) => r.page.total),
        ])),
  ];
  const rows = [];
  for (const [label, run] of timed) {
    let total = 0;
    for (let i = 0; i < 5; i++) total = await run(); // warm-up
    const times = [];
    for (let i = 0; i < RUNS; i++) {
      const s = process.hrtime.bigint();
      await run();
      times.push(Number(process.hrtime.bigint() - s) / 1e6);
    }
    times.sort((a, b) => a - b);
    rows.push({
      db: name,
      query: label,
      matches: total,
      'p50 ms': +pct(times, 50).toFixed(2),
      'p95 ms': +pct(times, 95).toFixed(2),
      'max ms': +times.at(-1).toFixed(2),
    });
  }
  return rows;
}

const data = generate();
const results = [];

// BENCH_KEEP=1 keeps the seeded databases (SQLite file and PostgreSQL schema printed) to EXPLAIN queries.
const KEEP = process.env.BENCH_KEEP === '1';
const dir = mkdtempSync(join(tmpdir(), 'portal-bench-bo-'));
const sqlite = openDatabase(join(dir, 'bench.db'));
try {
  results.push(...(await benchOne('sqlite', sqlite, data)));
} finally {
  await sqlite.close();
  if (KEEP) console.log(`kept ${join(dir, 'bench.db')}`);
  else rmSync(dir, { recursive: true, force: true });
}

let reachable = false;
try {
  const c = new pg.Client({ connectionString: PG_URL });
  await c.connect();
  await c.end();
  reachable = true;
} catch {
  console.log('PostgreSQL not reachable: SQLite only');
}
if (reachable) {
  const schema = `bench_bo_${process.pid}`;
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  const db = openDatabase(PG_URL, { searchPath: schema, poolSize: 2 });
  try {
    results.push(...(await benchOne('postgres', db, data)));
  } finally {
    await db.close();
    if (KEEP) console.log(`kept PostgreSQL schema ${schema}`);
    else await admin.query(`drop schema ${schema} cascade`);
    await admin.end();
  }
}

if (process.env.BENCH_JSON)
  writeFileSync(process.env.BENCH_JSON, JSON.stringify({ total: TOTAL, runs: RUNS, rows: results }));
console.log(`\nBack-office list and queue, ${TOTAL} proposals, ${RUNS} runs per query (target p95 < ${TARGET_MS} ms)`);
console.table(results);
const missed = results.filter((r) => r['p95 ms'] >= TARGET_MS);
console.log(
  missed.length
    ? `MISSED on ${missed.length} quer${missed.length > 1 ? 'ies' : 'y'}`
    : `holds: every p95 under ${TARGET_MS} ms`,
);
process.exitCode = missed.length ? 1 : 0;
