import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import type { z } from 'zod';
import type { AuditEntry, OutboxEntry, auditQuerySchema, outboxQuerySchema } from '@portal/domain/backoffice';
import type { Database } from '../../db/schema';
import { findProposalByCodeOrId, findProposalCodes } from '../proposals/queries/activity';

export type AuditQuery = z.output<typeof auditQuerySchema>;
export type OutboxQuery = z.output<typeof outboxQuerySchema>;

interface Edge {
  at: number;
  id: string;
}
const encode = (e: Edge) => Buffer.from(JSON.stringify(e)).toString('base64url');
function decode(raw: string | undefined): Edge | null {
  if (!raw) return null;
  try {
    const e = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')) as Edge;
    return typeof e.at === 'number' && typeof e.id === 'string' ? e : null;
  } catch {
    return null;
  }
}

/**
 * One page, newest first, after the cursor: rows in descending (time, id) order, one more than the
 * limit fetched to tell whether an older page exists.
 */
async function newestFirst<DB, TB extends keyof DB, Row>(
  q: SelectQueryBuilder<DB, TB, Row>,
  [at, id]: [at: string, id: string],
  query: { cursor?: string; limit: number },
  edgeOf: (row: Row) => Edge,
): Promise<{ page: Row[]; next: string | null }> {
  const cursor = decode(query.cursor);
  if (cursor) q = q.where(sql<boolean>`(${sql.ref(at)}, ${sql.ref(id)}) < (${cursor.at}, ${cursor.id})`);
  const rows = await q
    .orderBy(sql.ref(at), 'desc')
    .orderBy(sql.ref(id), 'desc')
    .limit(query.limit + 1)
    .execute();
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return { page, next: rows.length > query.limit && last ? encode(edgeOf(last)) : null };
}

/** Dates typed as YYYY-MM-DD are days in Brasília time (UTC−3, no daylight saving since 2019). */
const dayStart = (day: string) => Date.parse(`${day}T00:00:00-03:00`);

/**
 * The audit log and the outbox as the operator browses them: newest first, keyset pages ("older"
 * only, as a log is read), filters on indexed columns. E-mail bodies are never returned: they hold
 * set-password links that would let whoever reads them take over an account.
 */
export function createActivityRepository(db: Kysely<Database>) {
  return {
    async listAudit(query: AuditQuery): Promise<{ data: AuditEntry[]; next: string | null }> {
      let q = db
        .selectFrom('audit_log as a')
        .leftJoin('users as u', 'u.id', 'a.actor_id')
        .select([
          'a.id',
          'a.at',
          'a.action',
          'a.subject',
          'a.ip',
          'a.detail',
          'a.actor_id',
          'u.name as actor_name',
          'u.email as actor_email',
          'u.role as actor_role',
        ]);
      if (query.action) q = q.where('a.action', '=', query.action);
      if (query.actor) {
        const needle = query.actor.toLowerCase();
        const users = await db.selectFrom('users').select('id').where('email', '=', needle).execute();
        const ids = users.length
          ? users.map((u) => u.id)
          : (await db.selectFrom('users').select('id').where('id', '=', query.actor).execute()).map((u) => u.id);
        if (!ids.length) return { data: [], next: null };
        q = q.where('a.actor_id', 'in', ids);
      }
      if (query.proposal) {
        const p = await findProposalByCodeOrId(db, { code: query.proposal.toUpperCase(), id: query.proposal });
        if (!p) return { data: [], next: null };
        const subject = `proposal:${p.id}`;
        q = q.where((eb) => eb.or([eb('a.subject', '=', subject), eb('a.subject', 'like', `${subject}/%`)]));
      }
      if (query.from) q = q.where('a.at', '>=', dayStart(query.from));
      if (query.to) q = q.where('a.at', '<', dayStart(query.to) + 86_400_000);
      const { page, next } = await newestFirst(q, ['a.at', 'a.id'], query, (r) => ({ at: r.at, id: r.id }));

      const proposalIds = [
        ...new Set(
          page.map((r) => /^proposal:([^/]+)/.exec(r.subject ?? '')?.[1]).filter((x): x is string => Boolean(x)),
        ),
      ];
      const codes = proposalIds.length ? await findProposalCodes(db, proposalIds) : [];
      const data = page.map((r) => {
        const proposalId = /^proposal:([^/]+)/.exec(r.subject ?? '')?.[1] ?? null;
        return {
          id: r.id,
          at: new Date(r.at).toISOString(),
          actor:
            r.actor_id && r.actor_name
              ? { id: r.actor_id, name: r.actor_name, email: r.actor_email ?? '', role: r.actor_role ?? '' }
              : null,
          action: r.action,
          subject: r.subject,
          proposalId,
          proposalCode: codes.find((c) => c.id === proposalId)?.code ?? null,
          ip: r.ip,
          detail: r.detail,
        };
      });
      return { data, next };
    },

    async listOutbox(query: OutboxQuery): Promise<{ data: OutboxEntry[]; next: string | null }> {
      let q = db
        .selectFrom('outbox')
        .select(['id', 'to_address', 'subject', 'kind', 'created_at', 'sent_at', 'attempts', 'last_error']);
      if (query.state === 'sent') q = q.where('sent_at', 'is not', null);
      if (query.state === 'pending') q = q.where('sent_at', 'is', null).where('last_error', 'is', null);
      if (query.state === 'failing') q = q.where('sent_at', 'is', null).where('last_error', 'is not', null);
      if (query.to) q = q.where('to_address', '=', query.to.toLowerCase());
      if (query.kind) q = q.where('kind', '=', query.kind);
      const { page, next } = await newestFirst(q, ['created_at', 'id'], query, (r) => ({ at: r.created_at, id: r.id }));
      return {
        data: page.map((r) => ({
          id: r.id,
          to: r.to_address,
          subject: r.subject,
          kind: r.kind,
          state: r.sent_at !== null ? 'sent' : r.last_error ? 'failing' : 'pending',
          attempts: r.attempts,
          lastError: r.last_error,
          createdAt: new Date(r.created_at).toISOString(),
          sentAt: r.sent_at === null ? null : new Date(r.sent_at).toISOString(),
        })),
        next,
      };
    },
  };
}
