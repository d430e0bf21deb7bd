import type { Kysely } from 'kysely';
import type { SessionUser } from '@portal/domain/auth';
import type { ProposalOwner, QueuePage, queueQuerySchema } from '@portal/domain/backoffice-queue';
import type { z } from 'zod';
import type { Database } from '../../db/schema';
import { notFound } from '../../errors';
import type { ProposalsService } from '../proposals/proposals.service';
import { createQueueRepository } from '../proposals/queries/queue';
import { findOwner } from '../proposals/queries/queue-waits';
import { changeOwner } from './change-owner';

/**
 * "Minha fila" and the proposal's responsible (docs/decisions/050-operator-queue.md). Operators only
 * (the routes check the role); the responsible is never part of a buyer's or seller's answer. The
 * change of responsible is its own use case (change-owner.ts).
 */
export function createQueueService(deps: { db: Kysely<Database>; proposals: ProposalsService; publicUrl: string }) {
  const repo = createQueueRepository(deps.db);

  return {
    queuePage(query: z.output<typeof queueQuerySchema>, operator: SessionUser): Promise<QueuePage> {
      return repo.queuePage(query, operator.id);
    },

    /**
     * The proposal's responsible, with the name, in one statement (the proposal's row joined with the
     * user's): reading it through the core would load the proposal and its members, then the name.
     */
    async ownerOf(proposalId: string): Promise<ProposalOwner> {
      const row = await findOwner(deps.db, proposalId);
      if (!row) throw notFound();
      return {
        responsible: row.owner_id ? { id: row.owner_id, name: row.name ?? '' } : null,
        since: row.owner_since === null ? null : new Date(Number(row.owner_since)).toISOString(),
      };
    },

    setOwner: changeOwner(deps),
  };
}
export type QueueService = ReturnType<typeof createQueueService>;
