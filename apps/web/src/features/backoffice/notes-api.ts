import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { InternalNote } from '@portal/domain/internal-notes';
import { apiRequest } from '../../lib/api-client';
import { backofficeKeys } from './keys';

/* The team's internal notes on a proposal (docs/decisions/051-operator-notes-and-review.md). */
const notesPath = (proposalId: string) => `/backoffice/proposals/${encodeURIComponent(proposalId)}/notes`;

export function getNotes(proposalId: string, signal?: AbortSignal) {
  return apiRequest<{ data: InternalNote[] }>(notesPath(proposalId), { signal }).then((r) => r.data);
}

export const notesQueryOptions = (proposalId: string) =>
  queryOptions({ queryKey: backofficeKeys.notes(proposalId), queryFn: ({ signal }) => getNotes(proposalId, signal) });

export function useNotes(proposalId: string) {
  return useQuery(notesQueryOptions(proposalId));
}

export function useCreateNote(proposalId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (text: string) =>
      apiRequest<{ data: InternalNote }>(notesPath(proposalId), { method: 'POST', body: { text } }).then((r) => r.data),
    onSuccess: () => client.invalidateQueries({ queryKey: backofficeKeys.notes(proposalId) }),
  });
}

export function useEditNote(proposalId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, text, version }: { id: string; text: string; version: number }) =>
      apiRequest<{ data: InternalNote }>(`${notesPath(proposalId)}/${encodeURIComponent(id)}`, {
        method: 'PUT',
        body: { text, version },
      }).then((r) => r.data),
    onSuccess: () => client.invalidateQueries({ queryKey: backofficeKeys.notes(proposalId) }),
  });
}
