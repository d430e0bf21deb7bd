/*
 * The back office's query keys, in one place (docs/decisions/062-web-data-layer.md). Everything
 * sits under ['backoffice']; a list's key carries its query string (toSearch), so each page and
 * filter is cached on its own and invalidating the list's prefix refreshes all of them.
 */
const all = ['backoffice'] as const;
const proposals = () => [...all, 'proposals'] as const;
const queue = () => [...all, 'queue'] as const;

export const backofficeKeys = {
  all,
  /** Every page of the proposal list (and, under it, each proposal's reminders). */
  proposals,
  proposalList: (search: string) => [...proposals(), search] as const,
  /** The operator's view of one proposal (each read is recorded by the server). */
  proposal: (id: string) => [...all, 'proposal', id] as const,
  /**
   * A proposal's reminders: under the list's prefix, so a change that refreshes the list
   * (status, stage, owner, a new proposal) refreshes them too.
   */
  proposalReminders: (id: string) => [...proposals(), id, 'reminders'] as const,
  notes: (proposalId: string) => [...all, 'notes', proposalId] as const,
  owner: (proposalId: string) => [...all, 'owner', proposalId] as const,
  /** Every page of "Minha fila". */
  queue,
  queuePage: (search: string) => [...queue(), search] as const,
  audit: (search: string) => [...all, 'audit', search] as const,
  outbox: (search: string) => [...all, 'outbox', search] as const,
  operators: () => [...all, 'operators'] as const,
  jobs: () => [...all, 'jobs'] as const,
};
