import { afterAll, beforeAll, expect } from 'vitest';
import yauzl from 'yauzl';
import type { NewProposalInput, ProposalListPage } from '@portal/domain/backoffice';
import { completeCpf, formatCpf } from '@portal/domain/cpf';
import { NEW_PROPOSAL } from '@portal/domain/testing/fixtures';
import type { TestApp } from './app';
import { clientFor, type Client } from './client';
import { demoWorld, type DemoUser } from './demo';

/** What the back-office tests share: the refusals, a new proposal as typed, a ZIP reader, one demo world per file. */

export const FORBIDDEN = { error: { code: 'forbidden', message: 'Você não tem permissão para acessar esta página' } };
export const UNAUTHENTICATED = { error: { code: 'unauthenticated', message: 'Sua sessão expirou. Entre novamente.' } };

let seq = 0;
/** A new proposal as the operator types it, with buyers nobody has used yet. */
export function newProposal(overrides: Partial<NewProposalInput> = {}, buyers = 1): NewProposalInput {
  const buyer = () => {
    seq++;
    const tag = `${Date.now().toString(36)}${seq}`;
    return {
      name: `Pessoa Nova ${seq}`,
      cpf: formatCpf(completeCpf(String(200_000_000 + ((seq * 7919 + Math.floor(Math.random() * 1e6)) % 700_000_000)))),
      email: `nova.${tag}@exemplo.com.br`,
    };
  };
  return {
    ...NEW_PROPOSAL,
    buyers: Array.from({ length: buyers }, buyer),
    ...overrides,
  };
}

export function unzipNames(buffer: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(buffer, { lazyEntries: true }, (err, zip) => {
      if (err || !zip) return reject(err);
      const out = new Map<string, Buffer>();
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (e, stream) => {
          if (e || !stream) return reject(e);
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('end', () => {
            out.set(entry.fileName, Buffer.concat(chunks));
            zip.readEntry();
          });
        });
      });
      zip.on('end', () => resolve(out));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

/** The demo proposals the back-office tests act on, by purpose. */
type BackofficeIds = Record<'first' | 'cgi' | 'started' | 'outro', string>;

export interface BackofficeWorld {
  /** The app (set once the file's beforeAll ran). */
  t: TestApp;
  /** Each demo account logged in, and `anonymous`. */
  as: Record<DemoUser | 'anonymous', Client>;
  ids: BackofficeIds;
  /** The operator's list for a query string. */
  list(query: string): Promise<ProposalListPage>;
  /** The operator creates a proposal (201). */
  create(input: NewProposalInput): Promise<{ id: string; code: string }>;
  /** The e-mails to an address, oldest first. */
  outbox(to: string): ReturnType<ReturnType<typeof outboxQuery>['execute']>;
  statusOf(id: string): Promise<{ status: string; stage: string }>;
}

const outboxQuery = (t: TestApp, to: string) =>
  t.db.kysely.selectFrom('outbox').selectAll().where('to_address', '=', to).orderBy('created_at');

/** A fresh demo world on `dialect` for one test file (beforeAll/afterAll), with the back office's shortcuts. */
export function useBackofficeWorld(dialect: 'sqlite' | 'postgres'): BackofficeWorld {
  const w = {
    as: {} as BackofficeWorld['as'],
    ids: {} as BackofficeIds,
    async list(query: string) {
      const res = await w.as.operador.get(`/api/v3/backoffice/proposals?${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as ProposalListPage;
    },
    async create(input: NewProposalInput) {
      const res = await w.as.operador.post('/api/v3/backoffice/proposals', input);
      expect(res.statusCode, res.body).toBe(201);
      return res.json().data as { id: string; code: string };
    },
    outbox: (to: string) => outboxQuery(w.t, to).execute(),
    statusOf: (id: string) =>
      w.t.db.kysely.selectFrom('proposals').select(['status', 'stage']).where('id', '=', id).executeTakeFirstOrThrow(),
  } as BackofficeWorld;
  beforeAll(async () => {
    const world = await demoWorld(dialect);
    w.t = world.t;
    Object.assign(w.as, world.as, { anonymous: clientFor(world.t) });
    Object.assign(w.ids, {
      first: world.proposals.twoBuyers.id,
      cgi: world.proposals.underReview.id,
      started: world.proposals.started.id,
      outro: world.proposals.othersProposal.id,
    });
  });
  afterAll(async () => w.t?.close());
  return w;
}
