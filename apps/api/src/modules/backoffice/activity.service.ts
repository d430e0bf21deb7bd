import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { createActivityRepository, type AuditQuery, type OutboxQuery } from './activity.repository';

/** The operator's views of what happened: the audit log and the e-mail outbox, by keyset pages. */
export function createActivityService(deps: { db: Kysely<Database> }) {
  const repo = createActivityRepository(deps.db);
  return {
    async auditPage(query: AuditQuery) {
      const { data, next } = await repo.listAudit(query);
      return { data, page: { next } };
    },
    async outboxPage(query: OutboxQuery) {
      const { data, next } = await repo.listOutbox(query);
      return { data, page: { next } };
    },
  };
}
export type ActivityService = ReturnType<typeof createActivityService>;
