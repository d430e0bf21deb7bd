import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { createDocumentsRepository } from '../documents/documents.repository';
import type { Mailer } from '../mail/outbox';
import { createBackofficeRepository } from '../proposals/queries/backoffice-list';
import type { ProposalsService } from '../proposals/proposals.service';
import { createProposal } from './create-proposal';
import { readHistory } from './read-history';
import { readProposalForOperator } from './read-proposal-for-operator';

/**
 * The operator's reading side of the back office: the list, a new proposal with its invitations,
 * everything a proposal holds, and its history (for every party). Changes of status, stage and
 * corrections are in proposals/proposal-review.service.ts. Each use case is one file, named after
 * it; the reads of one proposal run on the proposal core (docs/decisions/059-the-proposal-core.md).
 */
export function createBackofficeService(deps: {
  db: Kysely<Database>;
  dialect: 'sqlite' | 'postgres';
  mailer: Mailer;
  publicUrl: string;
  /** The one proposals service (services.ts). */
  proposals: ProposalsService;
}) {
  const repo = createBackofficeRepository(deps.db, { dialect: deps.dialect });
  const documentFiles = createDocumentsRepository(deps.db);
  return {
    repo,
    listProposals: repo.listProposals,
    createProposal: createProposal({ ...deps, repo }),
    getProposal: readProposalForOperator({ proposals: deps.proposals, repo, documentFiles }),
    historyFor: readHistory({ proposals: deps.proposals, repo }),
  };
}
export type BackofficeService = ReturnType<typeof createBackofficeService>;
